package org.infiniscope.mad.umad;

import java.io.IOException;
import java.util.Objects;

/** Why libibumad could not give a channel, or a call into it failed. */
public final class UmadException extends IOException {

    private static final long serialVersionUID = 1L;

    /** What went wrong, for callers that react differently (install a package, fix a name, run as root). */
    public enum Reason {
        /** {@code libibumad.so.3}, or a function every version has, is missing. */
        LIBRARY_MISSING,
        /** The channel specification is not {@code umad} or {@code umad:CA:PORT}. */
        BAD_SPEC,
        /** libibumad sees no channel adapter at all. */
        NO_CA,
        /** The named CA or port does not exist, or no port is up. */
        NO_SUCH_PORT,
        /** The umad device file exists but this user may not open it. */
        PERMISSION_DENIED,
        /** A MAD the channel cannot send: too short, or of a class not registered first. */
        BAD_MAD,
        /** The channel is closed. */
        CLOSED,
        /** A libibumad call returned an error. */
        CALL_FAILED
    }

    private final Reason reason;

    /**
     * @param reason what went wrong
     * @param message what, naming the CA, port or call
     */
    public UmadException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** @return what went wrong */
    public Reason reason() {
        return reason;
    }
}
