package org.infiniscope.diag.internal;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.diag.format.SmpFormat;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;

/**
 * What {@code perfquery} does with its arguments, step for step as infiniband-diags' perfquery: ClassPortInfo first,
 * then PortCounters or PortCountersExtended of one port, or of all ports — AllPortSelect when the agent has it, else
 * each port read and summed here (saturating, as perfquery does) — then the resets, and the same text.
 */
final class PerfQuery {

    /** How the tool learns a node's port count and EnhancedPort0 when it must go through the ports one by one. */
    interface NodePorts {
        /** @return the first and last port to read: 1 (0 for a switch with enhanced port 0) to NumPorts */
        int[] range(int lid) throws QueryException;
    }

    private final PortCounterReader reader;
    private final NodePorts nodePorts;
    private final PrintWriter out;
    private final PrintWriter err;

    PerfQuery(PortCounterReader reader, NodePorts nodePorts, PrintWriter out, PrintWriter err) {
        this.reader = reader;
        this.nodePorts = nodePorts;
        this.out = out;
        this.err = err;
    }

    /**
     * @param lid the destination LID (the local port's when none was given)
     * @param port the port: the one given, else the local port number, else 255 with {@code -a}, else 0
     */
    void run(PerfQueryArgs args, int lid, int port) throws CounterQueryException, QueryException {
        ClassPortInfo info = reader.classPortInfo(lid, port);
        int capMask = info.capabilityMask();
        int capMask2 = info.capabilityMask2();
        if (args.extendedSpeeds()) {
            extendedSpeeds(args, lid, port, capMask);
            return;
        }
        boolean loop = false;
        if ((capMask & PerfCapability.ALL_PORT_SELECT) == 0 && port == PerfCounters.ALL_PORTS) {
            if (!args.allPorts()) {
                throw new QueryException("AllPortSelect not supported");
            }
            loop = true;
        }
        int[] range = {port, port};
        if (loop) {
            range = nodePorts.range(lid);
            err.println("infiniscope perfquery: emulating AllPortSelect by iterating through all ports");
        }
        if (args.extended() && (capMask & (PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED
                | PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF)) == 0) {
            err.printf("infiniscope perfquery: PerfMgt ClassPortInfo CapMask 0x%02X; no extended counter support"
                    + " indicated%n", capMask);
        }
        if (!args.resetOnly()) {
            String text;
            if (args.extended()) {
                ExtendedCounterVariant variant = variant(info);
                PerfCounters<ExtendedPortCounter> counters = null;
                for (int p = range[0]; p <= range[1]; p++) {
                    PerfCounters<ExtendedPortCounter> read = reader.portCountersExtended(lid, p, variant);
                    counters = loop ? sum(counters, read) : read;
                }
                text = loop
                        ? extendedText(lid, PerfCounters.ALL_PORTS, capMask, capMask2, allPorts(counters), args)
                        : extendedText(lid, port, capMask, capMask2, counters, args);
            } else {
                PerfCounters<PortCounter> counters = null;
                for (int p = range[0]; p <= range[1]; p++) {
                    PerfCounters<PortCounter> read = reader.portCounters(lid, p);
                    if ((capMask & PerfCapability.PORT_COUNTERS_XMIT_WAIT_SUPPORTED) == 0) {
                        read = read.toBuilder().set(PortCounter.PORT_XMIT_WAIT, 0).build();
                    }
                    counters = loop ? sum(counters, read) : read;
                }
                text = loop
                        ? countersText(lid, PerfCounters.ALL_PORTS, capMask, allPorts(counters), args)
                        : countersText(lid, port, capMask, counters, args);
            }
            out.print(text);
            out.flush();
        }
        if (args.reset() || args.resetOnly()) {
            long mask = 0xffff;
            if (!args.extended()) {
                mask |= (capMask & PerfCapability.PORT_COUNTERS_XMIT_WAIT_SUPPORTED) != 0 ? 1 << 16 : 0;
                mask |= (capMask & PerfCapability.IS_QP1_DROPPED_SUPPORTED) != 0 ? 1 << 17 : 0;
            } else {
                mask |= 0xfff0000;
                mask |= (capMask & PerfCapability.PORT_COUNTERS_XMIT_WAIT_SUPPORTED) != 0 ? 1 << 28 : 0;
                mask |= (capMask & PerfCapability.IS_QP1_DROPPED_SUPPORTED) != 0 ? 1 << 29 : 0;
            }
            for (int p = range[0]; p <= range[1]; p++) {
                if (args.extended()) {
                    reader.resetPortCountersExtended(lid, p, mask);
                } else {
                    reader.resetPortCounters(lid, p, mask);
                }
            }
        }
    }

    /**
     * {@code perfquery -T}: PortExtendedSpeedsCounters of one port, then (with {@code -r} or {@code -R}) all of them
     * reset. perfquery takes the RS-FEC layout when the agent claims RS-FEC counters and the port's PortInfoExtended
     * says RS-FEC is active; this reader has no SMPs, so the claim alone decides.
     */
    private void extendedSpeeds(PerfQueryArgs args, int lid, int port, int capMask) throws CounterQueryException {
        if (!args.resetOnly()) {
            boolean rsFec = (capMask & PerfCapability.IS_RSFEC_COUNTERS_SUPPORTED) != 0;
            PerfCounters<?> counters = rsFec
                    ? reader.extendedSpeedsCounters(lid, port, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC)
                    : reader.extendedSpeedsCounters(lid, port, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS);
            out.print(speedsText(lid, port, counters, rsFec));
            out.flush();
        }
        if (args.reset() || args.resetOnly()) {
            reader.resetExtendedSpeedsCounters(lid, port, -1L);
        }
    }

