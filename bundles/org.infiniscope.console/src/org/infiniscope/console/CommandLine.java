package org.infiniscope.console;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a typed command line into arguments the way a POSIX shell does for plain words: blanks separate
 * arguments, single quotes keep everything literally, double quotes keep blanks, a backslash escapes the
 * next character outside single quotes.
 */
public final class CommandLine {

    private CommandLine() {
    }

    /**
     * @param line the typed line
     * @return the arguments, unmodifiable; empty for a blank line
     * @throws UsageException when a quote is not closed or the line ends in a lone backslash
     */
    public static List<String> parse(String line) throws UsageException {
        List<String> args = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\\') {
                if (++i == line.length()) {
                    throw new UsageException("the line ends with a lone backslash at column " + i);
                }
                word.append(line.charAt(i));
                inWord = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    args.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new UsageException("the " + (quote == '"' ? "double" : "single") + " quote is not closed");
        }
        if (inWord) {
            args.add(word.toString());
        }
        return List.copyOf(args);
    }
}
