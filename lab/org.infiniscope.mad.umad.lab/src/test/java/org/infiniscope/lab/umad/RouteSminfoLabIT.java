package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * {@code ./infiniscope route} and {@code ./infiniscope sminfo --fabric ibsim:SOCKET@NODE} as a user types them,
 * against Debian's {@code ibroute} and {@code sminfo} run the same way (same ibsim, same node h00002, same
 * arguments), with OpenSM up on ft2-16 (at h00001) and quiet: standard output must be the same bytes. LIDs as
 * OpenSM gives them on ft2-16: leaf001 2, leaf002 3, spine001 6, h00002 (the tools' own port) 8.
 * <p>
 * The one allowed difference is sminfo's activity count: on ibsim the SMInfo Get goes to OpenSM itself, whose
 * SMInfo:ActCount moves with its sweeps (and with the SMInfo it answers). The test runs Debian's sminfo before and
 * after ours: ours must lie between the two, and every other byte must be the same.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RouteSminfoLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String NODE = "h00002";
    private static final String SM_NODE = "h00001";
    private static final Pattern ACTIVITY = Pattern.compile("activity count (\\d+)");

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "ibroute", "sminfo", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("route");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        openSm = OpenSm.start(scratch, ibsim.socket(), SM_NODE, Duration.ofSeconds(30));
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
        Files.writeString(scratch.resolve("names"), SaqueryLabIT.NAMES);
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
        return run(command, BuiltLauncher.environment(), "ours");
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

    @Order(1)
    @ParameterizedTest(name = "ibroute {0}")
    @ValueSource(strings = {"2", "3", "6", "-a 2", "-n 3", "6 4 10", "-a -n 6 0 20", "-D 0,1", "-M 2", "-M -n 6",
            "-M -a -n 3 0xc000 0xc003", "-M -a 2 0xc000 0xc001", "--node-name-map names 2", "--node-name-map names 6",
            "--node-name-map names -M 2", "--node-name-map names -D 0,1 0 12"})
    void routePrintsWhatIbroutePrints(String query) throws Exception {
        Output theirs = theirs("ibroute", query);
        ok(theirs, "ibroute " + query);
        Output ours = ok(ours("route", query), "./infiniscope route " + query);
        assertEquals(theirs.text(), ours.text(), "ibroute " + query);
        assertArrayEquals(theirs.out(), ours.out(), "ibroute " + query + ", byte for byte");
    }

    @Order(2)
    @ParameterizedTest(name = "sminfo {0}")
    @ValueSource(strings = {"", "1"})
    void sminfoPrintsWhatSminfoPrintsButTheActivityCount(String query) throws Exception {
        String before = ok(theirs("sminfo", query), "sminfo " + query).text();
        String ours = ok(ours("sminfo", query), "./infiniscope sminfo " + query).text();
        String after = ok(theirs("sminfo", query), "sminfo " + query).text();
        assertEquals(ACTIVITY.matcher(before).replaceAll("activity count N"),
                ACTIVITY.matcher(ours).replaceAll("activity count N"), "sminfo " + query + ", all but ActCount");
        Matcher b = ACTIVITY.matcher(before), o = ACTIVITY.matcher(ours), a = ACTIVITY.matcher(after);
        assertTrue(b.find() && o.find() && a.find(), ours);
        long x = Long.parseLong(b.group(1)), y = Long.parseLong(o.group(1)), z = Long.parseLong(a.group(1));
        assertTrue(x <= y && y <= z, "activity count " + x + ", ours " + y + ", then " + z);
    }

    @Test
    @Order(3)
    void aChannelAdapterIsNoSwitchForEither() throws Exception {
        Output theirs = theirs("ibroute", "8");
        Output ours = ours("route", "8");
        // Debian's ibroute prints "iberror: failed: dump tables: not a switch" on standard output; ours, like every
        // console tool, reports failures on standard error with its own prefix and exits with 1
        String theirsSaid = theirs.text() + theirs.err();
        assertTrue(theirsSaid.contains("not a switch"), theirs.status() + ": " + theirsSaid);
        assertTrue(ours.status() != 0, ours.err());
        assertTrue(ours.err().contains("not a switch"), ours.err());
        assertTrue(!ours.text().contains("Unicast lids"), ours.text());
    }
}
