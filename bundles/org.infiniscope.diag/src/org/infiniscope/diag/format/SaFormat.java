package org.infiniscope.diag.format;

import java.util.Locale;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/**
 * SA records as infiniband-diags 44's {@code saquery} dumps them: one text block per record, each line ending in a
 * newline, field for field in the tool's order and number formats. Reserved fields the codecs do not keep
 * (NodeRecord's reserved half-word, PathRecord's last six bytes) print as the zeros an SA sends in them.
 */
public final class SaFormat {

    private SaFormat() {
    }

    /** @return {@code saquery NR}'s block */
    public static String nodeRecord(NodeRecord record) {
        return nodeRecord(record, record.nodeDescription().text());
    }

    /**
     * @param name the node's name as saquery prints it: from its node-name map, else its description
     * @return {@code saquery NR}'s block
     */
    public static String nodeRecord(NodeRecord record, String name) {
        NodeInfo n = record.nodeInfo();
        return "NodeRecord dump:\n" + line("lid.....................", record.lid())
                + line("reserved................", "0x0") + line("base_version............", hex(n.baseVersion()))
                + line("class_version...........", hex(n.classVersion()))
                + line("node_type...............", nodeType(n.nodeType()))
                + line("num_ports...............", n.numPorts())
                + line("sys_guid................", guid(n.systemImageGuid()))
                + line("node_guid...............", guid(n.nodeGuid()))
                + line("port_guid...............", guid(n.portGuid()))
                + line("partition_cap...........", hex(n.partitionCap()))
                + line("device_id...............", hex(n.deviceId()))
                + line("revision................", hex(Integer.toUnsignedLong(n.revision())))
                + line("port_num................", n.localPortNum())
                + line("vendor_id...............", hex(n.vendorId())) + line("NodeDescription.........", name);
    }

    /** @return {@code saquery -D}'s line of a CA: the LID right-aligned in six columns and the quoted name */
    public static String nodeDescriptionLine(NodeRecord record) {
        return nodeDescriptionLine(record, record.nodeDescription().text());
    }

    /**
     * @param name the node's name: from its node-name map, else its description
     * @return {@code saquery -D}'s line of a CA: the LID right-aligned in six columns and the quoted name
     */
    public static String nodeDescriptionLine(NodeRecord record, String name) {
        return String.format(Locale.ROOT, "%6d  \"%s\"", record.lid(), name) + "\n";
    }

    /** @return {@code saquery PIR}'s block: the record ID, then the PortInfo as {@code smpquery portinfo} has it */
    public static String portInfoRecord(PortInfoRecord record) {
        StringBuilder text = new StringBuilder("PortInfoRecord dump:\n\tRID\n");
        text.append(line("EndPortLid..............", record.endportLid()));
        text.append(line("PortNum.................", record.portNum()));
        text.append(line("Options.................", "0x" + Integer.toHexString(record.options())));
        text.append("\tPortInfo dump:\n");
        PortInfo p = record.portInfo();
        // saquery indents each field by two tabs; the names of the capability bits come inside the field's text,
        // after its own newline, so they keep smpquery's four tabs
        SmpFormat.portInfo(p).forEach((name, value) -> {
            text.append("\t\t").append(SmpFormat.line(name, value)).append('\n');
            var bits = switch (name) {
                case "CapMask" -> SmpFormat.capabilityNames(p.capabilityMask());
                case "CapabilityMask2" -> SmpFormat.capability2Names(p.capabilityMask2());
                default -> java.util.List.<String>of();
            };
            bits.forEach(bit -> text.append("\t\t\t\t").append(bit).append('\n'));
        });
        return text.toString();
    }

    /** @return {@code saquery -s}'s short block of a PortInfoRecord */
    public static String portInfoRecordShort(PortInfoRecord record) {
        PortInfo p = record.portInfo();
        return "PortInfoRecord dump:\n" + line("EndPortLid..............", record.endportLid())
                + line("PortNum.................", record.portNum()) + line("base_lid................", p.lid())
                + line("master_sm_base_lid......", p.masterSmLid())
                + line("capability_mask.........", hex(Integer.toUnsignedLong(p.capabilityMask())));
    }

    /** @return {@code saquery LR}'s block */
    public static String linkRecord(LinkRecord record) {
        return "LinkRecord dump:\n" + line("FromLID....................", record.fromLid())
                + line("FromPort...................", record.fromPort())
                + line("ToPort.....................", record.toPort())
                + line("ToLID......................", record.toLid());
    }

