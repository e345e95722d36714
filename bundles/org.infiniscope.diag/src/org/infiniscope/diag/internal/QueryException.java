package org.infiniscope.diag.internal;

/** A query got no usable answer: a time-out, an error status, a malformed answer, or a failed send. */
final class QueryException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what failed and why, in one line */
    QueryException(String message) {
        super(message);
    }
}
