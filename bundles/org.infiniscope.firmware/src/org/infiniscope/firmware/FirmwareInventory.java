package org.infiniscope.firmware;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.transport.MadTransport;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The firmware of every node of a fabric, read in-band: a Mellanox GeneralInfo Get (vendor class 0x0A, attribute
 * 0x17, as {@code vendstat -N} sends) to each node's LID, many in flight. A node that does not answer, or answers
 * with an error status, is reported as such; it does not fail the inventory.
 */
@ProviderType
public interface FirmwareInventory {

    /**
     * Asks every node of a snapshot for its firmware.
     *
     * @param transport a transport attached to the fabric the snapshot describes, from a port with a LID
     * @param snapshot the fabric's nodes and their LIDs
     * @param window requests in flight at most
     * @param timeout the time-out of each attempt
     * @param retries attempts after the first
     * @return one entry per node, in the snapshot's order
     * @throws InterruptedException when interrupted while waiting for answers
     */
    List<NodeFirmware> read(MadTransport transport, FabricSnapshot snapshot, int window, Duration timeout, int retries)
            throws InterruptedException;

    /**
     * Opens a fabric ({@code --fabric} syntax) through the installed channel providers, sweeps it and asks every node
     * for its firmware, as {@code fw inventory} does.
     *
     * @throws IOException when the fabric cannot be opened, its local port has no LID, or the sweep fails
     * @throws InterruptedException when interrupted while waiting for answers
     */
    List<NodeFirmware> read(String fabric, int window, Duration timeout, int retries)
            throws IOException, InterruptedException;
}