    /** @return {@code saquery PR}'s block; the bit fields print packed as they travel */
    public static String pathRecord(PathRecord r) {
        long hopFlowRaw = (r.rawTraffic() ? 1L << 31 : 0) | ((long) r.flowLabel() << 8) | r.hopLimit();
        return "PathRecord dump:\n" + line("service_id..............", guid(r.serviceId()))
                + line("dgid....................", gid(r.dgid())) + line("sgid....................", gid(r.sgid()))
                + line("dlid....................", r.dlid()) + line("slid....................", r.slid())
                + line("hop_flow_raw............", hex(hopFlowRaw)) + line("tclass..................", hex(r.tClass()))
                + line("num_path_revers.........", hex((r.reversible() ? 0x80 : 0) | r.numbPath()))
                + line("pkey....................", hex(r.pKey())) + line("qos_class...............", hex(r.qosClass()))
                + line("sl......................", hex(r.sl()))
                + line("mtu.....................", hex(selected(r.mtuSelector(), r.mtu())))
                + line("rate....................", hex(selected(r.rateSelector(), r.rate())))
                + line("pkt_life................", hex(selected(r.packetLifeTimeSelector(), r.packetLifeTime())))
                + line("preference..............", hex(r.preference()))
                + line("resv2...................", "0x000000000000");
    }

    /** @return {@code saquery MCMR}'s block */
    public static String mcMemberRecord(MCMemberRecord r) {
        return "MCMember Record dump:\n" + line("MGID....................", gid(r.mgid()))
                + line("PortGid.................", gid(r.portGid()))
                + line("qkey....................", lowerHex(Integer.toUnsignedLong(r.qKey())))
                + line("mlid....................", lowerHex(r.mlid()))
                + line("mtu.....................", lowerHex(selected(r.mtuSelector(), r.mtu())))
                + line("TClass..................", lowerHex(r.tClass()))
                + line("pkey....................", lowerHex(r.pKey()))
                + line("rate....................", lowerHex(selected(r.rateSelector(), r.rate())))
                + line("pkt_life................", lowerHex(selected(r.packetLifeTimeSelector(), r.packetLifeTime())))
                + line("SL......................", lowerHex(r.sl()))
                + line("FlowLabel...............", lowerHex(r.flowLabel()))
                + line("HopLimit................", lowerHex(r.hopLimit()))
                + line("Scope...................", lowerHex(r.scope()))
                + line("JoinState...............", lowerHex(r.joinState()))
                + line("ProxyJoin...............", lowerHex(r.proxyJoin() ? 1 : 0));
    }

    /** @return {@code saquery -g}'s block of a multicast group */
    public static String mcGroupRecord(MCMemberRecord r) {
        return "MCMemberRecord group dump:\n" + line("MGID....................", gid(r.mgid()))
                + line("Mlid....................", hex(r.mlid()))
                + line("Mtu.....................", hex(selected(r.mtuSelector(), r.mtu())))
                + line("pkey....................", hex(r.pKey()))
                + line("Rate....................", hex(selected(r.rateSelector(), r.rate())))
                + line("SL......................", hex(r.sl()));
    }

    /**
     * @param nodeName the description of the node whose port GUID is the member's interface ID, or
     *        {@code <unknown>}
     * @return {@code saquery -m}'s block of a group member
     */
    public static String mcMemberDump(MCMemberRecord r, String nodeName) {
        return "MCMemberRecord member dump:\n" + line("MGID....................", gid(r.mgid()))
                + line("Mlid....................", hex(r.mlid())) + line("PortGid.................", gid(r.portGid()))
                + line("ScopeState..............", hex((r.scope() << 4) | r.joinState()))
                + line("ProxyJoin...............", hex(r.proxyJoin() ? 1 : 0))
                + line("NodeDescription.........", nodeName);
    }

    /** @return {@code saquery -m MLID}'s line of a member of that group */
    public static String mcMemberGid(MCMemberRecord r, String nodeName) {
        return line("PortGid.................", gid(r.portGid()) + " (" + nodeName + ")");
    }

    /** @return {@code saquery SR}'s block; the ServiceKey is not displayed, as the tool does by default */
    public static String serviceRecord(ServiceRecord r) {
        StringBuilder text = new StringBuilder("ServiceRecord dump:\n");
        text.append(line("ServiceID...............", guid(r.serviceId())));
        text.append(line("ServiceGID..............", gid(r.serviceGid())));
        text.append(line("ServiceP_Key............", hex(r.servicePKey())));
        text.append(line("ServiceLease............", hex(r.serviceLease())));
        text.append(line("ServiceKey..............", SmpFormat.NOT_DISPLAYED));
        text.append(line("ServiceName.............", r.serviceName()));
        for (int i = 0; i < 16; i++) {
            text.append(line(dots("ServiceData8." + (i + 1), 24), hex(r.serviceData8().get(i))));
        }
        for (int i = 0; i < 8; i++) {
            text.append(line(dots("ServiceData16." + (i + 1), 24), hex(r.serviceData16().get(i))));
        }
        for (int i = 0; i < 4; i++) {
            text.append(
                    line(dots("ServiceData32." + (i + 1), 24), hex(Integer.toUnsignedLong(r.serviceData32().get(i)))));
        }
        for (int i = 0; i < 2; i++) {
            text.append(line(dots("ServiceData64." + (i + 1), 24), guid(r.serviceData64().get(i))));
        }
        return text.toString();
    }

