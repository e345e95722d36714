package org.infiniscope.console.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/** Passes a tool's error output on and keeps its first non-blank line, the audit log's reason of a failure. */
final class ErrorCapture extends Writer {

    private static final int LIMIT = 300;

    private final PrintWriter target;
    private final StringBuilder line = new StringBuilder();
    private final PrintWriter writer;
    private boolean done;

    ErrorCapture(PrintWriter target) {
        this.target = target;
        this.writer = new PrintWriter(this, true);
    }

    /** @return the writer that the tool writes its errors to */
    PrintWriter writer() {
        return writer;
    }

    /** @return the first non-blank line written, cut at {@value #LIMIT} characters; empty when none */
    String firstLine() {
        writer.flush();
        return line.toString().strip();
    }

    @Override
    public void write(char[] buffer, int offset, int length) throws IOException {
        target.write(buffer, offset, length);
        for (int i = offset; i < offset + length && !done; i++) {
            char c = buffer[i];
            if (c == '\n' || c == '\r') {
                done = !line.toString().isBlank();
            } else if (line.length() < LIMIT) {
                line.append(c);
            }
        }
    }

    @Override
    public void flush() {
        target.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
