package org.infiniscope.perf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The metrics text against Prometheus' own checkers: {@code promtool check metrics} (Debian's {@code prometheus})
 * and python3-prometheus-client's parser. Without them the test skips on a developer's machine and fails under
 * {@code CI=true}, where the test command installs them.
 */
class PerfMetricsTest {

    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private static List<PortStats> ports() {
        List<PortStats> ports = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Map<Counter, Long> totals = Map.of(Counter.PORT_XMIT_DATA, 1000L * i, Counter.PORT_RCV_DATA, 2000L * i,
                    Counter.SYMBOL_ERROR_COUNTER, (long) i, Counter.PORT_XMIT_WAIT, 0xFFFF_FFFFL + i);
            ports.add(new PortStats(new PortKey(0x0002c90300001000L, i), "sw \"spine\" 1\\a", true, 0x0002c90300001000L,
                    7, 8e9, i != 2, true, totals, totals, List.of(), 0, 1, 10.5 * i, 3, 4, 5, 12.5, 0.01, null));
        }
        ports.add(new PortStats(new PortKey(0x100, 1), "h1 mlx5_0", false, 0x101, 3, 8e9, true, false, Map.of(),
                Map.of(), List.of(), 0, 0, 0, 0, 0, 0, 0, 0, null));
        return ports;
    }

    private static String text(String accept) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfMetrics.write(ports(), PerfMetrics.writer(accept), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void need(Path tool, String what) {
        if (!Files.isExecutable(tool)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(tool + " is missing: CI installs " + what);
            }
            Assumptions.abort(tool + " is missing: install " + what + " to run this test");
        }
    }

    /** Skips (fails under CI) when the script said the client library is missing. */
    private static void needClient(String out) {
        if (out.strip().equals("MISSING")) {
            if ("true".equals(System.getenv("CI"))) {
                fail("python3-prometheus-client is missing: CI installs it");
            }
            Assumptions.abort("python3-prometheus-client is missing: install it to run this test");
        }
    }

    private static String run(String input, String... command) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of("target", "metrics"));
        Path file = Files.writeString(dir.resolve("metrics.txt"), input);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(file.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out + "\n" + input);
        return out;
    }

    @Test
    void noCounterNameCarriesTheWordsPromtoolRejects() {
        // promtool: "metric name should not include type 'counter'" (LinkDownedCounter was link_downed_counter_total)
        for (Counter c : Counter.values()) {
            String name = PerfMetrics.name(c);
            assertTrue(!name.contains("counter") && !name.startsWith("port_"), c + " -> " + name);
        }
    }

    @Test
    void promtoolFindsNoProblem() throws Exception {
        need(PROMTOOL, "Debian's prometheus package");
        assertEquals("", run(text(null), PROMTOOL.toString(), "check", "metrics").strip());
    }

    @Test
    void pythonsParserReadsEveryPortWithItsLabels() throws Exception {
        need(PYTHON, "python3");
        String script = """
                import sys
                try:
                    from prometheus_client.parser import text_string_to_metric_families
                except ImportError:
                    print("MISSING")
                    sys.exit(0)
                for family in text_string_to_metric_families(sys.stdin.read()):
                    for s in family.samples:
                        if s.name == "infiniband_port_xmit_data_bytes_total":
                            print(s.labels["node_guid"], s.labels["port"], s.labels["lid"], s.labels["node"], int(s.value))
                        if s.name == "infiniband_port_reachable":
                            print("reachable", s.labels["port_guid"], s.labels["port"], int(s.value))
                """;
        String out = run(text(null), PYTHON.toString(), "-c", script);
        needClient(out);
        assertEquals("""
                0x0002c90300001000 1 7 sw "spine" 1\\a 1000
                0x0002c90300001000 2 7 sw "spine" 1\\a 2000
                0x0002c90300001000 3 7 sw "spine" 1\\a 3000
                """, out.substring(out.indexOf("reachable 0x0002c90300001000 3 1\n") + 33));
        assertTrue(out.startsWith("""
                reachable 0x0000000000000101 1 1
                reachable 0x0002c90300001000 1 1
                reachable 0x0002c90300001000 2 0
                reachable 0x0002c90300001000 3 1
                """), out);
    }

    @Test
    void theOpenMetricsFormatParsesWithPythonsOpenMetricsParser() throws Exception {
        need(PYTHON, "python3");
        String open = text("application/openmetrics-text; version=1.0.0");
        assertTrue(open.endsWith("# EOF\n"), open);
        String script = """
                import sys
                try:
                    from prometheus_client.openmetrics.parser import text_string_to_metric_families
                except ImportError:
                    print("MISSING")
                    sys.exit(0)
                n = 0
                for family in text_string_to_metric_families(sys.stdin.read()):
                    if family.name == "infiniband_port_xmit_wait":
                        print(family.type, sorted(int(s.value) for s in family.samples))
                """;
        String out = run(open, PYTHON.toString(), "-c", script);
        needClient(out);
        assertEquals("counter [4294967296, 4294967297, 4294967298]\n", out);
    }
}
