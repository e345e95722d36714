package org.infiniscope.perf.vendor;

import org.infiniscope.perf.PortKey;

/**
 * A port a counter set may be read on, as the sweep found it.
 *
 * @param key the node GUID and port number
 * @param nodeName the node's description
 * @param isSwitch whether the node is a switch (its ports are read through port 0's LID)
 * @param lid the LID the Get goes to
 * @param vendorId the node's 24-bit NodeInfo.VendorID
 * @param deviceId the node's 16-bit NodeInfo.DeviceID
 */
public record CounterPort(PortKey key, String nodeName, boolean isSwitch, int lid, int vendorId, int deviceId) {
}
