package org.infiniscope.firmware;

import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciFunction;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Burns firmware into an adapter reached through its PCI function, registered as an OSGi service (whiteboard).
 * How one is chosen for an adapter: the flashers that {@link #supports} its vendor and device ID, then the highest
 * {@code service.ranking}.
 * <p>
 * A flasher must be failsafe: it writes only the inactive image slot, verifies it by reading it back, and only
 * then makes it active, so that a power loss or an error at any point leaves the old firmware bootable. Calls may
 * take seconds; callers run them off the UI thread and show {@link BurnOptions#progress()}.
 */
@ConsumerType
public interface FirmwareFlasher {

    /** @return a short name, such as {@code mellanox-vsc} */
    String name();

    /** @return whether this flasher can burn that adapter */
    boolean supports(PciDevice device);

    /**
     * Reads the image the adapter boots (its active slot).
     *
     * @throws FlashException when the adapter cannot be read
     */
    byte[] readActiveImage(PciFunction function) throws FlashException;

    /**
     * Burns an image: checks it and its PSID against the running one, writes the inactive slot, verifies, switches.
     *
     * @throws FlashException when the image is refused or the burn fails; the old image stays active unless the
     *         exception says otherwise
     */
    BurnResult burn(PciFunction function, byte[] image, BurnOptions options) throws FlashException;

    /**
     * Restarts the adapter, so that it boots its active slot (a burnt image runs from then on). A flasher that cannot
     * restart the adapter says so; the default cannot.
     *
     * @throws FlashException when the adapter cannot be restarted this way
     */
    default void restart(PciFunction function) throws FlashException {
        throw new FlashException(function.address() + ": the " + name()
                + " flasher cannot restart the adapter; restart it (or the host) to run the new firmware");
    }
}
