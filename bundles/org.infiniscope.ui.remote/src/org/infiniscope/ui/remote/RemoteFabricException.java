package org.infiniscope.ui.remote;

/**
 * A call to the remote runtime failed: the server refused it (its status and message), or it could not be reached.
 * The message never holds the token.
 */
public final class RemoteFabricException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param status the HTTP status the server answered, or 0 when there was no answer
     * @param message what the server said, or why there was no answer
     */
    public RemoteFabricException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** @return the HTTP status the server answered (403 when the token's role is too low), or 0 without an answer */
    public int status() {
        return status;
    }
}
