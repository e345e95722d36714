package org.infiniscope.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.sm.internal.routing.DfssspEngine;
import org.infiniscope.sm.internal.routing.FatTreeEngine;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.internal.routing.TopologyGraphs;
import org.infiniscope.sm.internal.routing.UpDownEngine;
import org.infiniscope.sm.routing.LftDump;
import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.routing.RouteQuality;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;

/**
 * Our routing engines against OpenSM's on one generated fabric, for bench/sm-routing-vs-opensm.sh.
 *
 * <pre>
 * RoutingBench net SPEC FILE
 *     writes the fabric as an ibsim net file
 * RoutingBench compare SPEC [--guid2lid FILE] [--runs N] [--warmup SECONDS] [--time-only] [--dfsssp]
 *         [--opensm ENGINE:SECONDS:LFT_DUMP[:GUID2LID]]...
 *     routes the fabric (LIDs from OpenSM's guid2lid file, else in node order) with our engines: the first (cold)
 *     call, then best of N runs after SECONDS (default 3) of warm-up, as a running SM is warm; checks and measures
 *     their tables and OpenSM's (read from ibroute output or opensm-lfts.dump), and prints a table: times,
 *     OpenSM/ours, route quality side by side
 * RoutingBench quality SPEC --dump NAME:FILE...
 *     the route quality of fabrics an SM programmed, each read back as `ibroute` printed every switch's LFT one
 *     after another (FILE); the LIDs are those the dump names (its entries' "portguid 0x..." destinations, which
 *     ibroute prints unless -n), hosts in LID order; prints one row a dump, with the route checker's verdict
 * </pre>
 */
public final class RoutingBench {

