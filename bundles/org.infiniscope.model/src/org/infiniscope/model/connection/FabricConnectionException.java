package org.infiniscope.model.connection;

/**
 * A fabric that could not be opened or swept. The message says which fabric and why, in words for an operator
 * (for a topology file: the file, the line and what is wrong there).
 */
public final class FabricConnectionException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String fabric;

    /**
     * @param fabric the fabric specification
     * @param message what went wrong
     * @param cause the underlying exception, or null
     */
    public FabricConnectionException(String fabric, String message, Throwable cause) {
        super(message, cause);
        this.fabric = fabric;
    }

    /** @return the fabric specification it is about */
    public String fabric() {
        return fabric;
    }
}
