package org.infiniscope.mad.transport;

/** A request got no answer after every attempt. */
public final class MadTimeoutException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int attempts;

    /**
     * @param message which request, to where, how long
     * @param attempts how many times it was sent
     */
    public MadTimeoutException(String message, int attempts) {
        super(message);
        this.attempts = attempts;
    }

    public int attempts() {
        return attempts;
    }
}
