package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Faults injected into {@code ./infiniscope simulate} while unmodified OpenSM runs on it: pulling a cable sends the
 * SM trap 128, it resweeps, and ibnetdiscover no longer finds the host; plugging it back brings the host back. A
 * counter set through the simulator's console is what Debian's perfquery reads.
 */
class FaultsLabIT {

    private static final String FABRIC = "fabrics/ft2-16.net";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern SYMBOL_ERRORS_50 = Pattern.compile("(?m)^SymbolErrorCounter:\\.+50$");
    private static final Pattern LINK_DOWNED_3 = Pattern.compile("(?m)^LinkDownedCounter:\\.+3$");
    private static final Pattern LEAF_LID = Pattern.compile("# \"leaf001\" base port 0 lid (\\d+) ");

    private static Path scratch;
    private static String socket;
    private static Process simulate;
    private static Writer console;
    private static OpenSm sm;
    private static Path smLog;

    @BeforeAll
    static void start() throws Exception {
        Lab.require("opensm", "ibnetdiscover", "perfquery");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("faults");
        socket = Lab.uniqueSocket("faults");
        Path net = scratch.resolve("ft2-16.net");
        try (var in = FaultsLabIT.class.getClassLoader().getResourceAsStream(FABRIC)) {
            Files.copy(in, net);
        }
        ProcessBuilder builder = new ProcessBuilder(BuiltLauncher.script(), "simulate", "--net", net.toString(),
                "--ibsim-socket", socket).directory(scratch.toFile())
                .redirectError(scratch.resolve("simulate.err").toFile());
        builder.environment().keySet().removeAll(List.of("LD_PRELOAD", "IBSIM_SOCKNAME", "SIM_HOST"));
        builder.environment().putAll(BuiltLauncher.environment());
        simulate = builder.start();
        console = new OutputStreamWriter(simulate.getOutputStream(), StandardCharsets.UTF_8);
        BufferedReader out = new BufferedReader(
                new InputStreamReader(simulate.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.contains("IBSIM_SOCKNAME=" + socket)) {
            fail("simulate did not start: " + line + " " + Files.readString(scratch.resolve("simulate.err")));
        }
        sm = OpenSm.start(scratch, socket, "h00001", TIMEOUT);
        smLog = scratch.resolve("opensm/opensm.log");
    }

    @AfterAll
    static void stop() throws IOException {
        try (OpenSm s = sm) {
            // stops OpenSM first: it must not wait on a server that is gone
        }
        if (simulate != null) {
            simulate.getOutputStream().close(); // the tool's way to stop
            try {
                if (!simulate.waitFor(20, TimeUnit.SECONDS)) {
                    Lab.stop(simulate);
                }
            } catch (InterruptedException e) {
                Lab.stop(simulate);
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void type(String command) throws IOException {
        console.write(command + "\n");
        console.flush();
    }

    @Test
    void aPulledCableReachesOpenSmAsATrapAndTheHostIsGoneUntilItIsPluggedBack() throws Exception {
        assertTrue(ibnetdiscover().contains("\"h00002\""), "h00002 is there to begin with");
        awaitQuiet();
        long sweeps = count("SUBNET UP");
        long traps = count("num:128");
        type("unlink \"leaf001\"[2]");
        await(() -> count("num:128") > traps, "OpenSM logs a new trap 128");
        await(() -> count("SUBNET UP") > sweeps, "OpenSM resweeps after the trap");
        await(() -> !ibnetdiscover().contains("\"h00002\""), "ibnetdiscover no longer finds h00002");

        long before = count("SUBNET UP");
        type("relink \"leaf001\"[2]");
        await(() -> count("SUBNET UP") > before, "OpenSM resweeps after the cable is back");
        await(() -> ibnetdiscover().contains("\"h00002\""), "h00002 is found again");
    }

    @Test
    void aCounterSetInTheSimulatorIsWhatPerfqueryReads() throws Exception {
        Matcher lid = LEAF_LID.matcher(ibnetdiscover());
        assertTrue(lid.find(), "leaf001's LID in ibnetdiscover's output");
        type("set \"leaf001\"[5] PortCounters.SymbolErrorCounter=50");
        type("set \"leaf001\"[5] PortCounters.LinkDownedCounter=3");
        await(() -> SYMBOL_ERRORS_50.matcher(perfquery(lid.group(1), "5")).find(),
                "perfquery shows the symbol errors set");
        String counters = perfquery(lid.group(1), "5");
        assertTrue(LINK_DOWNED_3.matcher(counters).find(), counters);
        assertFalse(counters.contains("ibwarn"), counters);
    }

    /**
     * Waits until OpenSM's log has not grown for a second: its first sweeps (it sets its own port Down to change the
     * MTU, and the leaf's trap 128 for that makes it sweep again) are over.
     */
    private static void awaitQuiet() throws Exception {
        long size = -1;
        while (size != Files.size(smLog)) {
            size = Files.size(smLog);
            simulate.waitFor(1, TimeUnit.SECONDS);
        }
    }

    private static long count(String text) throws IOException {
        return Files.readString(smLog).lines().filter(line -> line.contains(text)).count();
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(Check check, String what) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                List<String> tail = Files.readAllLines(smLog);
                fail(what + ": not within " + TIMEOUT + "; OpenSM's log ends with\n"
                        + String.join("\n", tail.subList(Math.max(0, tail.size() - 20), tail.size())));
            }
            simulate.waitFor(200, TimeUnit.MILLISECONDS); // a bounded pause that ends early if the server dies
            assertTrue(simulate.isAlive(), "the simulator is still serving");
        }
    }

    private static String ibnetdiscover() throws Exception {
        return run("ibnetdiscover").text();
    }

    private static String perfquery(String lid, String port) throws Exception {
        Output out = run("perfquery", lid, port);
        assertEquals(0, out.status(), out.err());
        return out.text();
    }

    private static Output run(String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        line.set(0, Lab.tool(command[0]));
        return LabRun.run(scratch, line, Lab.preloadEnvironment(socket, "h00003"), command[0], TIMEOUT);
    }
}
