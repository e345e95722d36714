package org.infiniscope.sm.internal.sa;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.sa.SaStatus;

/** A request the SA answers with an error status instead of records; checked, so no handler forgets one. */
final class SaError extends Exception {

    private static final long serialVersionUID = 1L;

    private final int madStatus;

    private SaError(int madStatus, String message) {
        super(message, null, false, false);
        this.madStatus = madStatus;
    }

    /** @return an error with an SA status code ({@link SaStatus}) */
    static SaError sa(int code, String message) {
        return new SaError(SaStatus.status(code), message);
    }

    /** @return an error with a common MAD status ({@link MadStatus}) */
    static SaError mad(int status, String message) {
        return new SaError(status, message);
    }

    /** @return the whole MAD status to answer with */
    int madStatus() {
        return madStatus;
    }
}
