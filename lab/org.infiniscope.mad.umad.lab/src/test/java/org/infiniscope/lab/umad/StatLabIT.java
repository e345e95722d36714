package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./infiniscope stat --fabric ibsim:SOCKET@NODE} against Debian's {@code ibstat} under umad2sim on the same
 * ibsim (ft2-16, OpenSM up at h00001 and quiet), at a CA, at the SM's CA and at a switch: standard output must be the
 * same bytes, nothing normalised. Both read the CA through libibumad from the sysfs umad2sim fakes for each process
 * (the same values: the name ibsim0, CA type simulator, firmware 1, link layer IB).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class StatLabIT {

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;
    private static LabRun run;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "ibstat", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("stat");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        openSm = OpenSm.start(scratch, ibsim.socket(), "h00001", Duration.ofSeconds(30));
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
        run = new LabRun(scratch, ibsim.socket());
    }

    @AfterAll
    static void stopLab() {
        try (Ibsim i = ibsim; OpenSm o = openSm) {
            // closed in reverse order: OpenSM, then ibsim
        }
    }

    @ParameterizedTest(name = "ibstat {1} at {0}")
    @CsvSource(delimiter = '|', value = {"h00002|", "h00002|-l", "h00002|-p", "h00002|-s", "h00002|ibsim0",
            "h00002|ibsim0 1", "h00001|", "leaf001|", "leaf001|ibsim0 0", "spine002|-p"})
    void statPrintsWhatIbstatPrints(String node, String query) throws Exception {
        String args = query == null ? "" : query;
        Output theirs = run.theirs(node, "ibstat", LabRun.words(args));
        Output ours = run.ours(node, "stat", LabRun.words(args));
        assertEquals(0, theirs.status(), theirs.err());
        assertEquals(0, ours.status(), ours.err());
        assertTrue(!theirs.text().isEmpty(), "ibstat printed nothing");
        assertEquals(theirs.text(), ours.text(), "ibstat " + args + " at " + node);
        assertArrayEquals(theirs.out(), ours.out(), "byte for byte");
    }

    @Test
    void anUnknownCaFailsForBoth() throws Exception {
        Output theirs = run.theirs("h00002", "ibstat", LabRun.words("mlx9_0"));
        Output ours = run.ours("h00002", "stat", LabRun.words("mlx9_0"));
        assertNotEquals(0, theirs.status());
        assertNotEquals(0, ours.status());
        // ibstat panics with "ibpanic: [PID] main: 'mlx9_0' IB device can't be found: Success"; ours says it in its own
        // prefix, with the CAs there are
        assertTrue(theirs.err().contains("'mlx9_0' IB device can't be found"), theirs.err());
        assertTrue(ours.err().contains("'mlx9_0' IB device can't be found; CAs: ibsim0"), ours.err());
        assertEquals("", ours.text());
    }
}
