package org.infiniscope.topology.internal;

/**
 * Reads one line of a net file left to right; every failure is a {@link LineException} with the reason, which the
 * parser turns into a {@code TopologyFormatException} naming the file and line.
 */
final class Cursor {

    private final String text;
    private int pos;

    Cursor(String text) {
        this.text = text;
    }

    boolean atEnd() {
        return pos >= text.length();
    }

    char peek() {
        return atEnd() ? '\0' : text.charAt(pos);
    }

    void skipSpace() {
        while (!atEnd() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    boolean accept(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    String rest() {
        return text.substring(Math.min(pos, text.length()));
    }

    /** @return the text between double quotes, the cursor placed after the closing one */
    String quoted(String what) throws LineException {
        skipSpace();
        if (!accept('"')) {
            throw new LineException("expected a quoted " + what);
        }
        int end = text.indexOf('"', pos);
        if (end < 0) {
            throw new LineException("the " + what + " has no closing quote");
        }
        String s = text.substring(pos, end);
        pos = end + 1;
        return s;
    }

    /** @return a decimal integer, as in {@code [12]} or a header's port count */
    int decimal(String what) throws LineException {
        int start = pos;
        while (!atEnd() && Character.isDigit(peek())) {
            pos++;
        }
        if (start == pos) {
            throw new LineException("expected " + what);
        }
        if (pos - start > 9) {
            throw new LineException(what + " " + text.substring(start, pos) + " is too large");
        }
        return Integer.parseInt(text.substring(start, pos));
    }

    /** Skips a parenthesised GUID such as ibnetdiscover's {@code (2c90200000002)}. */
    void skipParenthesised() throws LineException {
        if (accept('(')) {
            int end = text.indexOf(')', pos);
            if (end < 0) {
                throw new LineException("\"(\" without \")\"");
            }
            pos = end + 1;
        }
    }

    /**
     * Parses a number as C's {@code strtoull(s, NULL, 0)} reads it (0x hex, leading 0 octal, else decimal), the way
     * ibsim reads {@code caguid=} and the other assignments; what follows must be a parenthesised port GUID, a
     * comment or nothing.
     */
    static long number(String key, String value) throws LineException {
        String v = value.strip();
        int end = 0;
        int radix = 10;
        int start = 0;
        if (v.startsWith("0x") || v.startsWith("0X")) {
            radix = 16;
            start = 2;
        } else if (v.length() > 1 && v.charAt(0) == '0' && Character.isDigit(v.charAt(1))) {
            radix = 8;
            start = 1;
        }
        end = start;
        while (end < v.length() && Character.digit(v.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == start && radix != 8) {
            throw new LineException(key + ": \"" + value.strip() + "\" is not a number");
        }
        String tail = v.substring(end).strip();
        if (!tail.isEmpty() && tail.charAt(0) != '(' && tail.charAt(0) != '#') {
            throw new LineException(key + ": unexpected \"" + tail + "\" after the number");
        }
        try {
            return end == start ? 0 : Long.parseUnsignedLong(v.substring(start, end), radix);
        } catch (NumberFormatException e) {
            throw new LineException(key + ": " + v.substring(0, end) + " does not fit in 64 bits");
        }
    }

    /** A problem on the current line; the parser adds file and line. */
    static final class LineException extends Exception {
        private static final long serialVersionUID = 1L;

        LineException(String reason) {
            super(reason);
        }
    }
}
