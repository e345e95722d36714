package org.infiniscope.lab.umad;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.smp.LinkEncodings;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;

/**
 * What infiniband-diags 44 prints for a value our codecs decoded: field name to text, in the tools' order, each
 * converted the way the tool converts it (hex widths, widths and speeds through {@link LinkEncodings}, GIDs
 * through {@link org.infiniscope.mad.Gid#toString()}), so that a comparison is field by field on the text a
 * person reads. Names are the tools' own ({@code smpquery}/{@code perfquery} use libibmad's field names,
 * {@code saquery} the names of its PathRecord dump).
 */
final class DiagsFormat {

    /**
     * What smpquery prints instead of the M_Key: the tool never shows it, and neither do we, so this field is
     * checked to be hidden rather than compared.
     */
    static final String HIDDEN_MKEY = "<not displayed>";

    /**
     * The PortCounters fields that count every packet the port carries, the MADs of whoever reads them included:
     * two reads one after the other differ, so a comparison asks the later read to be no smaller.
     */
    static final Set<String> MOVING_PORT_COUNTERS = Set.of(PortCounter.PORT_XMIT_DATA.label(),
            PortCounter.PORT_RCV_DATA.label(), PortCounter.PORT_XMIT_PKTS.label(), PortCounter.PORT_RCV_PKTS.label());

    private DiagsFormat() {
    }

    /** @return {@code smpquery nodeinfo}'s fields */
    static Map<String, String> nodeInfo(NodeInfo n) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("BaseVers", dec(n.baseVersion()));
        f.put("ClassVers", dec(n.classVersion()));
        f.put("NodeType", n.nodeTypeName());
        f.put("NumPorts", dec(n.numPorts()));
        f.put("SystemGuid", hex(n.systemImageGuid(), 8));
        f.put("Guid", hex(n.nodeGuid(), 8));
        f.put("PortGuid", hex(n.portGuid(), 8));
        f.put("PartCap", dec(n.partitionCap()));
        f.put("DevId", hex(n.deviceId(), 2));
        f.put("Revision", hex(Integer.toUnsignedLong(n.revision()), 4));
        f.put("LocalPort", dec(n.localPortNum()));
        f.put("VendorId", hex(n.vendorId(), 3));
        return f;
    }

    /** @return {@code smpquery portinfo}'s fields (the capability names under CapMask are not values) */
    static Map<String, String> portInfo(PortInfo p) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("Mkey", HIDDEN_MKEY);
        f.put("GidPrefix", hex(p.gidPrefix(), 8));
        f.put("Lid", dec(p.lid()));
        f.put("SMLid", dec(p.masterSmLid()));
        f.put("CapMask", "0x" + Integer.toHexString(p.capabilityMask()));
        f.put("DiagCode", hex(p.diagCode(), 2));
        f.put("MkeyLeasePeriod", dec(p.mKeyLeasePeriod()));
        f.put("LocalPort", dec(p.localPortNum()));
        f.put("LinkWidthEnabled", LinkEncodings.widthMask(p.linkWidthEnabled()));
        f.put("LinkWidthSupported", LinkEncodings.widthMask(p.linkWidthSupported()));
        f.put("LinkWidthActive", LinkEncodings.width(p.linkWidthActive()));
        f.put("LinkSpeedSupported", LinkEncodings.speedMask(p.linkSpeedSupported()));
        f.put("LinkState", LinkEncodings.portState(p.portState()));
        f.put("PhysLinkState", LinkEncodings.physicalState(p.portPhysicalState()));
        f.put("LinkDownDefState", linkDownDefaultState(p.linkDownDefaultState()));
        f.put("ProtectBits", dec(p.mKeyProtectBits()));
        f.put("LMC", dec(p.lmc()));
        f.put("LinkSpeedActive", LinkEncodings.speed(p.linkSpeedActive()));
        f.put("LinkSpeedEnabled", LinkEncodings.speedMask(p.linkSpeedEnabled()));
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
        f.put("LinkSpeedExtSupported", LinkEncodings.extSpeedMask(p.linkSpeedExtSupported()));
        f.put("LinkSpeedExtEnabled", LinkEncodings.extSpeedEnabled(p.linkSpeedExtEnabled()));
        return f;
    }

    /**
     * LinkDownDefaultState has only three defined values; libibmad prints the rest as {@code ?(n)}, where
     * {@link LinkEncodings#physicalState} would name a physical state.
     */
    private static String linkDownDefaultState(int state) {
        return state <= 2 ? LinkEncodings.physicalState(state) : "?(" + state + ")";
    }

    /** @return {@code perfquery}'s PortCounters fields: the select masks in hex, every counter raw in decimal */
    static Map<String, String> portCounters(PerfCounters<PortCounter> c) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("PortSelect", dec(c.portSelect()));
        f.put("CounterSelect", hex(c.counterSelect() & 0xFFFF, 2));
        for (PortCounter counter : PortCounter.values()) {
            if (counter == PortCounter.LOCAL_LINK_INTEGRITY_ERRORS) {
                // perfquery prints the fields in wire order: CounterSelect2 (bits 144–151) comes here
                f.put("CounterSelect2", hex((c.counterSelect() >>> 16) & 0xFF, 1));
            }
            f.put(counter.label(), Long.toUnsignedString(c.get(counter)));
        }
        return f;
    }

    /**
     * @param reserved the record's last six bytes, reserved: the codec does not keep them, so they come from the
     *        answer's bytes
     * @return {@code saquery}'s PathRecord dump fields: packed bytes as the tool prints them, in upper-case hex
     */
    static Map<String, String> pathRecord(PathRecord r, byte[] reserved) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("service_id", hex(r.serviceId(), 8));
        f.put("dgid", r.dgid().toString());
        f.put("sgid", r.sgid().toString());
        f.put("dlid", dec(r.dlid()));
        f.put("slid", dec(r.slid()));
        f.put("hop_flow_raw", upperHex((r.rawTraffic() ? 1L << 31 : 0) | (long) r.flowLabel() << 8 | r.hopLimit()));
        f.put("tclass", upperHex(r.tClass()));
        f.put("num_path_revers", upperHex((r.reversible() ? 0x80 : 0) | r.numbPath()));
        f.put("pkey", upperHex(r.pKey()));
        f.put("qos_class", upperHex(r.qosClass()));
        f.put("sl", upperHex(r.sl()));
        f.put("mtu", upperHex(r.mtuSelector() << 6 | r.mtu()));
        f.put("rate", upperHex(r.rateSelector() << 6 | r.rate()));
        f.put("pkt_life", upperHex(r.packetLifeTimeSelector() << 6 | r.packetLifeTime()));
        f.put("preference", upperHex(r.preference()));
        f.put("resv2", "0x" + HexFormat.of().withUpperCase().formatHex(reserved));
        return f;
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

    private static String upperHex(long value) {
        return "0x" + Long.toHexString(value).toUpperCase(java.util.Locale.ROOT);
    }
}
