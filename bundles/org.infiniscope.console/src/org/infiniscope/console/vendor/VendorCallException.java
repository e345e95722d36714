package org.infiniscope.console.vendor;

/**
 * A call into vendor code that gave no value: what became of it, and the vendor bundle it went to. A checked
 * exception the call threw (part of the SPI's contract, such as a format refusing an image) is the
 * {@link #getCause() cause} of a {@link Kind#DECLARED} one; callers rethrow it as their own.
 */
public final class VendorCallException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What became of the call. */
    public enum Kind {
        /** The vendor code threw a checked exception, as its contract allows: the cause. */
        DECLARED,
        /** The vendor code threw an unchecked exception or an error (a bug): the service is now quarantined. */
        FAILED,
        /** No answer within the time bound: the call was interrupted and the service is now quarantined. */
        TIMED_OUT,
        /** The service failed or hung before: it is not called again until its bundle brings a new one. */
        QUARANTINED,
        /** Every thread of the vendor pool is taken (by vendor code that hangs): the call was not made. */
        BUSY
    }

    private final Kind kind;
    private final String bundle;

    VendorCallException(Kind kind, String bundle, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.bundle = bundle;
    }

    /** @return what became of the call */
    public Kind kind() {
        return kind;
    }

    /** @return the symbolic name of the bundle that registered the service (its class's name outside OSGi) */
    public String bundle() {
        return bundle;
    }
}
