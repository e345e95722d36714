package org.infiniscope.firmware;

/**
 * A burn did not complete. The adapter still boots the image it booted before (the flasher never touches the
 * active slot), unless {@link #switched()} says the new image had been verified and made active when it failed.
 */
public final class FlashException extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean switched;

    /** @param message what failed, and where */
    public FlashException(String message) {
        this(message, false);
    }

    /**
     * @param message what failed, and where
     * @param switched whether the new image was already verified and active
     */
    public FlashException(String message, boolean switched) {
        super(message);
        this.switched = switched;
    }

    /** @return whether the new, verified image had been made active before the failure */
    public boolean switched() {
        return switched;
    }
}
