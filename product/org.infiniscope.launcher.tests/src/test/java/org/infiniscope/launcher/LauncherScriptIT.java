package org.infiniscope.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ./infiniscope} as a user runs it, against the runtimes this build assembled. The build state
 * (stamp, workspace) is a folder under target/, marked up to date so that no test starts a nested build.
 */
class LauncherScriptIT {

    private static final Path ROOT = Path.of(System.getProperty("infiniscope.root", "../.."));
    private static final Path STATE = Path.of(System.getProperty("infiniscope.state", "target/state"));
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    record Result(int status, String out, String err) {
    }

    @BeforeEach
    void markBuildUpToDate() throws IOException {
        Files.createDirectories(STATE);
        Path stamp = STATE.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().plus(Duration.ofMinutes(1))));
    }

    private static ProcessBuilder script(Map<String, String> env, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(ROOT.resolve("infiniscope").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
        builder.environment().put("INFINISCOPE_STATE", STATE.toAbsolutePath().toString());
        builder.environment().putAll(env);
        return builder;
    }

    private static Result run(String stdin, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(STATE, "out", ".txt");
        Path err = Files.createTempFile(STATE, "err", ".txt");
        Process process = script(env, args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("./infiniscope " + String.join(" ", args) + " did not finish in " + TIMEOUT);
        }
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void oneShotCommandRunsWithoutRebuildingWhenNothingChanged() throws Exception {
        Result check = run("", Map.of(), "build", "--check");
        assertEquals(0, check.status(), check.out() + check.err());
        assertEquals("infiniscope: the build is up to date\n", check.out());
        Result version = run("", Map.of(), "version");
        assertEquals(0, version.status(), version.err());
        assertTrue(version.out().startsWith("infiniscope 0.1.0."), version.out());
        assertTrue(!version.err().contains("building"), version.err());
    }

    @Test
    void aSourceNewerThanTheLastBuildIsNoticed() throws Exception {
        Files.setLastModifiedTime(STATE.resolve("build.stamp"), FileTime.from(Instant.EPOCH));
        Result check = run("", Map.of(), "build", "--check");
        assertEquals(1, check.status());
        assertTrue(check.out().matches("infiniscope: a build is needed: .+ changed since the last build\n"),
                check.out());
    }

    @Test
    void pipedLbThroughServeListsTheBundlesActiveOnFelixAndExits() throws Exception {
        Result result = run("lb\n", Map.of(), "serve");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().matches("(?s).*\\|Active +\\| +1\\|Infiniscope Console \\(0\\.1\\.0\\..*"),
                result.out());
        assertTrue(result.out().contains("System Bundle (7.0.5)"), "not Felix:\n" + result.out());
    }

    @Test
    void missingJavaIsNamed() throws Exception {
        Result result = run("", Map.of("INFINISCOPE_JAVA_HOME", "/nonexistent/jdk"), "version");
        assertEquals(1, result.status());
        assertTrue(result.err().startsWith("infiniscope: Java 25 is required: there is no JDK at /nonexistent/jdk"),
                result.err());
    }

    @Test
    void aOneShotLidRoutedToolFindsTheEmbeddedFabricBroughtUpByTheSm() throws Exception {
        // no SM runs under a one-shot command: the first LID-routed MAD has the SM bring the fabric up first
        Result counters = run("", Map.of(), "perfquery", "--fabric", "sim", "1", "1");
        assertEquals(0, counters.status(), counters.err());
        assertTrue(counters.out().startsWith("# Port counters: Lid 1 port 1 "), counters.out());
        assertTrue(counters.out().contains("PortXmitPkts:"), counters.out());
        Result errors = run("", Map.of(), "errors", "--fabric", "sim");
        assertEquals(0, errors.status(), errors.err());
        assertTrue(errors.out().contains("## Summary: 38 nodes checked, 0 bad nodes found\n"), errors.out());
        Result node = run("", Map.of(), "smpquery", "--fabric", "sim:ft2:4:2", "nodeinfo", "1");
        assertEquals(0, node.status(), node.err());
        assertTrue(node.out().startsWith("# Node info: Lid 1\n"), node.out());
        // directed-route SMPs alone leave the fabric as it was built
        Result dr = run("", Map.of(), "smpquery", "--fabric", "sim", "-D", "portinfo", "0", "1");
        assertEquals(0, dr.status(), dr.err());
        assertTrue(dr.out().contains("LinkState:.......................Initialize\n"), dr.out());
    }

    @Test
    void perftestOverTheCmConnectsThroughTheBringUpSmsSaAndDisconnects() throws Exception {
        Result lat = run("", Map.of(), "perftest", "send_lat", "--cm", "--fabric", "sim", "-n", "50", "h00001",
                "h00002");
        assertEquals(0, lat.status(), lat.err());
        assertTrue(lat.out().contains(" rdma_cm QPs\t : ON\n"), lat.out());
        assertTrue(
                lat.out().contains(" CM: h00001 -> h00002 service ID ")
                        && lat.out().contains("path record from the SA (LID 1 -> 3, MTU 2048, SL 0), REQ/REP/RTU"),
                lat.out());
        assertTrue(lat.out().contains("\n 2       50 "), lat.out());
        assertTrue(lat.out().endsWith(" CM: disconnected (DREQ/DREP)\n"), lat.out());
        Result connect = run("", Map.of(), "cm", "connect", "-n", "20", "--fabric", "sim", "h00002", "h00001");
        assertEquals(0, connect.status(), connect.err());
        assertTrue(connect.out().contains("20 connections established and disconnected in "), connect.out());
    }

    @Test
    void fabricIsTakenOutOfTheArgumentsAndHandedToTheTools() throws Exception {
        // version takes no arguments: --fabric reached the launcher, not the tool
        Result version = run("", Map.of(), "version", "--fabric", "umad", "--short");
        assertEquals(0, version.status(), version.err());
        // the framework property reaches smpquery, which walks the embedded simulator's built-in fabric from h00001
        Result sim = run("", Map.of(), "smpquery", "--fabric=sim", "-D", "nodeinfo", "0,1");
        assertEquals(0, sim.status(), sim.err());
        assertTrue(sim.out().startsWith("# Node info: DR path slid 65535; dlid 65535; 0,1\n"), sim.out());
        assertTrue(sim.out().contains("NodeType:........................Switch\n"), sim.out());
        assertTrue(sim.out().contains("LocalPort:.......................1\n"), sim.out());
        Result attach = run("", Map.of(), "smpquery", "--fabric", "sim", "-D", "portinfo", "0", "1");
        assertEquals(0, attach.status(), attach.err());
        assertTrue(attach.out().contains("LinkState:.......................Initialize\n"), attach.out());
        // a generated fabric, named in the environment
        Result fromEnvironment = run("", Map.of("INFINISCOPE_FABRIC", "sim:ft2:4:2"), "smpquery", "-D", "ni", "0,1");
        assertEquals(0, fromEnvironment.status(), fromEnvironment.err());
        assertTrue(fromEnvironment.out().contains("NodeType:........................Switch\n"), fromEnvironment.out());
        Result bad = run("", Map.of(), "smpquery", "--fabric", "sim:ft2:4:x", "-D", "ni", "0");
        assertEquals(1, bad.status(), bad.err());
        assertTrue(bad.err().contains("SPINES"), bad.err());
    }

    /**
     * The C client's fast path finds the daemon of a configuration without the script: it must name the very socket the
     * script names (the same fields, the environment's variables in the script's order, the same MD5), whatever the
     * caller's environment holds, or commands would start a second daemon. Without a C compiler there is no fast path.
     */
    @Test
    void theFastPathNamesTheSocketTheScriptNames() throws Exception {
        Path daemons = Files.createTempDirectory(STATE, "daemons");
        Files.setPosixFilePermissions(daemons, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        boolean compiler = new ProcessBuilder("sh", "-c", "command -v cc").start().waitFor() == 0;
        List<Map<String, String>> environments = List.of(Map.of(),
                Map.of("IBSIM_B", "2", "IBSIM_A", "a b", "IBSIM_a", "x=y", "LC_ALL", "C", "LANG", ""),
                Map.of("INFINISCOPE_ZZ", "3", "INFINISCOPE_AA", "\u00e9t\u00e9", "INFINISCOPE_DAEMON_IDLE", "5",
                        "UMAD_X", "1", "RDMAV_FORK_SAFE", "1", "IBV_SHOW_WARNINGS", "1", "TZ", "UTC",
                        "JAVA_TOOL_OPTIONS", "-Dx=1", "SIM_HOST", "h00002", "LD_LIBRARY_PATH", "/nonexistent"));
        java.util.Set<String> sockets = new java.util.HashSet<>();
        for (Map<String, String> environment : environments) {
            Map<String, String> env = new java.util.HashMap<>(environment);
            env.put("INFINISCOPE_DAEMON_DIR", daemons.toAbsolutePath().toString());
            Result r = run("", env, "daemon", "socket", "--fabric", "umad:mlx5_0:1");
            if (!compiler) {
                assertEquals(1, r.status(), r.out() + r.err());
                assertTrue(r.err().contains("no C client"), r.err());
                return;
            }
            assertEquals(0, r.status(), r.out() + r.err());
            String[] lines = r.out().split("\n");
            assertEquals(2, lines.length, r.out());
            assertTrue(lines[0].startsWith("script " + daemons.toAbsolutePath() + "/") && lines[0].endsWith(".sock"),
                    r.out());
            assertEquals(lines[0].substring("script ".length()), lines[1].substring("fast ".length()),
                    "the fast path's socket, with " + environment);
            sockets.add(lines[1]);
        }
        assertEquals(environments.size(), sockets.size(), "each environment its own daemon: " + sockets);
    }

    @Test
    void ibsimWithoutUmad2simNamesThePackage() throws Exception {
        Result result = run("", Map.of("INFINISCOPE_UMAD2SIM", "/nonexistent/libumad2sim.so"), "smpquery", "--fabric",
                "ibsim:lab@h00002", "-D", "nodeinfo", "0");
        assertEquals(1, result.status());
        assertEquals("infiniscope: --fabric ibsim:lab@h00002 needs umad2sim, and /nonexistent/libumad2sim.so is"
                + " missing: apt-get install libumad2sim0\n", result.err());
    }

    @Test
    void aMalformedIbsimFabricIsAUsageError() throws Exception {
        for (String fabric : List.of("ibsim", "ibsim:", "ibsim:lab@", "ibsim:a@b@c")) {
            Result result = run("", Map.of(), "smpquery", "--fabric", fabric, "-D", "nodeinfo", "0");
            assertEquals(2, result.status(), fabric + ": " + result.err());
            assertTrue(result.err().startsWith("infiniscope: bad --fabric '" + fabric + "'"), result.err());
        }
        Result missing = run("", Map.of(), "smpquery", "-D", "nodeinfo", "0", "--fabric");
        assertEquals(2, missing.status(), missing.err());
        assertTrue(missing.err().startsWith("infiniscope: --fabric needs a value"), missing.err());
    }

    @Test
    void ibsimRunsOnlyTheFinalJavaPreloadedInAScratchFolderThatIsRemoved() throws Exception {
        // a harmless library in umad2sim's place: the umad provider then sees that umad2sim is not loaded
        Result result = run("", Map.of("INFINISCOPE_UMAD2SIM", "/usr/lib/x86_64-linux-gnu/libm.so.6"), "smpquery",
                "--fabric", "ibsim:lab", "-D", "nodeinfo", "0");
        assertEquals(1, result.status(), result.err());
        assertTrue(result.err().contains("does not run under umad2sim (LD_PRELOAD has no libumad2sim)"), result.err());
        try (var left = Files.list(STATE.resolve("run"))) {
            assertEquals(List.of(), left.toList(), "scratch folders left behind");
        }
    }

    @Test
    void guiOpensTheInfiniscopeWindow() throws Exception {
        String display = System.getenv("DISPLAY");
        boolean hasDisplay = display != null && !display.isEmpty();
        assertTrue(hasDisplay || !"true".equals(System.getenv("CI")),
                "CI=true and no X display: the GUI is not tested");
        assumeTrue(hasDisplay, "no X display: ./infiniscope test runs Maven under Xvfb");
        Process gui = script(Map.of(), "gui").redirectErrorStream(true)
                .redirectOutput(STATE.resolve("gui.log").toFile()).start();
        try {
            Instant deadline = Instant.now().plus(TIMEOUT);
            boolean shown = false;
            while (!shown && Instant.now().isBefore(deadline)) {
                // waiting on the process doubles as the pause between two looks at the screen
                if (gui.waitFor(200, TimeUnit.MILLISECONDS)) {
                    throw new AssertionError("the GUI exited with " + gui.exitValue() + ":\n"
                            + Files.readString(STATE.resolve("gui.log")));
                }
                shown = windowNames().contains("\"Infiniscope\"");
            }
            assertTrue(shown,
                    "no window 'Infiniscope' within " + TIMEOUT + ":\n" + Files.readString(STATE.resolve("gui.log")));
        } finally {
            gui.descendants().forEach(ProcessHandle::destroy);
            gui.destroy();
            gui.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static String windowNames() throws IOException, InterruptedException {
        Process xwininfo = new ProcessBuilder("xwininfo", "-root", "-tree").redirectErrorStream(true).start();
        String text = new String(xwininfo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        xwininfo.waitFor(10, TimeUnit.SECONDS);
        return text;
    }
}
