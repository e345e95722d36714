package org.infiniscope.topology;

/** A generator specification that cannot be used; the message names the spec and the field at fault. */
public final class TopologySpecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;

    /**
     * @param spec the whole specification as given
     * @param field the field at fault (as the grammar names it: LEAVES, RADIX, ...), or the kind when unknown
     * @param reason what is wrong with it
     */
    public TopologySpecException(String spec, String field, String reason) {
        super("\"" + spec + "\": " + field + ": " + reason);
        this.field = field;
    }

    /** @return the field at fault, as the grammar names it */
    public String field() {
        return field;
    }
}
