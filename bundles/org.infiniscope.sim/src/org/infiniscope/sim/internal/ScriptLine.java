package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of one fault script line, as ibsim's console writes them: a node is a quoted name with an optional
 * {@code [port]} right after it ({@code "sw 1"[3]}), or a bare name without spaces ({@code sw1[3]}); other words
 * are separated by blanks; {@code #} starts a comment outside quotes.
 */
final class ScriptLine {

    /**
     * A word of the line.
     *
     * @param text the word, or the node name without its quotes
     * @param port the port in brackets after a node name, or -1 when none was given
     * @param quoted whether it was a quoted node name
     */
    record Word(String text, int port, boolean quoted) {

        boolean hasPort() {
            return port >= 0;
        }
    }

    private ScriptLine() {
    }

    /** @return the words, none for a blank or comment line */
    static List<Word> split(String line) throws IllegalArgumentException {
        List<Word> words = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '#') {
                break;
            }
            String text;
            boolean quoted = c == '"';
            if (quoted) {
                int end = line.indexOf('"', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("a quote opened at column " + (i + 1) + " is not closed");
                }
                text = line.substring(i + 1, end);
                if (text.isEmpty()) {
                    throw new IllegalArgumentException("an empty node name at column " + (i + 1));
                }
                i = end + 1;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(line.charAt(i)) && line.charAt(i) != '[') {
                    i++;
                }
                text = line.substring(start, i);
            }
            int port = -1;
            if (i < n && line.charAt(i) == '[') {
                int end = line.indexOf(']', i);
                if (end < 0) {
                    throw new IllegalArgumentException("a '[' at column " + (i + 1) + " has no ']'");
                }
                String number = line.substring(i + 1, end).strip();
                try {
                    port = Integer.parseInt(number);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + number + "' in [" + number + "] is not a port number");
                }
                if (port < 0 || port > 254) {
                    throw new IllegalArgumentException("port " + port + " is outside 0..254");
                }
                i = end + 1;
            }
            if (i < n && !Character.isWhitespace(line.charAt(i)) && line.charAt(i) != '#') {
                throw new IllegalArgumentException("a blank is missing after '" + line.substring(0, i).strip() + "'");
            }
            words.add(new Word(text, port, quoted));
        }
        return words;
    }
}