    /** @return {@code saquery SMIR}'s block, the SM_Key as the SA gave it (an SA gives untrusted askers zero) */
    public static String smInfoRecord(SMInfoRecord record) {
        SmInfo s = record.smInfo();
        return "SMInfoRecord dump:\n\t\tRID\n" + line("LID...................", record.lid()) + "\t\tSMInfo dump:\n"
                + line("GUID..................", guid(s.guid())) + line("SM_Key................", guid(s.smKey()))
                + line("ActCount..............", Integer.toUnsignedString(s.actCount()))
                + line("Priority..............", s.priority()) + line("SMState...............", s.smState());
    }

    /**
     * @param multicastFdbTop whether to add MulticastFDBTop: saquery does when the SA's ClassPortInfo has
     *        CapabilityMask2 bit 3 (IsMulticastFDBTopSupported)
     * @return {@code saquery SWIR}'s block; the packed bytes print as they travel
     */
    public static String switchInfoRecord(SwitchInfoRecord record, boolean multicastFdbTop) {
        SwitchInfo s = record.switchInfo();
        int lifeState = (s.lifeTimeValue() << 3) | (s.portStateChange() ? 4 : 0) | s.optimizedSl2VlMapping();
        int flags = (s.inboundEnforcementCap() ? 0x80 : 0) | (s.outboundEnforcementCap() ? 0x40 : 0)
                | (s.filterRawInboundCap() ? 0x20 : 0) | (s.filterRawOutboundCap() ? 0x10 : 0)
                | (s.enhancedPort0() ? 0x08 : 0);
        String text = "SwitchInfoRecord dump:\n\t\tRID\n"
                + line("LID.....................................", record.lid()) + "\t\tSwitchInfo dump:\n"
                + line("LinearFDBCap............................", hex(s.linearFdbCap()))
                + line("RandomFDBCap............................", hex(s.randomFdbCap()))
                + line("MulticastFDBCap.........................", hex(s.multicastFdbCap()))
                + line("LinearFDBTop............................", hex(s.linearFdbTop()))
                + line("DefaultPort.............................", s.defaultPort())
                + line("DefaultMulticastPrimaryPort.............", s.defaultMulticastPrimaryPort())
                + line("DefaultMulticastNotPrimaryPort..........", s.defaultMulticastNotPrimaryPort())
                + line("LifeTimeValue/PortStateChange/OpSL2VL...", hex(lifeState))
                + line("LIDsPerPort.............................", hex(s.lidsPerPort()))
                + line("PartitionEnforcementCap.................", hex(s.partitionEnforcementCap()))
                + line("flags...................................", hex(flags));
        return multicastFdbTop
                ? text + line("MulticastFDBTop.........................", hex(s.multicastFdbTop()))
                : text;
    }

    /**
     * @return the GID as glibc's {@code inet_ntop} writes an IPv6 address: the longest run of two or more zero groups
     *         as {@code ::}, and the IPv4-compatible and -mapped forms with a dotted quad
     */
    public static String gid(Gid gid) {
        if (gid.prefix() == 0 && gid.interfaceId() != 0) {
            long high = gid.interfaceId() >>> 32;
            boolean compatible = high == 0 && (gid.interfaceId() >>> 16) != 0; // six zero groups, then a non-zero one
            if (compatible || high == 0xFFFF) {
                long v4 = gid.interfaceId() & 0xFFFF_FFFFL;
                return (high == 0 ? "::" : "::ffff:") + (v4 >>> 24) + "." + ((v4 >>> 16) & 0xFF) + "."
                        + ((v4 >>> 8) & 0xFF) + "." + (v4 & 0xFF);
            }
        }
        return gid.toString();
    }

    /** NodeRecord's node_type: OpenSM's names, "UNKNOWN" beyond them. */
    private static String nodeType(int type) {
        return switch (type) {
            case NodeInfo.TYPE_CA -> "Channel Adapter";
            case NodeInfo.TYPE_SWITCH -> "Switch";
            case NodeInfo.TYPE_ROUTER -> "Router";
            default -> "UNKNOWN";
        };
    }

    private static int selected(int selector, int value) {
        return (selector << 6) | value;
    }

    private static String dots(String name, int width) {
        return name + ".".repeat(Math.max(0, width - name.length()));
    }

    static String line(String label, Object value) {
        return "\t\t" + label + value + "\n";
    }

    /** {@code 0x%X}: upper-case digits, no padding. */
    static String hex(long value) {
        return "0x" + Long.toHexString(value).toUpperCase(Locale.ROOT);
    }

    /** {@code 0x%x}. */
    private static String lowerHex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /** {@code 0x%016x}. */
    static String guid(long value) {
        return String.format(Locale.ROOT, "0x%016x", value);
    }
}
