package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.LinkStats;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.NodeStats;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.SweepSummary;

/** The manager's state as the commands print it: a table, or one JSON object. */
final class PerfReport {

    private PerfReport() {
    }

    /** The table's line format; {@link #tableLine} writes the same without a Formatter (a line a port). */
    static final String TABLE_LINE = "%-32s %4d %5d %18d %18d %14d %14d %10d %10d %7.2f %9s %9s %s%n";

    static String table(List<PortStats> ports) {
        StringBuilder out = new StringBuilder(192 * (ports.size() + 1));
        out.append(String.format(Locale.ROOT, "%-32s %4s %5s %18s %18s %14s %14s %10s %10s %7s %9s %9s %s%n", "Node",
                "Port", "LID", "XmitBytes", "RcvBytes", "XmitPkts", "RcvPkts", "Errors", "XmitWait", "Util%", "SymBER",
                "FecBER", "Status"));
        for (PortStats s : ports) {
            tableLine(out, s);
        }
        return out.toString();
    }

    /** The errors a table line shows: every error counter's total summed. */
    static long errors(PortStats s) {
        long errors = 0;
        for (Counter c : COUNTERS) {
            if (c.isError()) {
                errors += s.total(c);
            }
        }
        return errors;
    }

    static String status(PortStats s) {
        return !s.reachable()
                ? "unreachable"
                : s.saturated().isEmpty()
                        ? "ok"
                        : "saturated " + String.join(",", s.saturated().stream().map(Counter::label).toList());
    }

    private static final Counter[] COUNTERS = Counter.values();
    private static final String NEWLINE = System.lineSeparator();

    /**
     * Appends a port's line of {@link #TABLE_LINE} as {@code String.format(Locale.ROOT, ...)} writes it (a table of a
     * large fabric has tens of thousands of lines: a Formatter a line cost a 3,456-host one-shot tens of ms).
     */
    static void tableLine(StringBuilder out, PortStats s) {
        String name = clip(s.nodeName());
        out.append(name);
        for (int i = name.length(); i < 32; i++) {
            out.append(' ');
        }
        left(out.append(' '), Integer.toString(s.key().port()), 4);
        left(out.append(' '), Integer.toString(s.lid()), 5);
        left(out.append(' '), Long.toString(s.total(Counter.PORT_XMIT_DATA)), 18);
        left(out.append(' '), Long.toString(s.total(Counter.PORT_RCV_DATA)), 18);
        left(out.append(' '), Long.toString(s.total(Counter.PORT_XMIT_PKTS)), 14);
        left(out.append(' '), Long.toString(s.total(Counter.PORT_RCV_PKTS)), 14);
        left(out.append(' '), Long.toString(errors(s)), 10);
        left(out.append(' '), Long.toString(s.total(Counter.PORT_XMIT_WAIT)), 10);
        double u = s.utilisation();
        left(out.append(' '), fixed2(u), 7);
        left(out.append(' '), ber(s.ber().symbolSinceStart()), 9);
        left(out.append(' '), ber(s.ber().fecSinceStart()), 9);
        out.append(' ').append(status(s)).append(NEWLINE);
    }

