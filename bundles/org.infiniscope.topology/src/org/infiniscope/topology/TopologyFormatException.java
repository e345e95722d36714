package org.infiniscope.topology;

/**
 * A topology file that cannot be read: names the file, the line (1-based) and the reason, as
 * {@code ft.net:12: port 37 of "S1" is beyond its 36 ports}.
 */
public final class TopologyFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String reason;

    /**
     * @param file the file's name as the user gave it (or a label such as {@code <string>})
     * @param line the 1-based line, 0 when the problem is not on one line
     * @param reason what is wrong
     */
    public TopologyFormatException(String file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    /** @return the file's name */
    public String file() {
        return file;
    }

    /** @return the 1-based line number, 0 when the problem is not on one line */
    public int line() {
        return line;
    }

    /** @return what is wrong, without file and line */
    public String reason() {
        return reason;
    }
}
