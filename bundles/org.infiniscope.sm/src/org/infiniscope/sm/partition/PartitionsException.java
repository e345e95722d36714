package org.infiniscope.sm.partition;

/** A configuration file that cannot be read: where, and what was expected there. */
public final class PartitionsException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;

    /**
     * @param source the file's name as the user gave it
     * @param line 1-based line
     * @param column 1-based column
     * @param problem what was expected and what was found
     */
    public PartitionsException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    /** @return the file's name as the user gave it */
    public String source() {
        return source;
    }

    /** @return the 1-based line */
    public int line() {
        return line;
    }

    /** @return the 1-based column */
    public int column() {
        return column;
    }
}
