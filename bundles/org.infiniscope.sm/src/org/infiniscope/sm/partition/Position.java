package org.infiniscope.sm.partition;

/**
 * Where something stands in a configuration file: 1-based line and column, and the character offsets of its text
 * ({@code end} exclusive), so that an edit can cut exactly that text and keep the rest (comments included).
 *
 * @param line 1-based line, 0 when it was not read from a file
 * @param column 1-based column
 * @param start offset of its first character
 * @param end offset after its last character
 */
public record Position(int line, int column, int start, int end) {

    /** The position of what a program made. */
    public static final Position NONE = new Position(0, 0, -1, -1);

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
