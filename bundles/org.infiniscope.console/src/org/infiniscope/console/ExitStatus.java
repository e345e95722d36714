package org.infiniscope.console;

/** Exit statuses shared by every console tool, so that scripts can tell failures apart. */
public final class ExitStatus {

    /** The tool did what was asked. */
    public static final int OK = 0;
    /** The tool ran and found or met a failure (an error counter over threshold, a MAD timeout...). */
    public static final int FAILURE = 1;
    /** The command line was wrong: unknown tool, bad option or argument. */
    public static final int USAGE = 2;
    /** The tool is known but no installed bundle provides it in this runtime. */
    public static final int UNAVAILABLE = 3;

    private ExitStatus() {
    }
}
