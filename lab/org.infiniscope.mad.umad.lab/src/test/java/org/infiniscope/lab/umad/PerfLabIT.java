package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./infiniscope perf --json} on ibsim (ft2-16, OpenSM up from h00001, the tools at h00002) after
 * {@code PerformanceSet} injections, against Debian's {@code perfquery} on every port it read: each error counter
 * exactly as {@code perfquery LID PORT} prints it, and the data counters as {@code perfquery -x LID PORT} prints them
 * (ours count octets, perfquery words of 4). ibsim counts every MAD as traffic on the ports it crosses, perfquery's
 * own reads included, so the data counters move while the tools run: perfquery -x is read before and after our
 * sweep, and ours must lie between the two.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PerfLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String NODE = "h00002";
    private static final String SM_NODE = "h00001";
    private static final List<String> ERRORS = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter",
            "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors",
            "PortXmitDiscards", "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait");
    private static final List<String> DATA = List.of("PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts");
    private static final Pattern FIELD = Pattern.compile("^(\\w+):\\.*(\\d+)$", Pattern.MULTILINE);
    private static final Pattern PORT = Pattern
            .compile("\"port\":(\\d+),\"node\":\"([^\"]*)\",\"switch\":(?:true|false),"
                    + "\"portGuid\":\"[^\"]*\",\"lid\":(\\d+),\"reachable\":(true|false),\"extended\":(?:true|false),"
                    + "\"totals\":\\{([^}]*)\\}");
    private static final Pattern TOTAL = Pattern.compile("\"(\\w+)\":(\\d+)");

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "perfquery", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("perf");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        openSm = OpenSm.start(scratch, ibsim.socket(), SM_NODE, Duration.ofSeconds(30));
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
    }

    @AfterAll
    static void stopLab() {
        try (Ibsim i = ibsim; OpenSm o = openSm) {
            // closed in reverse order: OpenSM, then ibsim
        }
    }

    private static Output run(List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        return LabRun.run(scratch, command, environment, who, TIMEOUT);
    }

    private static Map<String, Long> perfquery(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Lab.tool("perfquery")));
        command.addAll(List.of(args));
        Output out = run(command, Lab.preloadEnvironment(ibsim.socket(), NODE), "theirs");
        assertEquals(0, out.status(), String.join(" ", command) + ": " + out.err());
        Map<String, Long> fields = new HashMap<>();
        Matcher m = FIELD.matcher(out.text());
        while (m.find()) {
            fields.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return fields;
    }

    private static void awaitCounter(String lid, String port, String counter, long value) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (perfquery(lid, port).getOrDefault(counter, -1L) != value) {
            if (System.nanoTime() > deadline) {
                fail("perfquery " + lid + " " + port + " never showed " + counter + " " + value);
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }

    /** One port of our JSON: where it was read and its totals. */
    private record Ours(String node, int lid, int port, boolean reachable, Map<String, Long> totals) {
    }

    @Test
    void afterInjectionsOurSweepReportsWhatPerfqueryReports() throws Exception {
        ibsim.console("PerformanceSet \"leaf002\"[3] PortCounters.SymbolErrorCounter=50");
        ibsim.console("PerformanceSet \"h00006\"[1] PortCounters.PortRcvErrors=7");
        ibsim.console("PerformanceSet \"spine001\"[2] PortCounters.PortXmitDiscards=3");
        ibsim.console("PerformanceSet \"spine002\"[4] PortCounters.LinkDownedCounter=2");
        ibsim.console("PerformanceSet \"leaf003\"[2] PortCounters.VL15Dropped=4");
        awaitCounter("3", "3", "SymbolErrorCounter", 50);
        awaitCounter("4", "2", "VL15Dropped", 4);

        // where our sweep reads: every port it names; first perfquery -x of each, then ours, then perfquery -x again
        Output first = run(
                List.of(BuiltLauncher.script(), "perf", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE, "--json"),
                BuiltLauncher.environment(), "ours");
        assertEquals(0, first.status(), first.err());
        List<Ours> ports = parse(first.text());
        assertEquals(64, ports.size(), "the 64 linked ports ibqueryerrors checks on ft2-16");
        Map<String, Map<String, Long>> before = new LinkedHashMap<>();
        for (Ours p : ports) {
            before.put(p.lid() + ":" + p.port(),
                    perfquery("-x", Integer.toString(p.lid()), Integer.toString(p.port())));
        }
        Output second = run(
                List.of(BuiltLauncher.script(), "perf", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE, "--json"),
                BuiltLauncher.environment(), "ours");
        assertEquals(0, second.status(), second.err());
        int injected = 0;
        for (Ours p : parse(second.text())) {
            String where = p.node() + " (LID " + p.lid() + " port " + p.port() + ")";
            assertTrue(p.reachable(), where);
            Map<String, Long> errors = perfquery(Integer.toString(p.lid()), Integer.toString(p.port()));
            for (String counter : ERRORS) {
                assertEquals(errors.get(counter), p.totals().get(counter), where + " " + counter);
                injected += errors.get(counter) > 0 ? 1 : 0;
            }
            Map<String, Long> after = perfquery("-x", Integer.toString(p.lid()), Integer.toString(p.port()));
            Map<String, Long> was = before.get(p.lid() + ":" + p.port());
            for (String counter : DATA) {
                long ours = p.totals().get(counter) / (counter.endsWith("Data") ? 4 : 1);
                long low = was.get(counter);
                long high = after.get(counter);
                assertTrue(low <= ours && ours <= high, where + " " + counter + ": ours " + ours
                        + ", perfquery -x before " + low + " and after " + high);
            }
        }
        assertEquals(5, injected, "the five injected counters");
    }

    /**
     * Through the one-shot daemon (one runtime serving command after command), {@code perf} still reports the counters
     * as {@code perfquery} reads them now: after someone else's {@code perfquery -R} the counter's new value, not a
     * total carried over from the daemon's earlier commands.
     */
    @Test
    void throughTheDaemonEachPerfReportsTheCountersAsReadNowAfterAResetByPerfquery() throws Exception {
        String port = "h00012[1]";
        List<String> perf = List.of(BuiltLauncher.script(), "perf", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE,
                "--json");
        Map<String, String> daemon = BuiltLauncher.daemonEnvironment();
        Ours first = find(parse(run(perf, daemon, "daemon").text()), port);
        String lid = Integer.toString(first.lid());
        try {
            ibsim.console("PerformanceSet \"h00012\"[1] PortCounters.PortRcvErrors=9");
            awaitCounter(lid, "1", "PortRcvErrors", 9);
            Output second = run(perf, daemon, "daemon");
            assertEquals(0, second.status(), second.err());
            assertEquals(9, find(parse(second.text()), port).totals().get("PortRcvErrors"));

            perfquery("-R", lid, "1");
            ibsim.console("PerformanceSet \"h00012\"[1] PortCounters.PortRcvErrors=2");
            awaitCounter(lid, "1", "PortRcvErrors", 2);
            Output third = run(perf, daemon, "daemon");
            assertEquals(0, third.status(), third.err());
            List<Ours> ports = parse(third.text());
            assertEquals(64, ports.size(), "every linked port");
            Map<String, Long> theirs = perfquery(lid, "1");
            Ours ours = find(ports, port);
            for (String counter : ERRORS) {
                assertEquals(theirs.get(counter), ours.totals().get(counter), port + " " + counter);
            }
            assertEquals(2, ours.totals().get("PortRcvErrors"), "the counter as read now, not 9 + 2");
        } finally {
            perfquery("-R", lid, "1");
        }
    }

    private static Ours find(List<Ours> ports, String nodeAndPort) {
        return ports.stream().filter(p -> (p.node() + "[" + p.port() + "]").equals(nodeAndPort)).findFirst()
                .orElseThrow(() -> new AssertionError(nodeAndPort + " not among " + ports.size() + " ports"));
    }

    private static List<Ours> parse(String json) {
        List<Ours> ports = new ArrayList<>();
        Matcher m = PORT.matcher(json);
        while (m.find()) {
            Map<String, Long> totals = new HashMap<>();
            Matcher t = TOTAL.matcher(m.group(5));
            while (t.find()) {
                totals.put(t.group(1), Long.parseLong(t.group(2)));
            }
            ports.add(new Ours(m.group(2), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(1)),
                    m.group(4).equals("true"), totals));
        }
        return ports;
    }

    /** One port as the long-lived manager of {@link PerfProbe} saw it after a sweep. */
    private record Seen(int lid, int port, boolean reachable, int resets, Map<String, Long> totals, String node) {
    }

    /** {@link PerfProbe} in a child JVM attached at {@code SIM_HOST}: one manager, swept on demand. */
    private static final class Manager implements AutoCloseable {
        private final Process process;
        private final java.io.PrintWriter commands;
        private final java.io.BufferedReader replies;
        private final Path stderr;

        Manager(String simHost) throws IOException {
            stderr = scratch.resolve("perf-probe.err");
            process = ChildJvm.start(scratch, Lab.preloadEnvironment(ibsim.socket(), simHost), stderr,
                    PerfProbe.class.getName());
            commands = new java.io.PrintWriter(process.getOutputStream(), true,
                    java.nio.charset.StandardCharsets.UTF_8);
            replies = new java.io.BufferedReader(
                    new java.io.InputStreamReader(process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
            assertEquals("ready", line());
        }

        private String line() throws IOException {
            String line = replies.readLine(); // the class's @Timeout bounds the wait
            if (line == null) {
                fail("the perf probe ended; stderr:\n" + Files.readString(stderr));
            }
            return line;
        }

        /** @return every port by {@code NODE[PORT]} */
        Map<String, Seen> sweep() throws IOException {
            commands.println("sweep");
            Map<String, Seen> ports = new LinkedHashMap<>();
            for (String line = line(); !line.startsWith("end "); line = line()) {
                String[] f = line.split(" ", 7);
                Map<String, Long> totals = new HashMap<>();
                for (String kv : f[5].split(",")) {
                    int eq = kv.indexOf('=');
                    totals.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
                }
                Seen seen = new Seen(Integer.parseInt(f[1]), Integer.parseInt(f[2]), Boolean.parseBoolean(f[3]),
                        Integer.parseInt(f[4]), totals, f[6]);
                ports.put(seen.node() + "[" + seen.port() + "]", seen);
            }
            return ports;
        }

        @Override
        public void close() {
            commands.println("quit");
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Lab.stop(process);
        }
    }

    /**
     * A counter that saturates, or that someone else resets with Debian's {@code perfquery -R} between two sweeps of
     * the same manager, never makes a total go backwards or jump: a saturated counter holds its total, a reset one
     * counts on from its new value, and every other port's totals only grow, by what the MADs of the test moved.
     */
    @Test
    void saturationAndResetsByPerfqueryNeverMakeATotalGoBackwardsOrJump() throws Exception {
        String saturating = "leaf004[5]";
        String reset = "h00010[1]";
        try (Manager manager = new Manager("h00003")) {
            Map<String, Seen> first = manager.sweep();
            Seen sw = first.get(saturating);
            Seen ca = first.get(reset);
            assertTrue(sw != null && ca != null, "both ports read: " + first.keySet());
            String swLid = Integer.toString(sw.lid());
            String caLid = Integer.toString(ca.lid());
            try {
                ibsim.console("PerformanceSet \"leaf004\"[5] PortCounters.SymbolErrorCounter=65535");
                ibsim.console("PerformanceSet \"h00010\"[1] PortCounters.PortRcvErrors=9");
                awaitCounter(swLid, "5", "SymbolErrorCounter", 65535);
                awaitCounter(caLid, "1", "PortRcvErrors", 9);
                Map<String, Seen> second = manager.sweep();
                long symbol = second.get(saturating).totals().get("SymbolErrorCounter");
                long rcv = second.get(reset).totals().get("PortRcvErrors");
                // a manager's first total is the value it read: from there the counters grew to 65535 and 9
                assertEquals(65535, symbol, "up to the maximum");
                assertEquals(9, rcv);

                Map<String, Seen> third = manager.sweep();
                assertEquals(symbol, third.get(saturating).totals().get("SymbolErrorCounter"),
                        "saturated: no growth, no jump");

                // someone else clears both ports' counters (the data counters too), then 2 errors are counted
                perfquery("-R", swLid, "5");
                perfquery("-R", caLid, "1");
                ibsim.console("PerformanceSet \"h00010\"[1] PortCounters.PortRcvErrors=2");
                awaitCounter(caLid, "1", "PortRcvErrors", 2);
                awaitCounter(swLid, "5", "SymbolErrorCounter", 0);
                Map<String, Seen> fourth = manager.sweep();
                assertEquals(symbol, fourth.get(saturating).totals().get("SymbolErrorCounter"), "reset to 0: held");
                assertEquals(rcv + 2, fourth.get(reset).totals().get("PortRcvErrors"), "counts on from 0");
                assertTrue(fourth.get(saturating).resets() > third.get(saturating).resets(), "the reset was seen");
                assertTrue(fourth.get(reset).resets() > third.get(reset).resets(), "the reset was seen");

                List<Map<String, Seen>> sweeps = List.of(first, second, third, fourth);
                for (int i = 1; i < sweeps.size(); i++) {
                    for (Map.Entry<String, Seen> e : sweeps.get(i).entrySet()) {
                        Seen before = sweeps.get(i - 1).get(e.getKey());
                        assertTrue(e.getValue().reachable(), e.getKey());
                        for (Map.Entry<String, Long> t : e.getValue().totals().entrySet()) {
                            long grown = t.getValue() - before.totals().getOrDefault(t.getKey(), 0L);
                            String what = e.getKey() + " " + t.getKey() + " in sweep " + (i + 1) + ": " + grown;
                            assertTrue(grown >= 0, what + ", backwards");
                            // the injections are at most 65535; the MADs of the test move data by far less than a
                            // wrap of a 32-bit counter (2^34 octets) would
                            assertTrue(grown < 1L << 24, what + ", a jump");
                        }
                    }
                }
            } finally {
                perfquery("-R", swLid, "5");
                perfquery("-R", caLid, "1");
            }
        }
    }
}
