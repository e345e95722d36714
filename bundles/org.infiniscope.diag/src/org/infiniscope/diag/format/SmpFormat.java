package org.infiniscope.diag.format;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.smp.LinkEncodings;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/**
 * SMA attributes as infiniband-diags 44 prints them ({@code smpquery}, libibmad's dump functions): field name to
 * text in the tools' order, each value converted the way the tools convert it, and the dotted lines built from
 * them. People's scripts parse that text, so it must match byte for byte; the lab tests compare it with the real
 * tools on the same fabric.
 */
public final class SmpFormat {

    /** What the tools print instead of the M_Key, a secret. */
    public static final String NOT_DISPLAYED = "<not displayed>";
    /** The column where values start: a name, a colon and dots fill it. */
    private static final int NAME_WIDTH = 32;
    /** Where the names of a capability mask's bits are indented to. */
    private static final String CAPABILITY_INDENT = "\t\t\t\t";

    private static final String[] CAPABILITIES = {null, "IsSM", "IsNoticeSupported", "IsTrapSupported",
            "IsOptionalIPDSupported", "IsAutomaticMigrationSupported", "IsSLMappingSupported", "IsMKeyNVRAM",
            "IsPKeyNVRAM", "IsLedInfoSupported", "IsSMdisabled", "IsSystemImageGUIDsupported",
            "IsPkeySwitchExternalPortTrapSupported", null, "IsExtendedSpeedsSupported", "IsCapabilityMask2Supported",
            "IsCommunicatonManagementSupported", "IsSNMPTunnelingSupported", "IsReinitSupported",
            "IsDeviceManagementSupported", "IsVendorClassSupported", "IsDRNoticeSupported",
            "IsCapabilityMaskNoticeSupported", "IsBootManagementSupported", "IsLinkRoundTripLatencySupported",
            "IsClientRegistrationSupported", "IsOtherLocalChangesNoticeSupported",
            "IsLinkSpeedWidthPairsTableSupported", "IsVendorSpecificMadsTableSupported",
            "IsMcastPkeyTrapSuppressionSupported", "IsMulticastFDBTopSupported", "IsHierarchyInfoSupported"};
    private static final String[] CAPABILITIES2 = {"IsSetNodeDescriptionSupported", "IsPortInfoExtendedSupported",
            "IsVirtualizationSupported", "IsSwitchPortStateTableSupported", "IsLinkWidth2xSupported",
            "IsLinkSpeedHDRSupported", "IsMKeyProtectBitsExtSupported", "IsEnhancedTrap128Supported",
            "IsPartitionTopSupported", "IsEnhancedQoSArbiterSupported", "IsLinkSpeedNDRSupported"};
    private static final String[] WIDTHS = {"1X", "4X", "8X", "12X", "2X"};
    private static final String[] SPEEDS = {"2.5 Gbps", "5.0 Gbps", "10.0 Gbps"};
    private static final String[] EXT_SPEEDS = {"14.0625 Gbps", "25.78125 Gbps", "53.125 Gbps", "106.25 Gbps"};

    private SmpFormat() {
    }

