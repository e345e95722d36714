package org.infiniscope.console;

/** The arguments given to a {@link ConsoleTool} are wrong; the message says which and why. */
public final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, naming the argument */
    public UsageException(String message) {
        super(message);
    }
}
