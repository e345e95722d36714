package org.infiniscope.mad.umad;

import java.util.Objects;

/**
 * A local port as libibumad's {@code umad_port_t} describes it.
 *
 * @param portNumber the port number (0 for a switch's management port)
 * @param baseLid the base LID
 * @param lmc the LID mask control
 * @param smLid the master SM's LID
 * @param smSl the SL to reach the SM on
 * @param state the logical state (1 Down, 2 Initializing, 3 Armed, 4 Active)
 * @param physicalState the physical state (2 Polling, 3 Disabled, 5 LinkUp...)
 * @param rate the rate in Gb/s as libibumad reads it: the integer part of sysfs's rate (2 for 2.5)
 * @param capabilityMask PortInfo:CapabilityMask
 * @param gidPrefix the GID prefix of GID index 0
 * @param portGuid the port GUID
 * @param linkLayer the link layer text ({@code InfiniBand}; libibumad says {@code IB} when sysfs has none)
 */
public record UmadPort(int portNumber, int baseLid, int lmc, int smLid, int smSl, int state, int physicalState,
        int rate, int capabilityMask, long gidPrefix, long portGuid, String linkLayer) {

    /** Checks the link layer. */
    public UmadPort {
        Objects.requireNonNull(linkLayer, "linkLayer");
    }
}