    /** @return perfquery's text of PortExtendedSpeedsCounters: its title, then libibmad's dotted lines */
    static <C extends Enum<C> & PerfCounter> String speedsText(int lid, int port, PerfCounters<C> counters,
            boolean rsFec) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("PortSelect", counters.portSelect());
        fields.put("CounterSelect", String.format("0x%016x", counters.counterSelect()));
        for (C counter : counters.type().getEnumConstants()) {
            fields.put(counter.label(), unsigned(counters.find(counter).orElse(0)));
        }
        return "# PortExtendedSpeedsCounters" + (rsFec ? " with RS-FEC Active" : "") + " counters: Lid " + lid
                + " port " + port + "\n" + text(fields);
    }

    /** The layout the agent answers with; the four-counter one when it claims none, as perfquery still asks. */
    static ExtendedCounterVariant variant(ClassPortInfo info) {
        ExtendedCounterVariant variant = PerfCapability.extendedVariant(info);
        return variant != null ? variant : ExtendedCounterVariant.NO_IETF;
    }

    /** Adds {@code read} to {@code total}, each counter stopping at its maximum; the selects are the last port's. */
    static <C extends Enum<C> & PerfCounter> PerfCounters<C> sum(PerfCounters<C> total, PerfCounters<C> read) {
        if (total == null) {
            return read;
        }
        PerfCounters.Builder<C> sum = read.toBuilder();
        for (Map.Entry<C, Long> entry : total.values().entrySet()) {
            long mine = read.find(entry.getKey()).orElse(0);
            long value = entry.getValue() + mine;
            boolean overflow = Long.compareUnsigned(value, mine) < 0
                    || Long.compareUnsigned(value, entry.getKey().max()) > 0;
            sum.set(entry.getKey(), overflow ? entry.getKey().max() : value);
        }
        return sum.build();
    }

    private static <C extends Enum<C> & PerfCounter> PerfCounters<C> allPorts(PerfCounters<C> counters) {
        return counters.toBuilder().portSelect(PerfCounters.ALL_PORTS).build();
    }

    /** @return {@code perfquery}'s text of PortCounters: its title line, then libibmad's dotted lines */
    static String countersText(int lid, int port, int capMask, PerfCounters<PortCounter> counters, PerfQueryArgs args) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("PortSelect", counters.portSelect());
        fields.put("CounterSelect", String.format("0x%04x", counters.counterSelect() & 0xffff));
        for (PortCounter counter : PortCounter.values()) {
            if (counter == PortCounter.LOCAL_LINK_INTEGRITY_ERRORS) {
                fields.put("CounterSelect2", String.format("0x%02x", (counters.counterSelect() >>> 16) & 0xff));
            }
            fields.put(counter.label(), unsigned(counters.find(counter).orElse(0)));
        }
        if (args.json()) {
            return json(lid, port, capMask, null, fields);
        }
        return "# Port counters: Lid " + lid + " port " + port + String.format(" (CapMask: 0x%02X)", capMask) + "\n"
                + text(fields);
    }

    /** @return {@code perfquery -x}'s text: the fields the agent's capabilities say it carries */
    static String extendedText(int lid, int port, int capMask, int capMask2, PerfCounters<ExtendedPortCounter> counters,
            PerfQueryArgs args) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("PortSelect", counters.portSelect());
        fields.put("CounterSelect", String.format("0x%04x", counters.counterSelect() & 0xffff));
        for (ExtendedPortCounter counter : ExtendedPortCounter.values()) {
            boolean shown = switch (counter) {
                case PORT_XMIT_DATA, PORT_RCV_DATA, PORT_XMIT_PKTS, PORT_RCV_PKTS -> true;
                case PORT_UNICAST_XMIT_PKTS, PORT_UNICAST_RCV_PKTS, PORT_MULTICAST_XMIT_PKTS, PORT_MULTICAST_RCV_PKTS ->
                    (capMask & PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED) != 0;
                default -> (capMask2 & PerfCapability.IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED) != 0;
            };
            if (!shown) {
                continue;
            }
            if (counter == ExtendedPortCounter.SYMBOL_ERROR_COUNTER) {
                fields.put("CounterSelect2", String.format("0x%08x", (counters.counterSelect() >>> 16) & 0xffffffffL));
            }
            fields.put(counter.label(), unsigned(counters.find(counter).orElse(0)));
        }
        if (args.json()) {
            return json(lid, port, capMask, capMask2, fields);
        }
        return "# Port extended counters: Lid " + lid + " port " + port
                + String.format(" (CapMask: 0x%02X CapMask2: 0x%07X)", capMask, capMask2) + "\n" + text(fields);
    }

    private static Number unsigned(long value) {
        return value >= 0 ? (Number) value : new BigInteger(Long.toUnsignedString(value));
    }

    private static String text(Map<String, Object> fields) {
        StringBuilder text = new StringBuilder();
        fields.forEach((name, value) -> text.append(SmpFormat.line(name, String.valueOf(value))).append('\n'));
        return text.toString();
    }

    private static String json(int lid, int port, int capMask, Integer capMask2, Map<String, Object> fields) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("lid", lid);
        object.put("port", port);
        object.put("capMask", capMask);
        if (capMask2 != null) {
            object.put("capMask2", capMask2);
        }
        object.put(capMask2 == null ? "PortCounters" : "PortCountersExtended", fields);
        return Json.write(object) + "\n";
    }
}
