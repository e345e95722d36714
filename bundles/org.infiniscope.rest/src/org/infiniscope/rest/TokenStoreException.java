package org.infiniscope.rest;

/** The token file cannot be used: missing rights, readable by others, unreadable or malformed. */
public class TokenStoreException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong and with which file */
    public TokenStoreException(String message) {
        super(message);
    }

    /** @param message what is wrong and with which file */
    public TokenStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
