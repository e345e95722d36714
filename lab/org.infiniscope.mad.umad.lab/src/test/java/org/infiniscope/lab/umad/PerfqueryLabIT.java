package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./infiniscope perfquery --fabric ibsim:SOCKET@NODE} as a user types it, against Debian's {@code perfquery}
 * run the same way (same ibsim, same node h00002, same arguments), with OpenSM up on ft2-16 and quiet: standard
 * output must be the same bytes. LIDs as OpenSM gives them on ft2-16 from h00001: leaf001 2, leaf002 3, spine001 6,
 * h00002 (the tools' own port) 8, h00013 19 (checked by the titles compared). {@code -G} takes leaf002's port GUID,
 * resolved to LID 3 by OpenSM's SA.
 * <p>
 * The one allowed difference: ibsim counts every MAD it forwards as traffic, so a port on the path of the queries
 * shows the previous tool's MADs in PortXmitData, PortRcvData, PortXmitPkts and PortRcvPkts. For those ports the
 * test runs Debian's tool before and after ours: each run sends the same MADs, so ours must lie exactly half-way,
 * and every other byte must be the same.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PerfqueryLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String NODE = "h00002";
    private static final String SM_NODE = "h00001";
    private static final Pattern MOVING = Pattern.compile("^(Port(?:Xmit|Rcv)(?:Data|Pkts):\\.+)(\\d+)$",
            Pattern.MULTILINE);

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "perfquery", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("perfquery");
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

    private static List<String> words(String query) {
        return query.isBlank() ? List.of() : List.of(query.split(" "));
    }

    private static Output ours(String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), "perfquery", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE));
        command.addAll(words(query));
        return run(command, BuiltLauncher.environment(), "ours");
    }

    private static Output theirs(String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Lab.tool("perfquery")));
        command.addAll(words(query));
        return run(command, Lab.preloadEnvironment(ibsim.socket(), NODE), "theirs");
    }

    private static Output run(List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        return LabRun.run(scratch, command, environment, who, TIMEOUT);
    }

    private static Output ok(Output output, String what) {
        assertEquals(0, output.status(), what + ": " + output.err());
        return output;
    }

    private static void assertSameOutput(String query) throws IOException, InterruptedException {
        Output theirs = ok(theirs(query), "perfquery " + query);
        Output ours = ok(ours(query), "./infiniscope perfquery " + query);
        assertEquals(theirs.text(), ours.text(), "perfquery " + query);
        assertArrayEquals(theirs.out(), ours.out(), "perfquery " + query + ", byte for byte");
    }

    @Order(1)
    @ParameterizedTest(name = "perfquery {0}")
    @ValueSource(strings = {"", "-x", "-a", "8 1", "-x 8 1", "-a 8", "-x -a 8", "2 3", "-x 2 3", "3 1", "-x 3 1", "6 8",
            "-x 6 8", "2", "-G 0x0008f10500000200 1", "-x -G 0x0008f10500000200 1"})
    void portsOffThePathPrintWhatPerfqueryPrints(String query) throws Exception {
        assertSameOutput(query);
    }

    @Order(2)
    @ParameterizedTest(name = "perfquery {0}")
    @ValueSource(strings = {"19 1", "-x 19 1", "-a 3", "-x -a 6"})
    void portsOnThePathDifferOnlyByTheQueriesOwnMads(String query) throws Exception {
        String before = ok(theirs(query), "perfquery " + query).text();
        String ours = ok(ours(query), "./infiniscope perfquery " + query).text();
        String after = ok(theirs(query), "perfquery " + query).text();
        assertEquals(MOVING.matcher(before).replaceAll("$1<moves>"), MOVING.matcher(ours).replaceAll("$1<moves>"),
                "perfquery " + query + ", all but the traffic counters");
        Matcher b = MOVING.matcher(before), o = MOVING.matcher(ours), a = MOVING.matcher(after);
        int lines = 0;
        while (b.find() && o.find() && a.find()) {
            long x = Long.parseLong(b.group(2)), y = Long.parseLong(o.group(2)), z = Long.parseLong(a.group(2));
            assertTrue(y > x, o.group() + " after " + b.group() + ": our MADs were counted");
            assertEquals(y - x, z - y, b.group(1) + " " + x + ", ours " + y + ", then " + z
                    + ": each tool's run sends the same MADs through the port");
            lines++;
        }
        assertEquals(4, lines, ours);
    }

    @Test
    @Order(3)
    void aCounterSetOnTheIbsimConsoleIsWhatBothPrint() throws Exception {
        ibsim.console("PerformanceSet \"leaf001\"[3] PortCounters.SymbolErrorCounter=50");
        ibsim.console("PerformanceSet \"leaf001\"[3] PortCounters.PortRcvErrors=7");
        awaitLine("2 3", "PortRcvErrors:...................7");
        assertSameOutput("2 3");
        assertTrue(ours("2 3").text().contains("\nSymbolErrorCounter:..............50\n"));
    }

    @Test
    @Order(4)
    void ourResetsClearWhatPerfqueryReads() throws Exception {
        ibsim.console("PerformanceSet \"leaf002\"[1] PortCounters.LinkDownedCounter=9");
        awaitLine("3 1", "LinkDownedCounter:...............9");
        Output read = ok(ours("-r 3 1"), "./infiniscope perfquery -r 3 1");
        assertTrue(read.text().contains("\nLinkDownedCounter:...............9\n"), read.text());
        assertTrue(theirs("3 1").text().contains("\nLinkDownedCounter:...............0\n"));

        ibsim.console("PerformanceSet \"leaf002\"[1] PortCounters.SymbolErrorCounter=11");
        awaitLine("3 1", "SymbolErrorCounter:..............11");
        Output reset = ok(ours("-R 3 1"), "./infiniscope perfquery -R 3 1");
        assertEquals("", reset.text());
        String after = theirs("3 1").text();
        assertTrue(after.contains("\nSymbolErrorCounter:..............0\n"), after);
        assertTrue(after.contains("\nPortXmitData:....................0\n"),
                "-R clears the data counters too: " + after);
    }

    /** ibsim applies console commands on its own time: read with Debian's tool until the line shows. */
    private static void awaitLine(String query, String line) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!theirs(query).text().contains("\n" + line + "\n")) {
            if (System.nanoTime() > deadline) {
                fail("perfquery " + query + " never showed " + line + ":\n" + ibsim.logTail());
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }
}
