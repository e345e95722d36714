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
 * {@code ./infiniscope smpquery --fabric ibsim:SOCKET@NODE} as a user types it, against Debian's {@code smpquery}
 * run the same way (same ibsim, same node, same arguments): standard output must be the same bytes. The launcher
 * puts the preload variables on its final {@code java} only; Debian's tool gets them from this test. Nothing may
 * differ: the directed-route queries run before OpenSM is up, the LID-routed ones after it has brought the subnet
 * up, and no SM changes anything between the two tools' reads.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SmpqueryLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String NODE = "h00002";
    private static final String SM_NODE = "h00001";

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "smpquery", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("smpquery");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        Files.writeString(scratch.resolve("names"), SaqueryLabIT.NAMES);
    }

    @AfterAll
    static void stopLab() {
        try (Ibsim i = ibsim; OpenSm o = openSm) {
            // closed in reverse order: OpenSM, then ibsim
        }
    }

    private static Output ours(String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), "smpquery", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE));
        command.addAll(List.of(query.split(" ")));
        return run(command, BuiltLauncher.environment(), "ours");
    }

    private static Output theirs(String query) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Lab.tool("smpquery")));
        command.addAll(List.of(query.split(" ")));
        return run(command, Lab.preloadEnvironment(ibsim.socket(), NODE), "theirs");
    }

    private static Output run(List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        return LabRun.run(scratch, command, environment, who, TIMEOUT);
    }

    private static void assertSameOutput(String query) throws IOException, InterruptedException {
        Output theirs = theirs(query);
        assertEquals(0, theirs.status(), "smpquery " + query + ": " + theirs.err());
        Output ours = ours(query);
        assertEquals(0, ours.status(), "./infiniscope smpquery " + query + ": " + ours.err());
        assertEquals(theirs.text(), ours.text(), "smpquery " + query);
        assertArrayEquals(theirs.out(), ours.out(), "smpquery " + query + ", byte for byte");
    }

    @Order(1)
    @ParameterizedTest(name = "smpquery {0}")
    @ValueSource(strings = {"-D nodeinfo 0,1", "-D nodeinfo 0", "-D nodedesc 0,1", "-D portinfo 0 1",
            "-D portinfo 0,1 5", "-D pi 0,1,3 1", "-D switchinfo 0,1", "-D pkeys 0", "-D pkeys 0,1 3", "-D sl2vl 0,1 2",
            "-D vlarb 0 1", "-D vlarb 0,1", "-D gi 0,1", "--node-name-map names -D nodedesc 0",
            "--node-name-map names -D nodedesc 0,1", "--node-name-map names -D nodedesc 0,1,5",
            "--node-name-map names -D nodeinfo 0,1"})
    void directedRouteQueriesPrintWhatSmpqueryPrints(String query) throws Exception {
        assertSameOutput(query);
    }

    @Test
    @Order(2)
    void aRouteThatLeadsNowhereIsOneLineOnStandardErrorAndStatusOne() throws Exception {
        Output ours = ours("-t 100 -D nodeinfo 0,9");
        assertEquals(1, ours.status(), ours.err());
        assertEquals("", ours.text());
        List<String> lines = ours.err().lines().filter(line -> !line.startsWith("ibwarn:")).toList();
        assertEquals(1, lines.size(), ours.err());
        assertTrue(lines.getFirst().startsWith("infiniscope smpquery: operation nodeinfo: node info query failed: "),
                ours.err());
    }

    @Order(3)
    @ParameterizedTest(name = "smpquery {0} after SUBNET UP")
    @ValueSource(strings = {"nodeinfo 1", "portinfo 1 1", "nodedesc 1", "sl2vl 1", "--node-name-map names nodedesc 1"})
    void lidRoutedQueriesPrintWhatSmpqueryPrints(String query) throws Exception {
        if (openSm == null) {
            openSm = OpenSm.start(scratch, ibsim.socket(), SM_NODE, Duration.ofSeconds(30));
        }
        assertSameOutput(query);
    }
}
