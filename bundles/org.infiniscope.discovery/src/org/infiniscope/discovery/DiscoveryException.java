package org.infiniscope.discovery;

/** A sweep that found nothing: the local node itself did not answer. */
public final class DiscoveryException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what failed, and where */
    public DiscoveryException(String message) {
        super(message);
    }
}
