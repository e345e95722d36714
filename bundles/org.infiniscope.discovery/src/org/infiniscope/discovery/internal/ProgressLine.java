package org.infiniscope.discovery.internal;

import java.io.PrintWriter;

import org.infiniscope.discovery.SweepProgress;

/**
 * A sweep's progress on the tool's error stream, at most every {@value #EVERY_MILLIS} ms: on a terminal one line
 * rewritten in place and wiped at the end (the launcher sets {@value #PROPERTY}{@code =tty} when its standard error
 * is a terminal), else, when {@code --progress} asks for it in a pipe, one line each time. Silent otherwise, so
 * that scripts reading a pipe see only the tool's output.
 */
final class ProgressLine implements SweepProgress, AutoCloseable {

    /** The system property the launcher sets to {@code tty} when standard error is a terminal. */
    static final String PROPERTY = "infiniscope.progress";
    static final long EVERY_MILLIS = 200;

    private final String tool;
    private final PrintWriter err;
    private final boolean enabled;
    private final boolean terminal;
    private long last = System.nanoTime();
    private int width;

    private ProgressLine(String tool, PrintWriter err, boolean enabled, boolean terminal) {
        this.tool = tool;
        this.err = err;
        this.enabled = enabled;
        this.terminal = terminal;
    }

    /**
     * @param asked whether {@code --progress} was given
     * @param invocation the run's own {@value #PROPERTY} ({@code ToolInvocation.property}), set when the runtime
     *        serves many callers (the one-shot daemon); {@code null}: this JVM's system property
     */
    static ProgressLine of(String tool, PrintWriter err, boolean asked, String invocation) {
        boolean terminal = !asked && "tty".equals(invocation != null ? invocation : System.getProperty(PROPERTY));
        return new ProgressLine(tool, err, asked || terminal, terminal);
    }

    @Override
    public void progress(int nodes, long answered, int pending) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - last < EVERY_MILLIS * 1_000_000) {
            return;
        }
        last = now;
        String text = tool + ": " + nodes + " nodes, " + answered + " SMPs answered, " + pending + " pending";
        if (terminal) {
            err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
            width = text.length();
        } else {
            err.println(text);
        }
        err.flush();
    }

    /** Wipes the line on a terminal. */
    @Override
    public void close() {
        if (terminal && width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
        }
    }
}
