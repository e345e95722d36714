package org.infiniscope.sm.partition;

import java.util.List;
import java.util.Map;

/**
 * The QoS tables OpenSM 3.3.23 writes: nothing at all when {@code qos} is off (ports keep what they have).
 *
 * @param sl2vl SL2VL tables (16 VLs, index SL) by node, input port and output port (an end port: 0, 0)
 * @param vlArbLow each port's low-priority VL arbitration table, VLArbitrationLowCap entries
 * @param vlArbHigh each port's high-priority table, VLArbitrationHighCap entries
 * @param vlHighLimit the VLHighLimit OpenSM sets in each port's PortInfo
 */
public record QosTables(Map<Sl2VlKey, List<Integer>> sl2vl, Map<PortKey, List<VlWeight>> vlArbLow,
        Map<PortKey, List<VlWeight>> vlArbHigh, Map<PortKey, Integer> vlHighLimit) {

    /** Copies the maps. */
    public QosTables {
        sl2vl = Map.copyOf(sl2vl);
        vlArbLow = Map.copyOf(vlArbLow);
        vlArbHigh = Map.copyOf(vlArbHigh);
        vlHighLimit = Map.copyOf(vlHighLimit);
    }

    /**
     * A port.
     *
     * @param nodeGuid its node's GUID
     * @param portNumber its number
     */
    public record PortKey(long nodeGuid, int portNumber) {
    }

    /**
     * An SL2VL table's place: a node and its input and output ports.
     *
     * @param nodeGuid the node's GUID
     * @param inPort the input port
     * @param outPort the output port
     */
    public record Sl2VlKey(long nodeGuid, int inPort, int outPort) {
    }

    /**
     * A VL arbitration entry.
     *
     * @param vl the VL
     * @param weight its weight
     */
    public record VlWeight(int vl, int weight) {
    }
}