    /** @return {@code %.2f} of {@code v}: the Formatter's, but for the values a first reading gives (0, not known) */
    private static String fixed2(double v) {
        return Double.isNaN(v) ? "NaN" : v == 0 && 1 / v > 0 ? "0.00" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** Appends {@code text} right-justified in {@code width} characters: %Ns and %Nd. */
    private static void left(StringBuilder out, String text, int width) {
        for (int i = text.length(); i < width; i++) {
            out.append(' ');
        }
        out.append(text);
    }

    static String links(List<LinkStats> links) {
        StringBuilder out = new StringBuilder(
                String.format(Locale.ROOT, "%-32s %4s   %-32s %4s %16s %16s %7s %8s %7s %9s %s%n", "Node", "Port",
                        "Peer", "Port", "A->B B/s", "B->A B/s", "Util%", "Errors", "Wait", "SymBER", "Status"));
        for (LinkStats l : links) {
            out.append(String.format(Locale.ROOT, "%-32s %4d   %-32s %4s %16.0f %16.0f %7.2f %8d %7.4f %9s %s%n",
                    clip(l.a().nodeName()), l.a().key().port(), l.b() == null ? "-" : clip(l.b().nodeName()),
                    l.b() == null ? "-" : Integer.toString(l.b().key().port()), l.aToBBytesPerSecond(),
                    l.bToABytesPerSecond(), l.utilisation(), l.errorDelta(), l.xmitWaitRatio(), ber(l.symbolBer()),
                    l.reachable() ? "ok" : "unreachable"));
        }
        return out.toString();
    }

    static String nodes(List<NodeStats> nodes) {
        StringBuilder out = new StringBuilder(
                String.format(Locale.ROOT, "%-32s %-18s %6s %5s %16s %16s %7s %8s %10s %7s%n", "Node", "GUID", "Type",
                        "Ports", "Xmit B/s", "Rcv B/s", "MaxUtl%", "Errors", "ErrTotal", "MaxWait"));
        for (NodeStats n : nodes) {
            out.append(String.format(Locale.ROOT, "%-32s %-18s %6s %5s %16.0f %16.0f %7.2f %8d %10d %7.4f%n",
                    clip(n.nodeName()), hex(n.nodeGuid()), n.isSwitch() ? "switch" : "ca",
                    n.unreachablePorts() == 0
                            ? Integer.toString(n.ports())
                            : n.ports() - n.unreachablePorts() + "/" + n.ports(),
                    n.xmitBytesPerSecond(), n.rcvBytesPerSecond(), n.maxUtilisation(), n.errorDelta(), n.errorTotal(),
                    n.maxXmitWaitRatio()));
        }
        return out.toString();
    }

    static String top(Metric metric, List<PortStats> ports) {
        StringBuilder out = new StringBuilder();
        for (PortStats s : ports) {
            out.append(String.format(Locale.ROOT, "%-32s %4d %5d %s=%s%n", clip(s.nodeName()), s.key().port(), s.lid(),
                    metric.name().toLowerCase(Locale.ROOT), number(metric.of(s))));
        }
        return out.toString();
    }

    static String summary(SweepSummary summary) {
        return String.format(Locale.ROOT, "Sweep: %d nodes, %d ports, %d PMA queries in %.3f s; %d unreachable%s%s%n",
                summary.nodes(), summary.ports(), summary.queries(), summary.elapsed().toNanos() / 1e9,
                summary.unreachable().size(),
                summary.unreachable().isEmpty() ? "" : ": " + String.join(", ", summary.unreachable()),
                summary.resets() == 0 ? "" : "; " + summary.resets() + " ports cleared near saturation");
    }

    static String events(List<PerfEvent> events) {
        StringBuilder out = new StringBuilder();
        for (PerfEvent e : events) {
            out.append(String.format(Locale.ROOT, "%s %s: %s (%s)%n", clip(e.nodeName()), e.port(), e.rule(),
                    number(e.value())));
        }
        return out.toString();
    }

    static String json(SweepSummary summary, List<PortStats> ports, List<PerfEvent> events) {
        return json(summary, ports, events, null, null);
    }

    /** @param links the links to add, or {@code null}; @param nodes the nodes to add, or {@code null} */
    static String json(SweepSummary summary, List<PortStats> ports, List<PerfEvent> events, List<LinkStats> links,
            List<NodeStats> nodes) {
        Map<String, Object> root = new LinkedHashMap<>();
        if (summary != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("started", summary.started().toString());
            s.put("seconds", summary.elapsed().toNanos() / 1e9);
            s.put("nodes", summary.nodes());
            s.put("ports", summary.ports());
            s.put("queries", summary.queries());
            s.put("unreachable", summary.unreachable());
            s.put("resets", summary.resets());
            root.put("sweep", s);
        }
        List<Object> list = new ArrayList<>();
        for (PortStats p : ports) {
            list.add(port(p));
        }
        root.put("ports", list);
        List<Object> broken = new ArrayList<>();
        for (PerfEvent e : events) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("nodeGuid", hex(e.port().nodeGuid()));
            m.put("port", e.port().port());
            m.put("node", e.nodeName());
            m.put("rule", e.rule());
            m.put("value", e.value());
            broken.add(m);
        }
        root.put("events", broken);
        if (links != null) {
            List<Object> list2 = new ArrayList<>();
            for (LinkStats l : links) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("a", end(l.a()));
                if (l.b() != null) {
                    m.put("b", end(l.b()));
                }
                m.put("linkBitsPerSecond", l.linkBitsPerSecond());
                m.put("aToBBytesPerSecond", l.aToBBytesPerSecond());
                m.put("bToABytesPerSecond", l.bToABytesPerSecond());
                m.put("utilisation", l.utilisation());
                m.put("errorDelta", l.errorDelta());
                m.put("xmitWaitRatio", l.xmitWaitRatio());
                finite(m, "symbolBer", l.symbolBer());
                m.put("reachable", l.reachable());
                list2.add(m);
            }
            root.put("links", list2);
        }
        if (nodes != null) {
            List<Object> list2 = new ArrayList<>();
            for (NodeStats n : nodes) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("nodeGuid", hex(n.nodeGuid()));
                m.put("node", n.nodeName());
                m.put("switch", n.isSwitch());
                m.put("ports", n.ports());
                m.put("unreachablePorts", n.unreachablePorts());
                m.put("xmitBytesPerSecond", n.xmitBytesPerSecond());
                m.put("rcvBytesPerSecond", n.rcvBytesPerSecond());
                m.put("maxUtilisation", n.maxUtilisation());
                m.put("errorDelta", n.errorDelta());
                m.put("errorTotal", n.errorTotal());
                m.put("maxXmitWaitRatio", n.maxXmitWaitRatio());
                list2.add(m);
            }
            root.put("nodes", list2);
        }
        return Json.write(root) + "\n";
    }

    private static Map<String, Object> end(PortStats p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nodeGuid", hex(p.key().nodeGuid()));
        m.put("port", p.key().port());
        m.put("node", p.nodeName());
        return m;
    }

    private static Map<String, Object> port(PortStats p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nodeGuid", hex(p.key().nodeGuid()));
        m.put("port", p.key().port());
        m.put("node", p.nodeName());
        m.put("switch", p.isSwitch());
        m.put("portGuid", hex(p.portGuid()));
        m.put("lid", p.lid());
        m.put("reachable", p.reachable());
        m.put("extended", p.extended());
        Map<String, Object> totals = new LinkedHashMap<>();
        p.totals().forEach((c, v) -> totals.put(c.label(), v));
        m.put("totals", totals);
        Map<String, Object> deltas = new LinkedHashMap<>();
        p.deltas().forEach((c, v) -> deltas.put(c.label(), v));
        m.put("deltas", deltas);
        m.put("saturated", p.saturated().stream().map(Counter::label).toList());
        m.put("resetsSeen", p.resetsSeen());
        m.put("xmitBytesPerSecond", p.xmitBytesPerSecond());
        m.put("rcvBytesPerSecond", p.rcvBytesPerSecond());
        m.put("xmitPacketsPerSecond", p.xmitPacketsPerSecond());
        m.put("rcvPacketsPerSecond", p.rcvPacketsPerSecond());
        m.put("utilisation", p.utilisation());
        m.put("xmitWaitRatio", p.xmitWaitRatio());
        m.put("linkBitsPerSecond", p.linkBitsPerSecond());
        m.put("bitErrorRate", ber(p.ber()));
        if (p.peer() != null) {
            m.put("peer", Map.of("nodeGuid", hex(p.peer().nodeGuid()), "port", p.peer().port()));
        }
        return m;
    }

    /** @return a bit error rate as {@code 1.23e-12}, or {@code -} when not known */
    static String ber(double rate) {
        // 0 (no error since the first reading) is the common case, and the one a one-shot's first reading gives
        return Double.isNaN(rate)
                ? "-"
                : rate == 0 && 1 / rate > 0 ? "0.00e+00" : String.format(Locale.ROOT, "%.2e", rate);
    }

    private static Map<String, Object> ber(BitErrorRate ber) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("extendedSpeeds", ber.extendedSpeeds());
        m.put("rsFec", ber.rsFec());
        // NaN has no JSON: an estimate not known is left out
        finite(m, "symbol", ber.symbol());
        finite(m, "symbolSinceStart", ber.symbolSinceStart());
        finite(m, "fec", ber.fec());
        finite(m, "fecSinceStart", ber.fecSinceStart());
        return m;
    }

    private static void finite(Map<String, Object> m, String key, double value) {
        if (Double.isFinite(value)) {
            m.put(key, value);
        }
    }

    static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }

    static String clip(String name) {
        return name.length() <= 32 ? name : name.substring(0, 31) + "…";
    }
}
