package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.SweepSummary;

/** The manager's state as the commands print it: a table, or one JSON object. */
final class PerfReport {

    private PerfReport() {
    }

    static String table(List<PortStats> ports) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%-32s %4s %5s %18s %18s %14s %14s %10s %10s %7s %9s %9s %s%n", "Node", "Port", "LID", "XmitBytes",
                "RcvBytes", "XmitPkts", "RcvPkts", "Errors", "XmitWait", "Util%", "SymBER", "FecBER", "Status"));
        for (PortStats s : ports) {
            long errors = 0;
            for (Counter c : Counter.values()) {
                if (c.isError()) {
                    errors += s.total(c);
                }
            }
            String status = !s.reachable()
                    ? "unreachable"
                    : s.saturated().isEmpty()
                            ? "ok"
                            : "saturated " + String.join(",", s.saturated().stream().map(Counter::label).toList());
            out.append(String.format(Locale.ROOT, "%-32s %4d %5d %18d %18d %14d %14d %10d %10d %7.2f %9s %9s %s%n",
                    clip(s.nodeName()), s.key().port(), s.lid(), s.total(Counter.PORT_XMIT_DATA),
                    s.total(Counter.PORT_RCV_DATA), s.total(Counter.PORT_XMIT_PKTS), s.total(Counter.PORT_RCV_PKTS),
                    errors, s.total(Counter.PORT_XMIT_WAIT), s.utilisation(), ber(s.ber().symbolSinceStart()),
                    ber(s.ber().fecSinceStart()), status));
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
        return Json.write(root) + "\n";
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
        return Double.isNaN(rate) ? "-" : String.format(Locale.ROOT, "%.2e", rate);
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

    private static String clip(String name) {
        return name.length() <= 32 ? name : name.substring(0, 31) + "…";
    }
}
