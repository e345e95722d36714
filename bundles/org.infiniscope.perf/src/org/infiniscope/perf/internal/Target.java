package org.infiniscope.perf.internal;

import org.infiniscope.perf.PortKey;

/**
 * A port to read: where its PMA answers and what describes it.
 *
 * @param key the port
 * @param nodeName its node's description
 * @param isSwitch whether the node is a switch
 * @param portGuid its port GUID
 * @param lid the LID its PMA answers at
 * @param linkBitsPerSecond the link's data rate
 * @param peer the port at the other end, or {@code null}
 * @param speedExt the link's LinkSpeedExtActive (FDR 1, EDR 2, HDR 4), 0 when it runs no extended speed
 * @param deviceType the node's kind of device: node type, vendor, device ID and revision from NodeInfo
 */
record Target(PortKey key, String nodeName, boolean isSwitch, long portGuid, int lid, double linkBitsPerSecond,
        PortKey peer, int speedExt, String deviceType) {

    /** A target of no known device type: its node's PMA is asked for its own ClassPortInfo. */
    Target(PortKey key, String nodeName, boolean isSwitch, long portGuid, int lid, double linkBitsPerSecond,
            PortKey peer, int speedExt) {
        this(key, nodeName, isSwitch, portGuid, lid, linkBitsPerSecond, peer, speedExt, "");
    }
}
