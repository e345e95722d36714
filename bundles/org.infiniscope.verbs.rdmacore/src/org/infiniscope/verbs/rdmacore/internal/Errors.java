package org.infiniscope.verbs.rdmacore.internal;

import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** errno values from libibverbs as {@link VerbsException}s. */
final class Errors {

    private Errors() {
    }

    static VerbsException of(int errno, String what) {
        for (Errno e : Errno.values()) {
            if (e.value() == errno) {
                return new VerbsException(e, what);
            }
        }
        return new VerbsException(Errno.EIO, what + " (errno " + errno + ")");
    }

    /** Throws when a call returned an errno value. */
    static void check(int rc, String what) throws VerbsException {
        if (rc != 0) {
            throw of(rc > 0 ? rc : -rc, what);
        }
    }

    static String name(int errno) {
        for (Errno e : Errno.values()) {
            if (e.value() == errno) {
                return e.name();
            }
        }
        return "errno " + errno;
    }
}
