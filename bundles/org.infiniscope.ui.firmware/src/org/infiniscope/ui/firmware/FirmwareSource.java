package org.infiniscope.ui.firmware;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

import org.infiniscope.firmware.NodeFirmware;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where the firmware view reads the firmware of every node: the local inventory service on the fabric this desktop
 * has open, or a remote headless runtime's ({@code GET /api/v1/firmware/inventory}, File › Connect…). Read off the UI
 * thread.
 */
@ProviderType
public interface FirmwareSource extends AutoCloseable {

    /** @return what the source reads, for the view: {@code local} or the runtime's address */
    String where();

    /** @return the live fabric whose firmware would be read, or null when none is connected */
    String fabric() throws IOException;

    /**
     * Reads every node's firmware now.
     *
     * @throws IOException when it cannot be read, with the reason (no inventory service, the runtime refused)
     * @throws InterruptedException when interrupted while waiting
     */
    List<NodeFirmware> read() throws IOException, InterruptedException;

    /**
     * @return whether the view may flash the nodes it lists from this desktop (a remote runtime's adapters are not on
     *         this desktop's PCI bus)
     */
    boolean canFlash();

    /**
     * Tells this callback, on any thread, the fabric connected whenever the connection says it is connected (it says
     * so again after each sweep: the view reads again only when the fabric is another).
     */
    void onConnected(Consumer<String> connected);

    /** Stops following. */
    @Override
    void close();
}