    private RoutingBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("net")) {
            Files.writeString(Path.of(args[2]), NetFiles.toNetText(TopologySpec.parse(args[1])));
            return;
        }
        if (args.length >= 2 && args[0].equals("quality")) {
            quality(args);
            return;
        }
        if (args.length < 2 || !args[0].equals("compare")) {
            System.err.println("usage: RoutingBench net SPEC FILE | compare SPEC [--guid2lid FILE] [--runs N]"
                    + " [--warmup SECONDS] [--time-only] [--dfsssp] [--opensm ENGINE:SECONDS:LFT_DUMP[:GUID2LID]]...");
            System.exit(2);
        }
        String spec = args[1];
        Path guid2lid = null;
        int runs = 10;
        double warmup = 3;
        boolean timeOnly = false;
        boolean dfsssp = false;
        Map<String, String[]> opensm = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--guid2lid" -> guid2lid = Path.of(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--dfsssp" -> dfsssp = true;
                case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                case "--time-only" -> timeOnly = true;
                case "--opensm" -> {
                    String[] parts = args[++i].split(":", 4);
                    opensm.put(parts[0], parts);
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Topology topology = TopologySpec.parse(spec);
        RoutingGraph graph;
        if (guid2lid != null) {
            Map<Long, Integer> lids = readGuid2Lid(guid2lid);
            graph = TopologyGraphs.build(topology, guid -> lids.getOrDefault(guid, 0), 0);
        } else {
            graph = TopologyGraphs.sequential(topology, 0);
        }
        int hosts = 0;
        for (int e = 0; e < graph.endportCount(); e++) {
            hosts += graph.isSwitchEndport(e) ? 0 : 1;
        }
        System.out.printf(Locale.ROOT,
                "fabric %s: %d hosts, %d switches, LIDs %s; %d cores, best of %d runs after %.0f s warm-up%n", spec,
                hosts, graph.switchCount(), guid2lid != null ? "from OpenSM's guid2lid" : "in node order",
                Runtime.getRuntime().availableProcessors(), runs, warmup);

        List<RoutingEngine> engines = new ArrayList<>(
                List.of(new MinHopEngine(), new UpDownEngine(), new FatTreeEngine()));
        if (dfsssp) {
            engines.add(new DfssspEngine());
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        for (RoutingEngine engine : engines) {
            Row row = new Row();
            rows.put(engine.name(), row);
            RoutingResult result = null;
            try {
                // the first call is the cold one; then warm up (JIT) for a few seconds as a running SM is, then time
                long t0 = System.nanoTime();
                result = engine.route(graph, RoutingRequest.DEFAULT);
                row.cold = (System.nanoTime() - t0) / 1e9;
                long until = System.nanoTime() + (long) (warmup * 1e9);
                while (System.nanoTime() < until) {
                    engine.route(graph, RoutingRequest.DEFAULT);
                }
                for (int r = 0; r < runs; r++) {
                    t0 = System.nanoTime();
                    result = engine.route(graph, RoutingRequest.DEFAULT);
                    double s = (System.nanoTime() - t0) / 1e9;
                    row.best = r == 0 ? s : Math.min(row.best, s);
                }
            } catch (RoutingException e) {
                row.error = e.getMessage();
                continue;
            }
            if (timeOnly) {
                continue;
            }
            row.ours = RouteQuality.measure(graph, result);
            row.oursCheck = summary(RouteChecker.check(graph, result, false));
        }
        for (Map.Entry<String, String[]> e : opensm.entrySet()) {
            String[] parts = e.getValue();
            Row row = rows.computeIfAbsent(e.getKey(), k -> new Row());
            row.opensmSeconds = parts[1].isEmpty() ? Double.NaN : Double.parseDouble(parts[1]);
            // that run's own LIDs: a fresh OpenSM may have numbered the ports otherwise
            RoutingGraph theirGraph = graph;
            if (parts.length > 3) {
                Map<Long, Integer> lids = readGuid2Lid(Path.of(parts[3]));
                theirGraph = TopologyGraphs.build(topology, guid -> lids.getOrDefault(guid, 0), 0);
            }
            try (Reader in = Files.newBufferedReader(Path.of(parts[2]))) {
                RoutingResult theirs = LftDump.parse(in, theirGraph, "opensm-" + e.getKey());
                row.opensm = RouteQuality.measure(theirGraph, theirs);
                row.opensmCheck = summary(RouteChecker.check(theirGraph, theirs, false));
            }
        }
        if (guid2lid != null && !timeOnly) {
            // what the same engines give when the LIDs go leaf by leaf (hosts in node order), as an SM may number them
            RoutingGraph byLeaf = TopologyGraphs.sequential(topology, 0);
            for (RoutingEngine engine : List.of(new MinHopEngine(), new FatTreeEngine())) {
                Row row = new Row();
                rows.put(engine.name() + "*", row);
                RoutingResult result = engine.route(byLeaf, RoutingRequest.DEFAULT);
                row.ours = RouteQuality.measure(byLeaf, result);
                row.oursCheck = summary(RouteChecker.check(byLeaf, result, false));
            }
        }
        System.out.printf(Locale.ROOT, "%-7s %10s %10s %10s %9s | %17s | %19s | %21s | %s%n", "engine", "OpenSM s",
                "ours s", "ours cold", "OpenSM/us", "a2a max  OSM/ours", "a2a mean  OSM/ours", "shift busiest OSM/ours",
                "checker (CA pairs) ours / OpenSM");
        for (Map.Entry<String, Row> e : rows.entrySet()) {
            Row r = e.getValue();
            if (r.error != null) {
                System.out.printf(Locale.ROOT, "%-7s ours: %s%n", e.getKey(), r.error);
            }
            System.out.printf(Locale.ROOT, "%-7s %10s %10s %10s %9s | %8s %8s | %9s %9s | %10s %10s | %s / %s%n",
                    e.getKey(), num(r.opensmSeconds, 3), num(r.best, 3), num(r.cold, 3),
                    Double.isNaN(r.opensmSeconds) || Double.isNaN(r.best)
                            ? "-"
                            : String.format(Locale.ROOT, "%.1fx", r.opensmSeconds / r.best),
                    r.opensm == null ? "-" : r.opensm.maxAllToAll(), r.ours == null ? "-" : r.ours.maxAllToAll(),
                    r.opensm == null ? "-" : num(r.opensm.meanAllToAll(), 1),
                    r.ours == null ? "-" : num(r.ours.meanAllToAll(), 1),
                    r.opensm == null ? "-" : num(r.opensm.shiftMean(), 3),
                    r.ours == null ? "-" : num(r.ours.shiftMean(), 3), r.oursCheck, r.opensmCheck);
        }
        if (guid2lid != null) {
            System.out
                    .println("* our engine's routes with LIDs numbered leaf by leaf (node order) instead of OpenSM's");
        }
    }

    private static final java.util.regex.Pattern DESTINATION = java.util.regex.Pattern
            .compile("^\\s*0x([0-9a-fA-F]{1,4})\\s+\\d{1,3}\\s*:.*?portguid (0x[0-9a-fA-F]+)");

    private static void quality(String[] args) throws Exception {
        Topology topology = TopologySpec.parse(args[1]);
        Map<String, Path> dumps = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            if (!args[i].equals("--dump") || i + 1 == args.length) {
                throw new IllegalArgumentException("quality SPEC --dump NAME:FILE...: " + args[i]);
            }
            String[] parts = args[++i].split(":", 2);
            dumps.put(parts[0], Path.of(parts[1]));
        }
        System.out.printf(Locale.ROOT, "%-16s %6s %8s %9s %13s %11s | %s%n", "SM", "hosts", "a2a max", "a2a mean",
                "shift busiest", "shift worst", "checker (CA pairs)");
        for (Map.Entry<String, Path> e : dumps.entrySet()) {
            // the LIDs the fabric holds: the destinations ibroute named
            Map<Long, Integer> lids = new HashMap<>();
            try (var lines = Files.lines(e.getValue())) {
                lines.forEach(line -> {
                    java.util.regex.Matcher m = DESTINATION.matcher(line);
                    if (m.find()) {
                        lids.putIfAbsent(Long.parseUnsignedLong(m.group(2).substring(2), 16),
                                Integer.parseInt(m.group(1), 16));
                    }
                });
            }
            RoutingGraph graph = TopologyGraphs.build(topology, guid -> lids.getOrDefault(guid, 0), 0);
            RoutingResult result;
            try (Reader in = Files.newBufferedReader(e.getValue())) {
                result = LftDump.parse(in, graph, e.getKey());
            }
            RouteQuality.Report q = RouteQuality.measure(graph, result);
            System.out.printf(Locale.ROOT, "%-16s %6d %8d %9.1f %13.3f %11d | %s%n", e.getKey(), q.hosts(),
                    q.maxAllToAll(), q.meanAllToAll(), q.shiftMean(), q.shiftWorst(),
                    summary(RouteChecker.check(graph, result, false))
                            + (q.unrouted() > 0 ? ", " + q.unrouted() + " pairs unrouted" : "") + ", " + lids.size()
                            + " LIDs named");
        }
    }

    private static final class Row {
        double best = Double.NaN;
        double cold = Double.NaN;
        double opensmSeconds = Double.NaN;
        RouteQuality.Report ours;
        RouteQuality.Report opensm;
        String oursCheck = "-";
        String opensmCheck = "-";
        String error;
    }

    private static String num(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String summary(RouteChecker.Report report) {
        return report.ok()
                ? "ok"
                : report.unreachable() + " unreachable, " + report.loops() + " loops, credit loops "
                        + report.creditLoopLayers();
    }

    /** OpenSM's guid2lid: {@code 0xPORTGUID 0xMINLID 0xMAXLID} a line. */
    private static Map<Long, Integer> readGuid2Lid(Path file) throws IOException {
        Map<Long, Integer> lids = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].startsWith("0x")) {
                lids.put(Long.parseUnsignedLong(f[0].substring(2), 16), Integer.decode(f[1]));
            }
        }
        return lids;
    }
}
