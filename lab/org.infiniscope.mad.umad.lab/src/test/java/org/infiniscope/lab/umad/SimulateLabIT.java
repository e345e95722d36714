package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./infiniscope simulate} serves ibsim's client protocol: Debian's smpquery and ibnetdiscover, unmodified under
 * umad2sim, run against it and against real ibsim on the same net file, and must print the same. The comparison is
 * byte for byte where the simulator's model and ibsim's agree; the simulator takes ibsim's defaults where the IBA
 * allows it (SystemImageGUID the node GUID, Revision 0xA1), and the one NodeInfo field still different
 * (PartitionCap) is left out, by name, and nothing else. PortInfo is not compared here: ParityLabIT compares it after OpenSM
 * has configured the ports, and names the fields where the models differ (capability masks, values ibsim ignores).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SimulateLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String FABRIC = "fabrics/ft2-16.net";
    private static final String NODE = "h00002";
    /**
     * NodeInfo fields where ibsim's defaults and the simulator's differ: ibsim gives a switch's port 0 a P_Key table
     * of 8 entries and a CA's ports 64, the simulator every port one block of 32.
     */
    private static final List<String> IBSIM_DEFAULTS = List.of("PartCap:");
    /** ibnetdiscover's date line: the two runs may fall on different seconds. */
    private static final String DATE_LINE = "# Topology file: generated on ";

    private static Path scratch;
    private static Ibsim ibsim;
    private static Process simulate;
    private static int port;

    @BeforeAll
    static void startBoth() throws Exception {
        Lab.require("ibsim", "smpquery", "ibnetdiscover");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("simulate");
        ibsim = Ibsim.start(scratch, FABRIC, Duration.ofSeconds(10));
        Path net = scratch.resolve(Path.of(FABRIC).getFileName());
        // a port range of its own per test JVM, so parallel runs on one machine do not meet
        port = 20000 + (int) (ProcessHandle.current().pid() % 3000) * 11;
        ProcessBuilder builder = new ProcessBuilder(BuiltLauncher.script(), "simulate", "--net", net.toString(),
                "--ibsim-port", Integer.toString(port)).directory(scratch.toFile())
                .redirectError(scratch.resolve("simulate.err").toFile());
        builder.environment().keySet().removeAll(List.of("LD_PRELOAD", "IBSIM_SOCKNAME", "SIM_HOST"));
        builder.environment().putAll(BuiltLauncher.environment());
        simulate = builder.start();
        awaitListening(simulate.getInputStream());
    }

    /** The tool prints one line once its ports are bound; reading it is the wait. */
    private static void awaitListening(InputStream out) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.contains("IBSIM_SERVER_PORT=" + port)) {
                return;
            }
        }
        fail("simulate ended before listening: " + Files.readString(scratch.resolve("simulate.err")));
    }

    @AfterAll
    static void stopBoth() throws IOException {
        if (simulate != null) {
            // closing its standard input is how the tool is told to stop
            simulate.getOutputStream().close();
            try {
                if (!simulate.waitFor(20, TimeUnit.SECONDS)) {
                    Lab.stop(simulate);
                }
            } catch (InterruptedException e) {
                Lab.stop(simulate);
                Thread.currentThread().interrupt();
            }
        }
        try (Ibsim i = ibsim) {
            // closes ibsim
        }
    }

    @Test
    void smpqueryNodeInfoOfTheLeafIsIbsimsAnswer() throws Exception {
        Output theirs = theirs("smpquery", "-D", "nodeinfo", "0,1");
        Output ours = ours("smpquery", "-D", "nodeinfo", "0,1");
        assertEquals(0, theirs.status(), theirs.err());
        assertEquals(0, ours.status(), ours.err());
        assertEquals(withoutIbsimDefaults(theirs.text()), withoutIbsimDefaults(ours.text()));
    }

    @Test
    void smpqueryAcrossTwoSwitchesPrintsTheSameBytes() throws Exception {
        for (String[] query : List.of(new String[]{"-D", "nodedesc", "0,1"}, new String[]{"-D", "nodedesc", "0,1,6"})) {
            List<String> command = new ArrayList<>(List.of("smpquery"));
            command.addAll(List.of(query));
            Output theirs = theirs(command.toArray(String[]::new));
            Output ours = ours(command.toArray(String[]::new));
            assertEquals(0, theirs.status(), theirs.err());
            assertEquals(0, ours.status(), ours.err());
            assertArrayEquals(theirs.out(), ours.out(), String.join(" ", command) + ", byte for byte");
        }
    }

    @Test
    void ibnetdiscoverFindsTheSameFabric() throws Exception {
        Output theirs = theirs("ibnetdiscover");
        Output ours = ours("ibnetdiscover");
        assertEquals(0, theirs.status(), theirs.err());
        assertEquals(0, ours.status(), ours.err());
        assertNotNull(ours.text());
        assertEquals(withoutIbsimDefaults(theirs.text()), withoutIbsimDefaults(ours.text()));
    }

    private static String withoutIbsimDefaults(String text) {
        return text.lines().filter(line -> !line.startsWith(DATE_LINE))
                .filter(line -> IBSIM_DEFAULTS.stream().noneMatch(line::startsWith)).collect(Collectors.joining("\n"));
    }

    private static Output ours(String... command) throws IOException, InterruptedException {
        return run(command, Map.of("LD_PRELOAD", Lab.PRELOAD.toString(), "IBSIM_SERVER_NAME", "127.0.0.1",
                "IBSIM_SERVER_PORT", Integer.toString(port), "SIM_HOST", NODE), "ours");
    }

    private static Output theirs(String... command) throws IOException, InterruptedException {
        return run(command, Lab.preloadEnvironment(ibsim.socket(), NODE), "theirs");
    }

    private static Output run(String[] command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        line.set(0, Lab.tool(command[0]));
        return LabRun.run(scratch, line, environment, who, TIMEOUT);
    }
}
