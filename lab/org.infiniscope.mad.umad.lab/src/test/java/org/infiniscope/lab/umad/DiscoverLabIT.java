package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.stream.Stream;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ./infiniscope discover --fabric ibsim:SOCKET@NODE} against Debian's {@code ibnetdiscover} on the same ibsim
 * fabric with OpenSM up, attached at the same node, for the topology, the {@code -l/-H/-S} lists, the {@code -p}
 * ports report, {@code -g} and {@code -m}; then, on two fabrics, the node-name map (discover and linkinfo against
 * ibnetdiscover and iblinkinfo with the same map file), and caches and {@code --diff} across a fabric changed by
 * ibsim's console. The output must be the same line for line. The differences allowed, each for its reason:
 * <ul>
 * <li>the {@code # Topology file: generated on DATE} line: the two runs happen at different seconds;</li>
 * <li>{@code -m}'s {@code # Total MADs used: N} line: each tool counts its own MADs, and they send different ones
 * (ibnetdiscover reads no NodeDescription of a known node twice, we read SwitchInfo and every port in parallel) and
 * retry at different times;</li>
 * <li>nothing else: a cache written by either tool loads in the other and prints the same.</li>
 * </ul>
 * The wall time of each tool is printed, not asserted (the launcher's JVM start is most of ours; {@code bench/} is the
 * place for figures).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DiscoverLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String DATE_LINE = "# Topology file: generated on ";
    private static final String MADS_LINE = "# Total MADs used: ";

    /** Every shared fabric and two seeded random ones, as ParityLabIT runs them. */
    static Stream<String> fabrics() {
        return Stream.of("ft2-16", "ft2-432", "ft3-432", "dfly-5x4", "irregular-1", "torus-4x4x2", "random-8-24-s1",
                "random-12-40-s7");
    }

    private static ParityFabric fabric(Path scratch, String name) throws IOException {
        return switch (name) {
            case "random-8-24-s1" -> ParityFabric.generated(scratch, name, Generators.random(8, 24, 1));
            case "random-12-40-s7" -> ParityFabric.generated(scratch, name, Generators.random(12, 40, 7));
            default -> ParityFabric.resource(scratch, "fabrics/" + name + ".net");
        };
    }

    @ParameterizedTest(name = "discover on {0}")
    @MethodSource("fabrics")
    void discoverPrintsWhatIbnetdiscoverPrints(String name) throws Exception {
        Lab.require("ibsim", "ibnetdiscover", "opensm");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-" + name);
        ParityFabric fabric = fabric(scratch, name);
        String smNode = fabric.hosts().get(0);
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(scratch, ibsim.socket(), smNode, Duration.ofSeconds(60))) {
            // -g of a fabric without chassis is the topology with two fixed additions: one fabric shows them
            List<String> options = name.equals("ft2-16")
                    ? List.of("", "-l", "-H", "-S", "-p", "-g", "-m", "-s")
                    : List.of("", "-l", "-H", "-S", "-p", "-m");
            for (String option : options) {
                Timed theirs = run(scratch, theirs(option), Lab.preloadEnvironment(ibsim.socket(), node), "theirs");
                assertEquals(0, theirs.output().status(), "ibnetdiscover " + option + ": " + theirs.output().err());
                Timed ours = run(scratch, ours(ibsim.socket(), node, option), BuiltLauncher.environment(), "ours");
                assertEquals(0, ours.output().status(), "discover " + option + ": " + ours.output().err());
                if (option.equals("-s")) {
                    sameShowLines(theirs.output().text(), ours.output().text());
                }
                List<String> expected = withoutDate(withoutShowLines(theirs.output().text()));
                assertTrue(expected.size() > 5, "ibnetdiscover " + option + " printed " + expected);
                assertEquals(expected, withoutDate(withoutShowLines(ours.output().text())),
                        name + ": discover " + option);
                System.out.printf("%s: discover %s %.2f s (launcher and JVM included), ibnetdiscover %.2f s%n", name,
                        option, ours.seconds(), theirs.seconds());
            }
        }
    }

    private static final String SHOW_LINE = "DR path slid 0; dlid 0; ";

    private static String withoutShowLines(String text) {
        return text.lines().filter(line -> !line.startsWith(SHOW_LINE)).map(line -> line + "\n").reduce("",
                String::concat);
    }

    /**
     * {@code -s}: a line for each NodeInfo answer, before the topology. What each line says of the route, the type,
     * the GUID and the port must be what ibnetdiscover says for the same route, and each node must be "new" exactly
     * once in both. Allowed to differ, for these reasons: which of the routes to a node is its "new" one, and the LIDs
     * and description a line shows, depend on the order the answers come in (both tools keep several SMPs in
     * flight, and print what they know of the node at that moment); and ours asks fewer routes: it does not probe a
     * port whose link it already found from the other end (ibnetdiscover asks again and prints "known"), so our
     * routes are a subset of its.
     */
    private static void sameShowLines(String theirs, String ours) {
        List<String> theirLines = theirs.lines().filter(l -> l.startsWith(SHOW_LINE)).toList();
        List<String> ourLines = ours.lines().filter(l -> l.startsWith(SHOW_LINE)).toList();
        assertTrue(!theirLines.isEmpty(), theirs);
        java.util.regex.Pattern line = java.util.regex.Pattern
                .compile("DR path slid 0; dlid 0; ([0-9,]+) -> (new|known) (.+) \\{([0-9a-f]{16})\\} portnum (\\d+) "
                        + "lid (\\d+)-(\\d+) \"(.*)\"");
        java.util.Map<String, String> theirRoutes = new java.util.HashMap<>();
        java.util.Set<String> theirNew = new java.util.TreeSet<>();
        for (String l : theirLines) {
            java.util.regex.Matcher m = line.matcher(l);
            assertTrue(m.matches(), "ibnetdiscover -s: " + l);
            theirRoutes.put(m.group(1), m.group(3) + " " + m.group(4) + " " + m.group(5));
            if (m.group(2).equals("new")) {
                assertTrue(theirNew.add(m.group(4)), "new twice in ibnetdiscover -s: " + l);
            }
        }
        java.util.Set<String> ourNew = new java.util.TreeSet<>();
        for (String l : ourLines) {
            java.util.regex.Matcher m = line.matcher(l);
            assertTrue(m.matches(), "discover -s: " + l);
            assertEquals(theirRoutes.get(m.group(1)), m.group(3) + " " + m.group(4) + " " + m.group(5),
                    "route " + m.group(1) + ": ours " + l);
            if (m.group(2).equals("new")) {
                assertTrue(ourNew.add(m.group(4)), "new twice in discover -s: " + l);
            }
        }
        assertEquals(theirNew, ourNew, "each node new once");
    }

    private static List<String> theirs(String option) {
        List<String> command = new ArrayList<>(List.of(Lab.tool("ibnetdiscover")));
        if (!option.isEmpty()) {
            command.add(option);
        }
        return command;
    }

    private static List<String> ours(String socket, String node, String option) {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), "discover", "--fabric", "ibsim:" + socket + "@" + node));
        if (!option.isEmpty()) {
            command.add(option);
        }
        return command;
    }

    /** The date line differs by the second the tool ran; -m's MAD count by the MADs each tool sends. */
    private static List<String> withoutDate(String text) {
        return text.lines().filter(line -> !line.startsWith(DATE_LINE) && !line.startsWith(MADS_LINE)).toList();
    }

    @ParameterizedTest(name = "node-name map on {0}")
    @MethodSource("mapFabrics")
    void theNodeNameMapRenamesAsTheDiagsDo(String name) throws Exception {
        Lab.require("ibsim", "ibnetdiscover", "iblinkinfo", "opensm");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-map-" + name);
        ParityFabric fabric = fabric(scratch, name);
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(scratch, ibsim.socket(), fabric.hosts().get(0), Duration.ofSeconds(60))) {
            openSm.awaitQuiet(Duration.ofSeconds(1), Duration.ofSeconds(60));
            Map<String, String> attach = Lab.preloadEnvironment(ibsim.socket(), node);
            Timed list = run(scratch, List.of(Lab.tool("ibnetdiscover"), "-l"), attach, "theirs");
            assertEquals(0, list.output().status(), list.output().err());
            Path map = scratch.resolve("nodes.map");
            Files.writeString(map, nodeNameMap(list.output().text()));
            String fabricArg = "ibsim:" + ibsim.socket() + "@" + node;
            List<List<String>> runs = List.of(List.of("discover", "ibnetdiscover"),
                    List.of("discover", "ibnetdiscover", "-l"), List.of("discover", "ibnetdiscover", "-p"),
                    List.of("linkinfo", "iblinkinfo"));
            for (List<String> r : runs) {
                List<String> theirs = new ArrayList<>(List.of(Lab.tool(r.get(1)), "--node-name-map", map.toString()));
                theirs.addAll(r.subList(2, r.size()));
                // a relative map file: ours resolves it in the folder the launcher was started in
                List<String> ours = new ArrayList<>(List.of(BuiltLauncher.script(), r.get(0), "--fabric", fabricArg,
                        "--node-name-map", "nodes.map"));
                ours.addAll(r.subList(2, r.size()));
                Timed expected = run(scratch, theirs, attach, "theirs");
                assertEquals(0, expected.output().status(), theirs + ": " + expected.output().err());
                Timed actual = run(scratch, ours, BuiltLauncher.environment(), "ours");
                assertEquals(0, actual.output().status(), ours + ": " + actual.output().err());
                List<String> lines = withoutDate(expected.output().text());
                assertTrue(lines.stream().anyMatch(l -> l.contains("renamed-")), theirs + " used no name of the map");
                assertEquals(lines, withoutDate(actual.output().text()), name + ": " + ours);
            }
        }
    }

    static Stream<String> mapFabrics() {
        return Stream.of("ft2-16", "ft3-432");
    }

    /**
     * A map in every spelling the diags read: every other node renamed, quoted or not, with comments after the name
     * and on their own, a GUID without a name and a second naming of a GUID (the first wins).
     */
    private static String nodeNameMap(String list) {
        StringBuilder map = new StringBuilder("# node-name map written by DiscoverLabIT\n\n");
        List<String> lines = list.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String guid = line.substring(line.indexOf("0x"), line.indexOf(" ports"));
            String desc = line.substring(line.indexOf('"') + 1, line.lastIndexOf('"'));
            switch (i % 4) {
                case 0 -> map.append(guid).append(" \"renamed-").append(desc).append("\"  # quoted\n");
                case 1 -> map.append(guid).append("\n");
                case 2 -> map.append("   ").append(guid).append("\trenamed-").append(desc).append("#unquoted\n");
                default -> map.append(guid).append(" \"renamed-").append(desc).append("\"\n").append(guid)
                        .append(" \"second naming, ignored\"\n");
            }
        }
        return map.toString();
    }

    /**
     * Caches written by each tool load in the other; then ibsim's console pulls two cables and plugs one host into the
     * freed switch port, and {@code --diff} against the caches written before prints the same in both tools, for the
     * default checks and for all of them.
     */
    @Test
    void cachesLoadInEitherToolAndDiffsAgree() throws Exception {
        Lab.require("ibsim", "ibnetdiscover", "opensm");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-diff");
        ParityFabric fabric = fabric(scratch, "ft2-16");
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(scratch, ibsim.socket(), fabric.hosts().get(0), Duration.ofSeconds(60))) {
            openSm.awaitQuiet(Duration.ofSeconds(1), Duration.ofSeconds(60));
            Map<String, String> attach = Lab.preloadEnvironment(ibsim.socket(), node);
            Map<String, String> state = BuiltLauncher.environment();
            String fabricArg = "ibsim:" + ibsim.socket() + "@" + node;
            String ibnetdiscover = Lab.tool("ibnetdiscover");
            Timed theirs = run(scratch, List.of(ibnetdiscover, "--cache", "theirs.cache"), attach, "theirs");
            assertEquals(0, theirs.output().status(), theirs.output().err());
            Timed ours = run(scratch,
                    List.of(BuiltLauncher.script(), "discover", "--fabric", fabricArg, "--cache", "ours.cache"), state,
                    "ours");
            assertEquals(0, ours.output().status(), ours.output().err());
            List<String> topology = withoutDate(theirs.output().text());
            assertEquals(topology, withoutDate(ours.output().text()));
            for (String cache : List.of("theirs.cache", "ours.cache")) {
                Timed loaded = run(scratch, List.of(ibnetdiscover, "--load-cache", cache), Map.of(), "theirs");
                assertEquals(0, loaded.output().status(),
                        "ibnetdiscover --load-cache " + cache + ": " + loaded.output().err());
                assertEquals(topology, withoutDate(loaded.output().text()), "ibnetdiscover --load-cache " + cache);
                loaded = run(scratch, List.of(BuiltLauncher.script(), "discover", "--load-cache", cache), state,
                        "ours");
                assertEquals(0, loaded.output().status(),
                        "discover --load-cache " + cache + ": " + loaded.output().err());
                assertEquals(topology, withoutDate(loaded.output().text()), "discover --load-cache " + cache);
            }

            ibsim.console("Unlink \"leaf002\"[5]");
            ibsim.console("Unlink \"h00016\"[1]");
            ibsim.console("Link \"leaf002\"[5] \"h00016\"[1]");
            awaitPorts(scratch, attach, "( 'leaf002' - 'h00016' )");
            openSm.awaitQuiet(Duration.ofSeconds(1), Duration.ofSeconds(60));

            for (List<String> checks : List.of(List.<String>of(),
                    List.of("--diffcheck", "sw,ca,router,port,lid,nodedesc"))) {
                List<String> expected = null;
                for (String cache : List.of("theirs.cache", "ours.cache")) {
                    List<String> command = new ArrayList<>(List.of(ibnetdiscover, "--diff", cache));
                    command.addAll(checks);
                    Timed diff = run(scratch, command, attach, "theirs");
                    assertEquals(0, diff.output().status(), command + ": " + diff.output().err());
                    if (expected == null) {
                        expected = diff.output().text().lines().toList();
                        assertTrue(expected.stream().anyMatch(l -> l.startsWith("> [5]")), command + ": " + expected);
                    }
                    assertEquals(expected, diff.output().text().lines().toList(), String.join(" ", command));
                    command = new ArrayList<>(
                            List.of(BuiltLauncher.script(), "discover", "--fabric", fabricArg, "--diff", cache));
                    command.addAll(checks);
                    diff = run(scratch, command, state, "ours");
                    assertEquals(0, diff.output().status(), command + ": " + diff.output().err());
                    assertEquals(expected, diff.output().text().lines().toList(), String.join(" ", command));
                }
            }
        }
    }

    /** Waits until ibnetdiscover's ports report shows a line, as ibsim's console acts and OpenSM sweeps. */
    private static void awaitPorts(Path scratch, Map<String, String> attach, String text) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            Timed ports = run(scratch, List.of(Lab.tool("ibnetdiscover"), "-p"), attach, "theirs");
            if (ports.output().text().contains(text)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("ibnetdiscover -p never showed " + text + ":\n" + ports.output().text());
            }
        }
    }

    private record Timed(Output output, double seconds) {
    }

    private static Timed run(Path scratch, List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        Output output = LabRun.run(scratch, command, environment, who, TIMEOUT);
        return new Timed(output, (System.nanoTime() - start) / 1e9);
    }
}
