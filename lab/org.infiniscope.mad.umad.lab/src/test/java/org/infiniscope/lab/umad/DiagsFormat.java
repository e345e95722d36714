package org.infiniscope.lab.umad;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.sa.PathRecord;

/**
 * What infiniband-diags 44 prints for a PerfMgt or SA value our codecs decoded: field name to text, in the tools'
 * order, each converted the way the tool converts it (hex widths, GIDs through
 * {@link org.infiniscope.mad.Gid#toString()}), so that a comparison is field by field on the text a person reads.
 * Names are the tools' own ({@code perfquery} uses libibmad's field names, {@code saquery} the names of its
 * PathRecord dump). The SMA attributes' text is production code, {@link org.infiniscope.diag.format.SmpFormat}:
 * the lab checks prove it.
 */
final class DiagsFormat {

    /**
     * The PortCounters fields that count every packet the port carries, the MADs of whoever reads them included:
     * two reads one after the other differ, so a comparison asks the later read to be no smaller.
     */
    static final Set<String> MOVING_PORT_COUNTERS = Set.of(PortCounter.PORT_XMIT_DATA.label(),
            PortCounter.PORT_RCV_DATA.label(), PortCounter.PORT_XMIT_PKTS.label(), PortCounter.PORT_RCV_PKTS.label());

    private DiagsFormat() {
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

    /** libibmad's hex fields: {@code 0x} and two lower-case digits per byte of the field. */
    private static String hex(long value, int bytes) {
        String digits = Long.toHexString(value);
        return "0x" + "0".repeat(Math.max(0, bytes * 2 - digits.length())) + digits;
    }

    private static String upperHex(long value) {
        return "0x" + Long.toHexString(value).toUpperCase(java.util.Locale.ROOT);
    }
}
