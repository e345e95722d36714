package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
 * {@code ./infiniscope trace}, {@code portstate} and {@code errors --fabric ibsim:SOCKET@NODE} as a user types them,
 * against Debian's {@code ibtracert}, {@code ibportstate} and {@code ibqueryerrors} run the same way (same ibsim, same
 * node h00002, same arguments, same folder), with OpenSM up on ft2-16 (at h00001) and quiet: standard output must be
 * the same bytes. LIDs as OpenSM gives them on ft2-16: h00001 1, leaf001 2, leaf002 3, leaf003 4, spine001 6,
 * spine002 7, h00002 (the tools' own port) 8, h00003 9, h00006 12, h00012 18. h00002 hangs on leaf001 port 2; the
 * SM's h00001 on leaf001 port 1; leaf001 port 5 goes to spine001 port 1.
 * <p>
 * The differences allowed, each where it occurs:
 * <ul>
 * <li>A failure: Debian's tools print {@code iberror: failed: ...} on standard output and exit with 255; ours, like
 * every console tool, print the reason on standard error and exit with 1. Standard output is compared without the
 * iberror line.</li>
 * <li>{@code ibportstate LID PORT} of a switch port reaches the peer port with a LID-routed SMP that has a directed
 * part, which ibsim does not route (no mixed LID/DR SMPs): Debian fails after the switch's own PortInfo. Ours reaches
 * the peer by a directed route from here and prints what ibportstate prints on a real fabric; the test checks the part
 * both print, and the peer's fields against Debian's {@code -D} query of the same port.</li>
 * <li>ibsim counts every MAD it forwards as traffic, so the data counters that {@code errors --data} and
 * {@code --counters} print move between two runs: their values are masked, every other byte is compared.</li>
 * </ul>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class TracePortstateErrorsLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String NODE = "h00002";
    private static final String SM_NODE = "h00001";
    private static final Pattern DATA = Pattern
            .compile("\\[(Port(?:Unicast|Multicast)?(?:Xmit|Rcv)(?:Data|Pkts)) == \\d+ \\([^)]*\\)\\]");
    private static final String SPINE_PORT = "-D 0,1,5 5"; // spine001 port 5, to leaf003 port 5

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "ibtracert", "ibportstate", "ibqueryerrors", "perfquery", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("trace");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        openSm = OpenSm.start(scratch, ibsim.socket(), SM_NODE, Duration.ofSeconds(30));
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
        // one node-name map for both tools: two switches and a host renamed, a comment, a blank line
        Files.writeString(scratch.resolve("names"), """
                # ours and Debian's read the same map
                0x0008f10500000200 "rack1 leaf-b"
                0x0008f10500000500 "core-a"

                0x0008f10400000600 "node six"
                """);
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

    private static Output ours(String tool, String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), tool, "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE));
        command.addAll(words(query));
        // through the one-shot daemon, as a user's commands run by default: 73 tests of short commands, each a JVM's
        // start in-process (DaemonLabIT checks that both ways print the same bytes)
        return run(command, BuiltLauncher.daemonEnvironment(), "ours");
    }

    private static Output theirs(String tool, String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Lab.tool(tool)));
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

    /** Debian's standard output without its {@code iberror} line, which ours print on standard error. */
    private static String withoutIberror(String text) {
        return text.lines().filter(l -> !l.contains(": iberror: ")).map(l -> l + "\n").collect(Collectors.joining());
    }

    // ---------------------------------------------------------------- trace

    @Order(1)
    @ParameterizedTest(name = "ibtracert {0}")
    @ValueSource(strings = {"8 12", "12 9", "12 8", "8 8", "2 12", "6 7", "8 6", "18 1", "-n 8 12", "-n 2 9",
            "-G 0x0008f10400000201 0x0008f10400000c01", "-G 0x0008f10400000201 0x0008f10500000600",
            "--node-name-map names 8 12", "--node-name-map names 2 6"})
    void tracePrintsWhatIbtracertPrints(String query) throws Exception {
        Output theirs = ok(theirs("ibtracert", query), "ibtracert " + query);
        Output ours = ok(ours("trace", query), "./infiniscope trace " + query);
        assertTrue(theirs.text().startsWith("From "), theirs.text());
        assertArrayEquals(theirs.out(), ours.out(),
                "ibtracert " + query + ":\n" + theirs.text() + "ours:\n" + ours.text());
    }

    @Order(2)
    @ParameterizedTest(name = "ibtracert {0} fails")
    @ValueSource(strings = {"8 99", "99 8", "12 200"})
    void anUnknownLidIsAnErrorForBoth(String query) throws Exception {
        Output theirs = theirs("ibtracert", query);
        Output ours = ours("trace", query);
        assertNotEquals(0, theirs.status(), theirs.text());
        assertEquals(1, ours.status(), ours.err());
        assertEquals(withoutIberror(theirs.text()), ours.text());
        assertTrue(ours.err().startsWith("infiniscope trace: can't reach to/from ports"), ours.err());
        assertTrue(ours.err().contains("can't find a route"), ours.err());
    }

    @Test
    @Order(3)
    void badArgumentsAreUsageErrors() throws Exception {
        Output missing = ours("trace", "8");
        assertEquals(2, missing.status(), missing.err());
        assertTrue(missing.err().contains("missing DST"), missing.err());
        Output option = ours("trace", "-q 8 12");
        assertEquals(2, option.status(), option.err());
        assertTrue(option.err().contains("unknown option '-q'"), option.err());
    }

    // ---------------------------------------------------------------- portstate, queries

    @Order(4)
    @ParameterizedTest(name = "ibportstate {0}")
    @ValueSource(strings = {"8 1", "1 1", "12 1", "-D 0 1", "-D 0,1 0", "-D 0,1 2", "-D 0,1 5", "-D 0,1,5 0",
            "-D 0,1,5 3", "-D 0,1,6,4 2", "-D 0,1,6 4 query", "-K -D 0 1", "-K -D 0,1 0", "-y 0 -D 0,1,5 0",
            "--show_keys 12 1"})
    void portstateQueriesPrintWhatIbportstatePrints(String query) throws Exception {
        Output theirs = ok(theirs("ibportstate", query), "ibportstate " + query);
        Output ours = ok(ours("portstate", query), "./infiniscope portstate " + query);
        assertArrayEquals(theirs.out(), ours.out(),
                "ibportstate " + query + ":\n" + theirs.text() + "ours:\n" + ours.text());
    }

    @Test
    @Order(5)
    void aSwitchPortByLidShowsItsPeerWhereIbsimStopsIbportstate() throws Exception {
        // leaf002 (LID 3) port 2 goes to h00006; by directed route that is 0,1,6,4 (spine002, then leaf002)
        Output theirs = theirs("ibportstate", "3 2");
        Output ours = ok(ours("portstate", "3 2"), "./infiniscope portstate 3 2");
        assertNotEquals(0, theirs.status(), "ibsim routes no mixed LID/DR SMP: " + theirs.text());
        String both = withoutIberror(theirs.text());
        assertTrue(both.startsWith("Switch PortInfo:\n# Port info: Lid 3 port 2\n"), both);
        assertTrue(
                ours.text().startsWith(
                        both + "Peer PortInfo:\n# Port info: Lid 3 DR path slid 8; dlid 65535; 0,2" + " port 1\n"),
                ours.text());
        String peer = ok(theirs("ibportstate", "-D 0,1,6,4 2"), "ibportstate -D 0,1,6,4 2").text();
        String peerFields = peer.substring(peer.indexOf("Peer PortInfo:\n"));
        peerFields = peerFields.substring(peerFields.indexOf('\n', "Peer PortInfo:\n".length()) + 1);
        assertTrue(ours.text().endsWith(peerFields), ours.text() + "\nDebian's -D peer:\n" + peer);
    }

    @Test
    @Order(6)
    void badPortstateArgumentsAreUsageErrors() throws Exception {
        for (String query : List.of("8", "8 1 frobnicate", "8 1 speed", "8 1 speed 16", "8 1 enable disable",
                "-x 8 1")) {
            Output ours = ours("portstate", query);
            assertEquals(2, ours.status(), query + ": " + ours.err());
            assertEquals("", ours.text(), query);
        }
    }

    // ---------------------------------------------------------------- errors

    @Order(7)
    @ParameterizedTest(name = "ibqueryerrors {0} before any injection")
    @ValueSource(strings = {"", "-c", "--switch", "--ca"})
    void errorsOnAFreshFabricAsIbqueryerrors(String query) throws Exception {
        assertSameErrors(query);
    }

    @Test
    @Order(8)
    void injectCounters() throws Exception {
        ibsim.console("PerformanceSet \"leaf002\"[3] PortCounters.SymbolErrorCounter=50");
        ibsim.console("PerformanceSet \"h00006\"[1] PortCounters.PortRcvErrors=7");
        ibsim.console("PerformanceSet \"spine001\"[2] PortCounters.PortXmitDiscards=3");
        ibsim.console("PerformanceSet \"spine002\"[4] PortCounters.LinkDownedCounter=2");
        awaitCounter("3 3", "SymbolErrorCounter:..............50");
        awaitCounter("12 1", "PortRcvErrors:...................7");
        awaitCounter("6 2", "PortXmitDiscards:................3");
        awaitCounter("7 4", "LinkDownedCounter:...............2");
    }

    @Order(9)
    @ParameterizedTest(name = "ibqueryerrors {0}")
    @ValueSource(strings = {"", "-c", "-s SymbolErrorCounter,PortXmitDiscards", "-s LinkDownedCounter -c", "--switch",
            "--ca", "--switch --ca", "--threshold-file thresholds", "--threshold-file thresholds -c", "-r",
            "-r --ca -s PortRcvErrors", "--node-name-map names", "--node-name-map names -r"})
    void errorsAsIbqueryerrors(String query) throws Exception {
        // relative: both run in the scratch folder, ours through a launcher that runs its JVM elsewhere
        Files.writeString(scratch.resolve("thresholds"), """
                # ours and Debian's read the same file
                SymbolErrorCounter=49
                PortRcvErrors=0x10

                PortXmitDiscards=3
                LinkDownedCounter=01
                """);
        String text = assertSameErrors(query);
        if (query.isEmpty()) {
            assertTrue(text.contains("Errors for 0x8f10500000200 \"leaf002\"\n"
                    + "   GUID 0x8f10500000200 port ALL: [SymbolErrorCounter == 50]\n"
                    + "   GUID 0x8f10500000200 port 3: [SymbolErrorCounter == 50]\n"), text);
            assertTrue(text.contains("Errors for \"h00006\"\n   GUID 0x8f10400000601 port 1: [PortRcvErrors == 7]\n"),
                    text);
        }
    }

    @Order(10)
    @ParameterizedTest(name = "ibqueryerrors {0}, data counters masked")
    @ValueSource(strings = {"--data", "--counters --switch", "-r --data", "-r --counters --ca"})
    void dataCountersAsIbqueryerrorsButTheirValues(String query) throws Exception {
        Output theirs = theirs("ibqueryerrors", query);
        Output ours = ours("errors", query);
        assertEquals(theirs.status(), ours.status(), ours.err());
        String expected = DATA.matcher(theirs.text()).replaceAll("[$1 == N]");
        assertEquals(expected, DATA.matcher(ours.text()).replaceAll("[$1 == N]"));
        assertTrue(ours.text().contains("[PortXmitData == "), ours.text());
    }

    @Test
    @Order(11)
    void ourClearIsWhatIbqueryerrorsSeesAndTheirsWhatWeSee() throws Exception {
        Output cleared = ours("errors", "-k");
        assertEquals(1, cleared.status(), "the errors are reported before they are cleared: " + cleared.err());
        assertTrue(cleared.text().contains("[SymbolErrorCounter == 50]"), cleared.text());
        String after = assertSameErrors("");
        assertTrue(after.contains("\n## Summary: 22 nodes checked, 0 bad nodes found\n"
                + "##          64 ports checked, 0 ports have errors beyond threshold\n"), after);

        ibsim.console("PerformanceSet \"leaf003\"[2] PortCounters.VL15Dropped=4");
        awaitCounter("4 2", "VL15Dropped:.....................4");
        Output theirs = theirs("ibqueryerrors", "-k");
        assertEquals(1, theirs.status(), theirs.text());
        Output ours = ours("errors", "");
        assertEquals(0, ours.status(), ours.err());
        assertTrue(ours.text().contains("##          64 ports checked, 0 ports have errors beyond threshold\n"),
                ours.text());
    }

    @Test
    @Order(12)
    void aMissingThresholdFileIsAUsageError() throws Exception {
        Output ours = ours("errors", "--threshold-file no-such-file");
        assertEquals(2, ours.status(), ours.err());
        assertTrue(ours.err().contains("no-such-file: cannot read it"), ours.err());
        assertEquals("", ours.text());
    }

    private static String assertSameErrors(String query) throws Exception {
        Output theirs = theirs("ibqueryerrors", query);
        Output ours = ours("errors", query);
        assertEquals(theirs.status(), ours.status(), "exit status of " + query + ": " + ours.err());
        assertEquals(theirs.text(), ours.text(), "ibqueryerrors " + query);
        assertArrayEquals(theirs.out(), ours.out(), "ibqueryerrors " + query + ", byte for byte");
        return ours.text();
    }

    /** ibsim applies console commands on its own time: read with Debian's perfquery until the line shows. */
    private static void awaitCounter(String query, String line) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!theirs("perfquery", query).text().contains("\n" + line + "\n")) {
            if (System.nanoTime() > deadline) {
                fail("perfquery " + query + " never showed " + line + ":\n" + ibsim.logTail());
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }

    // ---------------------------------------------------------------- portstate, changes (last: they move the fabric)

    @Test
    @Order(13)
    void portstateRefusesToCutThisToolOrTheSmOff() throws Exception {
        for (String query : List.of("8 1 disable", "-D 0,1 2 disable", "-D 0,1 1 reset", "1 1 disable",
                "-D 0,1 2 down")) {
            Output ours = ours("portstate", query);
            assertEquals(1, ours.status(), query + ": " + ours.err());
            assertTrue(ours.err().contains("refusing to ") && ours.err().contains("give --force"), ours.err());
            assertEquals("", ours.text(), query);
        }
        assertTrue(ours("portstate", "-D 0,1 2 disable").err().contains("the peer of the port this tool is attached"));
        assertTrue(ours("portstate", "-D 0,1 1 disable").err().contains("on the route from this port to the SM"));
        assertTrue(ours("portstate", "8 1 reset").err().contains("the port this tool is attached through"));
        String still = ok(theirs("ibportstate", "-D 0,1 2"), "ibportstate -D 0,1 2").text();
        assertTrue(still.contains("\nLinkState:.......................Active\n"), still);
    }

    @Test
    @Order(14)
    void oursDisablesWhatIbportstateSeesAndEnablesWhatItDisabled() throws Exception {
        // Debian's first: a Set leaves LID 0x1234 in the switch port's PortInfo, and both tools print it after
        ok(theirs("ibportstate", SPINE_PORT + " disable"), "ibportstate disable");
        // ibsim may keep a disabled port's LinkState Active for a while: a query then fails at the peer, as Debian's
        String seen = ours("portstate", SPINE_PORT).text();
        assertTrue(seen.contains("\nPhysLinkState:...................Disabled\n"), seen);
        ok(ours("portstate", SPINE_PORT + " enable"), "portstate enable");
        assertState("Polling");
        relink();

        // from the same Active port, the same text
        Output theirs = ok(theirs("ibportstate", SPINE_PORT + " disable"), "ibportstate disable");
        relink();
        Output ours = ok(ours("portstate", SPINE_PORT + " disable"), "portstate disable");
        assertArrayEquals(theirs.out(), ours.out(), "disable:\n" + theirs.text() + "ours:\n" + ours.text());
        assertState("Disabled");
        ok(theirs("ibportstate", SPINE_PORT + " enable"), "ibportstate enable");
        // ibsim keeps a Polling port's LinkState Active: both tools then fail to reach its peer after printing it
        String polling = ours("portstate", SPINE_PORT).text();
        assertTrue(polling.contains("\nPhysLinkState:...................Polling\n"), polling);
        relink();

        Output theirsEnable = ok(theirs("ibportstate", SPINE_PORT + " enable"), "ibportstate enable");
        assertState("Polling");
        relink();
        Output oursEnable = ok(ours("portstate", SPINE_PORT + " enable"), "portstate enable");
        assertArrayEquals(theirsEnable.out(), oursEnable.out(),
                "enable:\n" + theirsEnable.text() + "ours:\n" + oursEnable.text());
        relink();
    }

    @Order(15)
    @ParameterizedTest(name = "ibportstate {0}")
    @ValueSource(strings = {"-D 0,1,5 6 speed 1 width 2", "-D 0,1,5 6 espeed 0 vls 4 mtu 4", "12 1 lmc 0",
            "-D 0,1,6 4 width 255", "-D 0 1 mkeylease 0", "-D 0,1 0 mkeyprot 0", "-K 12 1 mkey 0 mkeylease 0",
            "-y 0 -D 0,1,5 0 mkey 0x0 mkeyprot 0", "-D 0 1 fdr10 0", "-D 0,1,5 0 fdr10 0"})
    void settingsAsIbportstateSetsThem(String query) throws Exception {
        // values the ports already have: the Sets change nothing but the switch port's stored LID (Debian's first)
        ok(theirs("ibportstate", query), "ibportstate " + query);
        Output theirs = ok(theirs("ibportstate", query), "ibportstate " + query);
        Output ours = ok(ours("portstate", query), "./infiniscope portstate " + query);
        assertTrue(theirs.text().contains("\nAfter PortInfo set:\n"), theirs.text());
        assertArrayEquals(theirs.out(), ours.out(),
                "ibportstate " + query + ":\n" + theirs.text() + "ours:\n" + ours.text());
    }

    @Test
    @Order(15)
    void bothRefuseMKeyFieldsOnASwitchPortButZero() throws Exception {
        Output theirs = theirs("ibportstate", "-D 0,1 3 mkeylease 5");
        Output ours = ours("portstate", "-D 0,1 3 mkeylease 5");
        assertNotEquals(0, theirs.status());
        assertNotEquals(0, ours.status());
        // Debian's ibportstate prints this IBEXIT on standard output; ours, as every error of ours, on
        // standard error: a script that reads the PortInfo from standard output gets nothing either way
        assertEquals("/usr/sbin/ibportstate: iberror: failed: Can't set M_Key fields on switch port != 0\n",
                theirs.text().replace(Lab.tool("ibportstate"), "/usr/sbin/ibportstate"));
        assertEquals("infiniscope portstate: Can't set M_Key fields on switch port != 0\n", ours.err());
        assertEquals("", ours.text(), "nothing printed before the refusal, as ibportstate");
    }

    @Test
    @Order(16)
    void afterIbportstatesSetsLinkinfoPrintsWhatIblinkinfoPrints() throws Exception {
        // the Sets above left LID 0x1234 in switch ports' PortInfo: iblinkinfo prints a switch peer's LID as the
        // switch's (libibnetdisc's base_lid, port 0's), never that field
        String port = ok(theirs("smpquery", "-D portinfo 0,1,5 6"), "smpquery portinfo").text();
        assertTrue(port.contains("\nLid:.............................4660\n"),
                "spine001 port 6 holds LID 0x1234:\n" + port);
        Output theirs = ok(theirs("iblinkinfo", ""), "iblinkinfo");
        assertTrue(!theirs.text().contains(" 4660 "), theirs.text());
        Output ours = ok(ours("linkinfo", ""), "./infiniscope linkinfo");
        assertEquals(theirs.text(), ours.text());
    }

    private static void assertState(String physical) throws Exception {
        String text = theirs("ibportstate", SPINE_PORT).text();
        assertTrue(text.contains("\nPhysLinkState:..................." + physical + "\n"), text);
    }

    /**
     * ibsim leaves an enabled port in Polling until its console connects it again (unlink, then link: it refuses to
     * link a port it still counts as connected); OpenSM, told by the trap, then makes it Active.
     */
    private static void relink() throws Exception {
        ibsim.console("Unlink \"spine001\"[5]");
        ibsim.console("Link \"spine001\"[5] \"leaf003\"[5]");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!isUp(theirs("ibportstate", SPINE_PORT).text())) {
            if (System.nanoTime() > deadline) {
                fail("spine001 port 5 never came back Active:\n" + ibsim.logTail() + "\n" + openSm.logTail(30));
            }
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
    }

    private static boolean isUp(String text) {
        return text.contains("\nLinkState:.......................Active\n")
                && text.contains("\nPhysLinkState:...................LinkUp\n");
    }
}
