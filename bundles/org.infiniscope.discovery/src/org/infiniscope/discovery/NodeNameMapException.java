package org.infiniscope.discovery;

/** A node-name map file with a line that cannot be read. */
public final class NodeNameMapException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;

    /**
     * @param source the file, for the message
     * @param line the 1-based line number
     * @param message what is wrong with the line
     */
    public NodeNameMapException(String source, int line, String message) {
        super(source + ":" + line + ": " + message);
        this.line = line;
    }

    /** @return the 1-based number of the malformed line */
    public int line() {
        return line;
    }
}
