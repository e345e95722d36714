package org.infiniscope.sm.partition;

/**
 * A physical port as the QoS tables need it (a switch gives one per port, port 0 included).
 *
 * @param nodeType its node's type
 * @param nodeGuid its node's GUID
 * @param portNumber its number
 * @param vlCap PortInfo's VLCap, encoded (1: VL0, 2: VL0-1, 3: VL0-3, 4: VL0-7, 5: VL0-14)
 * @param operationalVls PortInfo's OperationalVLs, encoded as VLCap; the SL2VL and VLArb entries are masked to it
 * @param vlArbHighCap PortInfo's VLArbitrationHighCap
 * @param vlArbLowCap PortInfo's VLArbitrationLowCap
 * @param slMapping whether the port (a switch: its port 0) has IsSLMappingSupported in its CapabilityMask
 * @param down whether its PortState is Down (OpenSM skips a switch's down ports)
 * @param enhancedPort0 for a switch, SwitchInfo's EnhancedPort0 (port 0 then gets the sw0 tables)
 */
public record QosPort(NodeType nodeType, long nodeGuid, int portNumber, int vlCap, int operationalVls, int vlArbHighCap,
        int vlArbLowCap, boolean slMapping, boolean down, boolean enhancedPort0) {
}