    /** @return {@code smpquery nodeinfo}'s fields, unmodifiable */
    public static Map<String, String> nodeInfo(NodeInfo n) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("BaseVers", dec(n.baseVersion()));
        f.put("ClassVers", dec(n.classVersion()));
        f.put("NodeType", nodeType(n.nodeType()));
        f.put("NumPorts", dec(n.numPorts()));
        f.put("SystemGuid", hex(n.systemImageGuid(), 8));
        f.put("Guid", hex(n.nodeGuid(), 8));
        f.put("PortGuid", hex(n.portGuid(), 8));
        f.put("PartCap", dec(n.partitionCap()));
        f.put("DevId", hex(n.deviceId(), 2));
        f.put("Revision", hex(Integer.toUnsignedLong(n.revision()), 4));
        f.put("LocalPort", dec(n.localPortNum()));
        f.put("VendorId", hex(n.vendorId(), 3));
        return Collections.unmodifiableMap(f);
    }

    /**
     * @return {@code smpquery portinfo}'s fields, unmodifiable; the M_Key is {@link #NOT_DISPLAYED}, and the
     *         capability masks are the masks alone (the names of their bits are in {@link #portInfoText})
     */
    public static Map<String, String> portInfo(PortInfo p) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("Mkey", NOT_DISPLAYED);
        f.put("GidPrefix", hex(p.gidPrefix(), 8));
        f.put("Lid", dec(p.lid()));
        f.put("SMLid", dec(p.masterSmLid()));
        f.put("CapMask", "0x" + Integer.toHexString(p.capabilityMask()));
        f.put("DiagCode", hex(p.diagCode(), 2));
        f.put("MkeyLeasePeriod", dec(p.mKeyLeasePeriod()));
        f.put("LocalPort", dec(p.localPortNum()));
        f.put("LinkWidthEnabled", widthMask(p.linkWidthEnabled()));
        f.put("LinkWidthSupported", widthSupported(p.linkWidthSupported()));
        f.put("LinkWidthActive", LinkEncodings.width(p.linkWidthActive()));
        f.put("LinkSpeedSupported", speedMask(p.linkSpeedSupported()));
        f.put("LinkState", LinkEncodings.portState(p.portState()));
        f.put("PhysLinkState", LinkEncodings.physicalState(p.portPhysicalState()));
        // only three defined values: the rest print as ?(n), not as the physical state of that number
        f.put("LinkDownDefState",
                p.linkDownDefaultState() <= 2
                        ? LinkEncodings.physicalState(p.linkDownDefaultState())
                        : "?(" + p.linkDownDefaultState() + ")");
        f.put("ProtectBits", dec(p.mKeyProtectBits()));
        f.put("LMC", dec(p.lmc()));
        f.put("LinkSpeedActive", LinkEncodings.speed(p.linkSpeedActive()));
        f.put("LinkSpeedEnabled", speedMask(p.linkSpeedEnabled()));
        f.put("NeighborMTU", LinkEncodings.mtu(p.neighborMtu()));
        f.put("SMSL", dec(p.masterSmSl()));
        f.put("VLCap", LinkEncodings.vlCap(p.vlCap()));
        f.put("InitType", hex(p.initType(), 1));
        f.put("VLHighLimit", dec(p.vlHighLimit()));
        f.put("VLArbHighCap", dec(p.vlArbitrationHighCap()));
        f.put("VLArbLowCap", dec(p.vlArbitrationLowCap()));
        f.put("InitReply", hex(p.initTypeReply(), 1));
        f.put("MtuCap", LinkEncodings.mtu(p.mtuCap()));
        f.put("VLStallCount", dec(p.vlStallCount()));
        f.put("HoqLife", dec(p.hoqLife()));
        f.put("OperVLs", p.operationalVls() == 0 ? "No change" : LinkEncodings.vlCap(p.operationalVls()));
        f.put("PartEnforceInb", bit(p.partitionEnforcementInbound()));
        f.put("PartEnforceOutb", bit(p.partitionEnforcementOutbound()));
        f.put("FilterRawInb", bit(p.filterRawInbound()));
        f.put("FilterRawOutb", bit(p.filterRawOutbound()));
        f.put("MkeyViolations", dec(p.mKeyViolations()));
        f.put("PkeyViolations", dec(p.pKeyViolations()));
        f.put("QkeyViolations", dec(p.qKeyViolations()));
        f.put("GuidCap", dec(p.guidCap()));
        f.put("ClientReregister", bit(p.clientReregister()));
        f.put("McastPkeyTrapSuppressionEnabled", dec(p.multicastPKeyTrapSuppressionEnabled()));
        f.put("SubnetTimeout", dec(p.subnetTimeout()));
        f.put("RespTimeVal", dec(p.respTimeValue()));
        f.put("LocalPhysErr", dec(p.localPhyErrors()));
        f.put("OverrunErr", dec(p.overrunErrors()));
        f.put("MaxCreditHint", dec(p.maxCreditHint()));
        f.put("RoundTrip", dec(p.linkRoundTripLatency()));
        f.put("CapabilityMask2", "0x" + Integer.toHexString(p.capabilityMask2()));
        f.put("LinkSpeedExtActive", LinkEncodings.extSpeed(p.linkSpeedExtActive()));
        f.put("LinkSpeedExtSupported", extSpeedMask(p.linkSpeedExtSupported()));
        f.put("LinkSpeedExtEnabled",
                p.linkSpeedExtEnabled() == 0x1E
                        ? "Extended link speeds disabled"
                        : extSpeedMask(p.linkSpeedExtEnabled()));
        return Collections.unmodifiableMap(f);
    }

    /** @return {@code smpquery switchinfo}'s fields, unmodifiable */
    public static Map<String, String> switchInfo(SwitchInfo s) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("LinearFdbCap", dec(s.linearFdbCap()));
        f.put("RandomFdbCap", dec(s.randomFdbCap()));
        f.put("McastFdbCap", dec(s.multicastFdbCap()));
        f.put("LinearFdbTop", dec(s.linearFdbTop()));
        f.put("DefPort", dec(s.defaultPort()));
        f.put("DefMcastPrimPort", dec(s.defaultMulticastPrimaryPort()));
        f.put("DefMcastNotPrimPort", dec(s.defaultMulticastNotPrimaryPort()));
        f.put("LifeTime", dec(s.lifeTimeValue()));
        f.put("StateChange", bit(s.portStateChange()));
        f.put("OptSLtoVLMapping", dec(s.optimizedSl2VlMapping()));
        f.put("LidsPerPort", dec(s.lidsPerPort()));
        f.put("PartEnforceCap", dec(s.partitionEnforcementCap()));
        f.put("InboundPartEnf", bit(s.inboundEnforcementCap()));
        f.put("OutboundPartEnf", bit(s.outboundEnforcementCap()));
        f.put("FilterRawInbound", bit(s.filterRawInboundCap()));
        f.put("FilterRawOutbound", bit(s.filterRawOutboundCap()));
        f.put("EnhancedPort0", bit(s.enhancedPort0()));
        f.put("MulticastFDBTop", hex(s.multicastFdbTop(), 2));
        return Collections.unmodifiableMap(f);
    }

    /** @return the fields as dotted lines, each ending in a newline */
    public static String text(Map<String, String> fields) {
        StringBuilder text = new StringBuilder();
        fields.forEach((name, value) -> text.append(line(name, value)).append('\n'));
        return text.toString();
    }

    /**
     * @return what {@code smpquery portinfo} prints after its header line: the dotted lines, with the names of
     *         the bits set in CapMask and CapabilityMask2 on lines of their own under each
     */
    public static String portInfoText(PortInfo p) {
        StringBuilder text = new StringBuilder();
        portInfo(p).forEach((name, value) -> {
            text.append(line(name, value)).append('\n');
            List<String> names = switch (name) {
                case "CapMask" -> capabilityNames(p.capabilityMask());
                case "CapabilityMask2" -> capability2Names(p.capabilityMask2());
                default -> List.of();
            };
            names.forEach(bit -> text.append(CAPABILITY_INDENT).append(bit).append('\n'));
        });
        return text.toString();
    }

    /**
     * @return {@code name:} and dots up to column 32, then the value; a name of 32 characters or more is followed
     *         by its colon alone
     */
    public static String line(String name, String value) {
        return name + ":" + ".".repeat(Math.max(0, NAME_WIDTH - name.length())) + value;
    }

    /**
     * {@code smpquery nodedesc}'s line. The tool pads it by the length of the description, not of the label, so
     * the column moves with the text; we do as it does.
     *
     * @param description the node description
     * @return the line, without a newline
     */
    public static String nodeDescription(String description) {
        int length = description.getBytes(StandardCharsets.UTF_8).length;
        return "Node Description:" + (length < NAME_WIDTH ? ".".repeat(NAME_WIDTH - length) : ".") + description;
    }

    /** @return the names of PortInfo:CapabilityMask's set bits, in bit order (undefined bits have none) */
    public static List<String> capabilityNames(int mask) {
        return names(mask, CAPABILITIES);
    }

    /** @return the names of PortInfo:CapabilityMask2's set bits, in bit order (undefined bits have none) */
    public static List<String> capability2Names(int mask) {
        return names(mask, CAPABILITIES2);
    }

    private static List<String> names(int mask, String[] names) {
        List<String> set = new ArrayList<>();
        for (int bit = 0; bit < names.length; bit++) {
            if ((mask & (1 << bit)) != 0 && names[bit] != null) {
                set.add(names[bit]);
            }
        }
        return List.copyOf(set);
    }

    /** NodeType: unknown types keep the tools' trailing question mark. */
    private static String nodeType(int type) {
        return switch (type) {
            case NodeInfo.TYPE_CA -> "Channel Adapter";
            case NodeInfo.TYPE_SWITCH -> "Switch";
            case NodeInfo.TYPE_ROUTER -> "Router";
            default -> "?(" + type + ")?";
        };
    }

    /**
     * A width mask: the names of the known bits joined by " or "; unknown bits (or none) add "undefined (n)"
     * after the names, keeping the last " or ", as the tools print it.
     */
    static String widthMask(int mask) {
        return joined(mask, WIDTHS, mask == 0 || (mask >>> WIDTHS.length) != 0);
    }

    /** LinkWidthSupported: a set the base spec does not list gets " (IBA extension)" as the tools add. */
    static String widthSupported(int mask) {
        boolean listed = switch (mask) {
            case 1, 3, 7, 11, 15, 17, 19, 23, 27, 31 -> true;
            default -> false;
        };
        return widthMask(mask) + (listed || (mask >>> WIDTHS.length) != 0 ? "" : " (IBA extension)");
    }

    /** LinkSpeedSupported/Enabled: as {@link #widthMask}, and a set without SDR or with a gap is an extension. */
    static String speedMask(int mask) {
        boolean listed = mask == 1 || mask == 3 || mask == 5 || mask == 7;
        return joined(mask, SPEEDS, mask == 0 || (mask >>> SPEEDS.length) != 0)
                + (listed || (mask >>> SPEEDS.length) != 0 ? "" : " (IBA extension)");
    }

    /** LinkSpeedExtSupported/Enabled: "0" for none. */
    static String extSpeedMask(int mask) {
        return mask == 0 ? "0" : joined(mask, EXT_SPEEDS, (mask >>> EXT_SPEEDS.length) != 0);
    }

    private static String joined(int mask, String[] names, boolean undefined) {
        StringBuilder text = new StringBuilder();
        for (int bit = 0; bit < names.length; bit++) {
            if ((mask & (1 << bit)) != 0) {
                text.append(names[bit]).append(" or ");
            }
        }
        if (undefined) {
            return text.append("undefined (").append(mask).append(')').toString();
        }
        return text.substring(0, text.length() - " or ".length());
    }

    private static String dec(long value) {
        return Long.toString(value);
    }

    private static String bit(boolean value) {
        return value ? "1" : "0";
    }

    /** libibmad's hex fields: {@code 0x} and two lower-case digits per byte of the field. */
    private static String hex(long value, int bytes) {
        String digits = Long.toHexString(value);
        return "0x" + "0".repeat(Math.max(0, bytes * 2 - digits.length())) + digits;
    }
}
