package org.infiniscope.discovery;

/**
 * One port of a discovered node, as its PortInfo read (zeros when it could not be read).
 *
 * @param number the port number (0: a switch's management port)
 * @param portGuid the port GUID (a switch's ports share its port 0 GUID)
 * @param lid the port's LID (a switch's external ports read 0; its LID is port 0's)
 * @param lmc the LMC
 * @param state PortState: 1 Down, 2 Init, 3 Armed, 4 Active (0 when unread)
 * @param physicalState PortPhysicalState: 5 LinkUp
 * @param widthActive LinkWidthActive (bits 1=1X 2=4X 4=8X 8=12X 16=2X)
 * @param speedActive LinkSpeedActive (1 SDR, 2 DDR, 4 QDR)
 * @param speedExtActive LinkSpeedExtActive (1 FDR, 2 EDR, 4 HDR, 8 NDR), 0 when the port has none
 * @param capabilityMask the CapabilityMask
 * @param reachable false when the port's PortInfo, or the node behind its link, never answered
 * @param widthSupported LinkWidthSupported (0 when unread)
 * @param speedSupported LinkSpeedSupported (0 when unread)
 * @param speedExtSupported LinkSpeedExtSupported (0 when unread or the port has no extended speeds)
 * @param widthEnabled LinkWidthEnabled (0 when unread)
 * @param speedEnabled LinkSpeedEnabled (0 when unread)
 * @param speedExtEnabled LinkSpeedExtEnabled (0 when unread or the port has no extended speeds)
 * @param neighborMtu NeighborMTU, the active MTU code (1 256, 2 512, 3 1024, 4 2048, 5 4096; 0 when unread)
 * @param mtuCap MTUCap, the largest MTU code the port supports (0 when unread)
 * @param gidPrefix GIDPrefix, the subnet prefix the SM set (0 when unread)
 * @param masterSmLid MasterSMLID, the LID of the master SM (0 when unread or no SM)
 */
public record DiscoveredPort(int number, long portGuid, int lid, int lmc, int state, int physicalState, int widthActive,
        int speedActive, int speedExtActive, int capabilityMask, boolean reachable, int widthSupported,
        int speedSupported, int speedExtSupported, int widthEnabled, int speedEnabled, int speedExtEnabled,
        int neighborMtu, int mtuCap, long gidPrefix, int masterSmLid) {

    /** A port whose MTUs, subnet prefix and SM LID are unknown. */
    public DiscoveredPort(int number, long portGuid, int lid, int lmc, int state, int physicalState, int widthActive,
            int speedActive, int speedExtActive, int capabilityMask, boolean reachable, int widthSupported,
            int speedSupported, int speedExtSupported, int widthEnabled, int speedEnabled, int speedExtEnabled) {
        this(number, portGuid, lid, lmc, state, physicalState, widthActive, speedActive, speedExtActive, capabilityMask,
                reachable, widthSupported, speedSupported, speedExtSupported, widthEnabled, speedEnabled,
                speedExtEnabled, 0, 0, 0, 0);
    }

    /** A port whose enabled widths and speeds, MTUs, subnet prefix and SM LID are unknown. */
    public DiscoveredPort(int number, long portGuid, int lid, int lmc, int state, int physicalState, int widthActive,
            int speedActive, int speedExtActive, int capabilityMask, boolean reachable, int widthSupported,
            int speedSupported, int speedExtSupported) {
        this(number, portGuid, lid, lmc, state, physicalState, widthActive, speedActive, speedExtActive, capabilityMask,
                reachable, widthSupported, speedSupported, speedExtSupported, 0, 0, 0, 0, 0, 0, 0);
    }

    /** A port whose supported widths and speeds are unknown. */
    public DiscoveredPort(int number, long portGuid, int lid, int lmc, int state, int physicalState, int widthActive,
            int speedActive, int speedExtActive, int capabilityMask, boolean reachable) {
        this(number, portGuid, lid, lmc, state, physicalState, widthActive, speedActive, speedExtActive, capabilityMask,
                reachable, 0, 0, 0);
    }

    /** PortState Down. */
    public static final int DOWN = 1;

    /** @return whether the link is up (Init, Armed or Active) */
    public boolean isUp() {
        return state > DOWN;
    }

    /** @return the same port marked unreachable */
    public DiscoveredPort unreachable() {
        return new DiscoveredPort(number, portGuid, lid, lmc, state, physicalState, widthActive, speedActive,
                speedExtActive, capabilityMask, false, widthSupported, speedSupported, speedExtSupported, widthEnabled,
                speedEnabled, speedExtEnabled, neighborMtu, mtuCap, gidPrefix, masterSmLid);
    }
}
