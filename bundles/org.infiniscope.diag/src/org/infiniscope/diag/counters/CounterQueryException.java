package org.infiniscope.diag.counters;

/**
 * A PMA query got no usable answer: a time-out (every attempt lost), an error status, a malformed answer, or a
 * failed send. The message says which, in one line, naming the destination.
 */
public final class CounterQueryException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    /** @param message what failed and why, in one line */
    public CounterQueryException(String message) {
        this(message, -1);
    }

    /**
     * @param message what failed and why, in one line
     * @param status the MAD status the agent answered with, or -1 when it did not answer
     */
    public CounterQueryException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** @return the MAD status the agent answered with (it refused the query), or -1 (no usable answer came) */
    public int status() {
        return status;
    }
}
