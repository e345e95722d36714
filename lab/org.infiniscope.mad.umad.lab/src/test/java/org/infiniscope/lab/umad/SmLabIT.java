package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our SM as the only SM on ibsim: {@code ./infiniscope sm --fabric ibsim:SOCKET@NODE --once} brings every shared
 * fabric up (five phase lines, then SUBNET UP); then Debian's {@code ibtracert} finds a path between a sample of host
 * pairs through the LFTs it programmed, and Debian's {@code ibroute} prints for a sample of switches exactly the
 * tables the SM says it programmed ({@code --routes}). Each fabric is then brought up by OpenSM 3.3.23 on a fresh
 * ibsim, and both times to SUBNET UP (from the process start) go to {@code target/sm-subnet-up.txt}.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS)
class SmLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern PHASE = Pattern.compile("SM phase (\\w+) (\\d+\\.\\d{3}) s");
    private static final Pattern SWITCH = Pattern.compile("^Unicast lids \\[0x0-0x[0-9a-f]+\\] of switch Lid (\\d+) ",
            Pattern.MULTILINE);
    private static final Pattern CA = Pattern.compile("^0x([0-9a-f]{4}) \\d{3} : \\(Channel Adapter ",
            Pattern.MULTILINE);
    private static final Path REPORT = Path.of("target", "sm-subnet-up.txt");

    @BeforeAll
    static void lab() throws IOException {
        Lab.require("ibsim", "opensm", "ibtracert", "ibroute");
        BuiltLauncher.prepare();
        Files.createDirectories(REPORT.getParent());
    }

    /** @return the CAs of a net file: the SM attaches at the first (ibsim's SIM_HOST), the diags at the last */
    private static List<String> cas(String fabric) throws IOException {
        try (var in = SmLabIT.class.getClassLoader().getResourceAsStream(fabric)) {
            Matcher m = Pattern.compile("^(?:Hca|Ca)\\s+\\d+\\s+\"([^\"]+)\"", Pattern.MULTILINE)
                    .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            List<String> names = new ArrayList<>();
            while (m.find()) {
                names.add(m.group(1));
            }
            assertTrue(names.size() >= 2, fabric + " has two CAs");
            return names;
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ft2-16.net", "irregular-1.net", "torus-4x4x2.net", "dfly-5x4.net", "ft2-432.net",
            "ft3-432.net"})
    void ourSmBringsTheFabricUpAndTheDiagsFollowItsRoutes(String file) throws Exception {
        String fabric = "fabrics/" + file;
        List<String> cas = cas(fabric);
        String host = cas.get(0);
        // the diags run elsewhere: ibsim answers no LID-routed SMP a port sends to its own LID
        String diags = cas.get(cas.size() - 1);
        Path scratch = Lab.scratch("sm-" + file.replace(".net", ""));
        long oursNanos;
        double phases = 0;
        try (Ibsim ibsim = Ibsim.start(scratch, fabric, Duration.ofSeconds(10))) {
            LabRun run = new LabRun(scratch, ibsim.socket());
            long start = System.nanoTime();
            Output sm = run.ours(host, "sm", List.of("--once", "--guid2lid", "guid2lid", "--routes", "routes.txt"));
            oursNanos = System.nanoTime() - start;
            assertEquals(0, sm.status(), "sm --once on " + file + ": " + sm.err());
            List<String> lines = sm.text().lines().toList();
            assertEquals(6, lines.size(), sm.text());
            assertEquals("SUBNET UP", lines.get(5));
            for (String l : lines.subList(0, 5)) {
                Matcher m = PHASE.matcher(l);
                assertTrue(m.matches(), l);
                phases += Double.parseDouble(m.group(2));
            }
            String routes = Files.readString(scratch.resolve("routes.txt"));
            Map<Integer, String> tables = tables(routes);
            List<Integer> hosts = new ArrayList<>();
            Matcher ca = CA.matcher(routes.substring(0, routes.indexOf("valid lids dumped")));
            while (ca.find()) {
                hosts.add(Integer.parseInt(ca.group(1), 16));
            }
            assertTrue(hosts.size() >= 2, "hosts in " + file);
            Random random = new Random(file.hashCode());
            for (int i = 0; i < 12; i++) {
                int from = hosts.get(random.nextInt(hosts.size()));
                int to = hosts.get(random.nextInt(hosts.size()));
                if (from == to) {
                    continue;
                }
                Output trace = run.theirs(diags, "ibtracert", List.of(String.valueOf(from), String.valueOf(to)));
                assertEquals(0, trace.status(), "ibtracert " + from + " " + to + ": " + trace.err() + trace.text());
                assertTrue(trace.text().contains("To ca") && trace.text().contains("lid " + to + "-" + to),
                        "ibtracert " + from + " " + to + " reaches the CA:\n" + trace.text());
            }
            List<Integer> switches = new ArrayList<>(tables.keySet());
            Collections.shuffle(switches, random);
            for (int lid : switches.subList(0, Math.min(8, switches.size()))) {
                Output ibroute = run.theirs(diags, "ibroute", List.of(String.valueOf(lid)));
                assertEquals(0, ibroute.status(), "ibroute " + lid + ": " + ibroute.err());
                assertEquals(tables.get(lid), ownLineAsOurs(ibroute.text(), tables.get(lid), diags),
                        "ibroute " + lid + " on " + file);
            }
        }
        Duration openSm;
        Path theirs = Lab.scratch("opensm-" + file.replace(".net", ""));
        try (Ibsim ibsim = Ibsim.start(theirs, fabric, Duration.ofSeconds(10));
                OpenSm o = OpenSm.start(theirs, ibsim.socket(), host, TIMEOUT)) {
            openSm = o.timeToSubnetUp();
        }
        String line = String.format(Locale.ROOT,
                "%-16s ours %.3f s (process start to exit after SUBNET UP; phases %.3f s)  OpenSM %.3f s%n", file,
                oursNanos / 1e9, phases, openSm.toNanos() / 1e9);
        System.out.print(line);
        Files.writeString(REPORT, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /**
     * The one permitted difference: ibroute names the node of each LID by LID-routed SMPs, and ibsim answers none a
     * port sends to its own LID, so the line of the diags' own LID reads "(unknown node and type)"; that line is taken
     * from ours when, and only when, ibroute could not name it.
     */
    private static String ownLineAsOurs(String theirs, String ours, String diags) {
        String own = ours.lines().filter(l -> l.endsWith(": '" + diags + "')")).findFirst().orElse(null);
        if (own == null) {
            return theirs;
        }
        String prefix = own.substring(0, "0x0000 000".length());
        return theirs.replace(prefix + " : (unknown node and type)", own);
    }

    /** @return each switch's section of the route dump, by its LID */
    private static Map<Integer, String> tables(String routes) {
        Map<Integer, String> tables = new LinkedHashMap<>();
        Matcher m = SWITCH.matcher(routes);
        List<int[]> starts = new ArrayList<>();
        while (m.find()) {
            starts.add(new int[]{m.start(), Integer.parseInt(m.group(1))});
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : routes.length();
            tables.put(starts.get(i)[1], routes.substring(starts.get(i)[0], end));
        }
        return tables;
    }
}
