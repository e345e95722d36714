package org.infiniscope.diag.counters;

/**
 * A PMA query got no usable answer: a time-out (every attempt lost), an error status, a malformed answer, or a
 * failed send. The message says which, in one line, naming the destination.
 */
public final class CounterQueryException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what failed and why, in one line */
    public CounterQueryException(String message) {
        super(message);
    }
}
