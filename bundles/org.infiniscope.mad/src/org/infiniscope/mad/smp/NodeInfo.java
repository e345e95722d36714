package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * NodeInfo (attribute 0x11, IBA 14.2.5.3).
 *
 * @param baseVersion the highest MAD base version supported
 * @param classVersion the highest SM class version supported
 * @param nodeType 1 channel adapter, 2 switch, 3 router
 * @param numPorts the number of physical ports
 * @param systemImageGuid the system image GUID
 * @param nodeGuid the node GUID
 * @param portGuid the GUID of the port the SMP arrived on (of port 0 on a switch)
 * @param partitionCap the number of P_Key table entries
 * @param deviceId 16 bits
 * @param revision 32 bits
 * @param localPortNum the port the SMP arrived on
 * @param vendorId the 24-bit IEEE OUI
 */
public record NodeInfo(int baseVersion, int classVersion, int nodeType, int numPorts, long systemImageGuid,
        long nodeGuid, long portGuid, int partitionCap, int deviceId, int revision, int localPortNum, int vendorId) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x11;
    /** NodeType of a channel adapter. */
    public static final int TYPE_CA = 1;
    /** NodeType of a switch. */
    public static final int TYPE_SWITCH = 2;
    /** NodeType of a router. */
    public static final int TYPE_ROUTER = 3;

    /** Checks the field widths. */
    public NodeInfo {
        check("baseVersion", baseVersion, 8);
        check("classVersion", classVersion, 8);
        check("nodeType", nodeType, 8);
        check("numPorts", numPorts, 8);
        check("partitionCap", partitionCap, 16);
        check("deviceId", deviceId, 16);
        check("localPortNum", localPortNum, 8);
        check("vendorId", vendorId, 24);
    }

    /** The wire form: 40 bytes. */
    public static final AttributeCodec<NodeInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 40, "NodeInfo",
            (b, o) -> new NodeInfo(Bits.u8(b, o), Bits.u8(b, o + 1), Bits.u8(b, o + 2), Bits.u8(b, o + 3),
                    Bits.u64(b, o + 4), Bits.u64(b, o + 12), Bits.u64(b, o + 20), Bits.u16(b, o + 28),
                    Bits.u16(b, o + 30), Bits.u32(b, o + 32), Bits.u8(b, o + 36), Bits.get(b, o, 296, 24)),
            (v, b, o) -> {
                Bits.put8(b, o, v.baseVersion);
                Bits.put8(b, o + 1, v.classVersion);
                Bits.put8(b, o + 2, v.nodeType);
                Bits.put8(b, o + 3, v.numPorts);
                Bits.put64(b, o + 4, v.systemImageGuid);
                Bits.put64(b, o + 12, v.nodeGuid);
                Bits.put64(b, o + 20, v.portGuid);
                Bits.put16(b, o + 28, v.partitionCap);
                Bits.put16(b, o + 30, v.deviceId);
                Bits.put32(b, o + 32, v.revision);
                Bits.put8(b, o + 36, v.localPortNum);
                Bits.set(b, o, 296, 24, v.vendorId);
            });

    /** @return the node type as smpquery prints it: "Channel Adapter", "Switch", "Router" or "?(n)" */
    public String nodeTypeName() {
        return switch (nodeType) {
            case TYPE_CA -> "Channel Adapter";
            case TYPE_SWITCH -> "Switch";
            case TYPE_ROUTER -> "Router";
            default -> "?(" + nodeType + ")";
        };
    }
}
