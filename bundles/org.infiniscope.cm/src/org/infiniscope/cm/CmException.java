package org.infiniscope.cm;

/** A CM call that was refused: a wrong state, an unknown address, a device that is gone, a library missing. */
public final class CmException extends Exception {

    private static final long serialVersionUID = 1L;

    public CmException(String message) {
        super(message);
    }

    public CmException(String message, Throwable cause) {
        super(message, cause);
    }
}
