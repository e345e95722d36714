package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

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
 * The one-shot daemon ({@code ./infiniscope TOOL --fabric ibsim:…} or {@code umad} served by a resident runtime):
 * what it serves is what the in-process run prints (standard output byte for byte, standard error, exit status,
 * usage errors and failures included), concurrent commands keep their own output, a daemon of an older build is
 * replaced, an idle daemon exits, and an unusable socket folder or {@code INFINISCOPE_DAEMON=0}/{@code --no-daemon}
 * run the command in-process, and Ctrl-C on the client cancels its command in the daemon. Every daemon it starts is
 * stopped at the end, and the test checks that none is left.
 * <p>
 * Two differences are masked, each with its reason: ibnetdiscover's header line "Topology file: generated on DATE"
 * (the clock moves between two runs), and umad2sim's "ibwarn: ... sim_connect: attached as client" line, which
 * umad2sim prints on standard error once per process: per command in-process, once into the daemon's log.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DaemonLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String NODE = "h00002";

    private static Path scratch;
    private static Path state;
    private static Path sockets;
    private static Ibsim ibsim;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("daemon");
        state = scratch.resolve("state").toAbsolutePath();
        Files.createDirectories(state);
        Path stamp = state.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().plus(Duration.ofHours(1))));
        // a socket path has at most 107 bytes: the build folder may be deeper than that allows
        sockets = Files.createTempDirectory("infiniscope-daemon-it-");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
    }

    @AfterAll
    static void stopLab() throws Exception {
        try (Ibsim i = ibsim) {
            if (sockets != null) {
                Set<Long> pids = pids(sockets);
                Output stop = run(scratch, daemon(), List.of("daemon", "stop"));
                assertEquals(0, stop.status(), stop.err());
                for (long pid : pids) {
                    awaitExit(pid);
                }
                assertEquals(Set.of(), pids(sockets), "pid files left after ./infiniscope daemon stop");
                delete(sockets);
            }
        }
    }

    /** The environment of a run through the daemon. */
    private static Map<String, String> daemon() {
        return Map.of("INFINISCOPE_STATE", state.toString(), "INFINISCOPE_DAEMON", "1", "INFINISCOPE_DAEMON_DIR",
                sockets.toString(), "INFINISCOPE_DAEMON_IDLE", "120");
    }

    /** The environment of an in-process run. */
    private static Map<String, String> inProcess() {
        return Map.of("INFINISCOPE_STATE", state.toString(), "INFINISCOPE_DAEMON", "0");
    }

    private static List<String> ibsimCommand(String line) {
        List<String> command = new ArrayList<>(LabRun.words(line));
        command.addAll(List.of("--fabric", "ibsim:" + ibsim.socket() + "@" + NODE));
        return command;
    }

    private static Output run(Path folder, Map<String, String> environment, List<String> args)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, "run", ".out");
        Path err = Files.createTempFile(scratch, "run", ".err");
        List<String> command = new ArrayList<>(List.of(BuiltLauncher.script()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Lab.detach(builder.environment());
        builder.environment().keySet().removeIf(k -> k.startsWith("INFINISCOPE_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                fail(String.join(" ", command) + " did not end within " + TIMEOUT);
            }
            return new Output(process.exitValue(), Files.readAllBytes(out), Files.readString(err));
        } finally {
            Lab.stop(process);
        }
    }

    /** Standard output without ibnetdiscover's generation date, which moves between two runs. */
    private static String undated(Output output) {
        return output.text().replaceFirst("(?m)^# Topology file: generated on .*$", "# Topology file: generated on …");
    }

    /** Standard error without umad2sim's greeting, which a daemon prints into its log once, not per command. */
    private static String withoutGreeting(Output output) {
        return String.join("\n", output.err().lines().filter(l -> !l.startsWith("ibwarn:")).toList());
    }

    private static void assertSame(Output expected, Output actual, String what) {
        assertEquals(expected.status(), actual.status(), what + ": exit status; stderr: " + actual.err());
        assertEquals(undated(expected), undated(actual), what + ": standard output");
        if (!what.startsWith("discover")) {
            assertArrayEquals(expected.out(), actual.out(), what + ": standard output, byte for byte");
        }
        assertEquals(withoutGreeting(expected), withoutGreeting(actual), what + ": standard error");
    }

    /** @return the pids of the daemons with a pid file in a socket folder */
    private static Set<Long> pids(Path folder) throws IOException {
        Set<Long> pids = new TreeSet<>();
        if (!Files.isDirectory(folder)) {
            return pids;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
                pids.add(Long.parseLong(Files.readString(p).strip()));
            }
        }
        return pids;
    }

    private static void awaitExit(long pid) throws Exception {
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            handle.get().onExit().get(60, TimeUnit.SECONDS);
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"discover", "discover -l", "discover -p", "linkinfo", "smpquery -D nodedesc 0,1",
            "smpquery -D portinfo 0,1 5", "discover --bogus", "nosuchtool", "smpquery -t 100 -D nodeinfo 0,9",
            "help discover"})
    void theDaemonServesWhatTheInProcessRunPrints(String line) throws Exception {
        Output expected = run(scratch, inProcess(), ibsimCommand(line));
        Output actual = run(scratch, daemon(), ibsimCommand(line));
        assertSame(expected, actual, line);
        // the first command of a fresh clone may have run in-process while the daemon it started was still coming up
        // (its AOT cache and C client are made on first use): the daemon is there within a minute all the same
        Set<Long> pids = pids(sockets);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (pids.isEmpty() && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            pids = pids(sockets);
        }
        assertEquals(1, pids.size(), "one daemon serves this configuration: " + pids);
        assertTrue(alive(pids.iterator().next()));
    }

    @Test
    @Order(2)
    void usageErrorsAndFailuresKeepTheirStatus() throws Exception {
        assertEquals(2, run(scratch, daemon(), ibsimCommand("discover --bogus")).status());
        assertEquals(2, run(scratch, daemon(), ibsimCommand("nosuchtool")).status());
        assertEquals(1, run(scratch, daemon(), ibsimCommand("smpquery -t 100 -D nodeinfo 0,9")).status());
    }

    @Test
    @Order(3)
    void concurrentCommandsKeepTheirOwnOutput() throws Exception {
        // umad (no HCA here: its commands fail the same way in both) runs commands concurrently; ibsim one at a time
        List<List<String>> commands = new ArrayList<>();
        for (String tool : List.of("discover", "linkinfo", "smpquery", "perfquery", "saquery", "errors")) {
            commands.add(List.of("help", tool, "--fabric", "umad"));
        }
        commands.add(List.of("discover", "--fabric", "umad"));
        commands.add(List.of("smpquery", "--bogus", "--fabric", "umad"));
        for (String line : List.of("discover -l", "discover -S", "linkinfo", "smpquery -D nodedesc 0")) {
            commands.add(ibsimCommand(line));
        }
        Map<List<String>, Output> expected = new HashMap<>();
        for (List<String> command : commands) {
            expected.put(command, run(scratch, inProcess(), command));
        }
        ExecutorService pool = Executors.newFixedThreadPool(commands.size() * 2);
        try {
            List<Future<Output>> results = new ArrayList<>();
            List<List<String>> asked = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                for (List<String> command : commands) {
                    asked.add(command);
                    results.add(pool.submit(() -> run(scratch, daemon(), command)));
                }
            }
            for (int i = 0; i < results.size(); i++) {
                assertSame(expected.get(asked.get(i)), results.get(i).get(120, TimeUnit.SECONDS),
                        String.join(" ", asked.get(i)));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** @return how many threads of a process have a name starting with {@code infiniscope-daemon} */
    private static long daemonThreads(long pid) throws IOException {
        long count = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    count += Files.readString(task.resolve("comm")).startsWith("infiniscope-dae") ? 1 : 0;
                } catch (IOException ended) {
                    // the thread ended while we looked
                }
            }
        }
        return count;
    }

    @Test
    @Order(4)
    void ctrlCOnTheClientCancelsItsCommandInTheDaemon() throws Exception {
        Output warm = run(scratch, daemon(), ibsimCommand("smpquery -D nodedesc 0"));
        assertEquals(0, warm.status(), warm.err());
        long pid = pids(sockets).stream().filter(p -> {
            try {
                return Files.readString(Path.of("/proc/" + p + "/cmdline")).contains("ibsim:" + ibsim.socket());
            } catch (IOException e) {
                return false;
            }
        }).findFirst().orElseThrow();
        long idle = daemonThreads(pid); // the acceptor, the idle timer (and umad2sim's receiver, named after them)
        // a route through a CA leads nowhere: 4 attempts of 20 s unless cancelled
        List<String> command = new ArrayList<>(List.of(BuiltLauncher.script()));
        command.addAll(ibsimCommand("smpquery -t 20000 -D nodeinfo 0,1,1,1"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        Lab.detach(builder.environment());
        builder.environment().keySet().removeIf(k -> k.startsWith("INFINISCOPE_"));
        builder.environment().putAll(daemon());
        Process client = builder.start();
        try {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (daemonThreads(pid) < idle + 2) { // the command's worker and the watcher of its connection
                assertTrue(System.nanoTime() < deadline, "the daemon never ran the command");
                assertFalse(client.waitFor(20, TimeUnit.MILLISECONDS), "the client ended before it was cancelled");
            }
            long cancelled = System.nanoTime();
            // what Ctrl-C sends: SIGINT, to the client (the launcher exec'd it; the daemon has a session of its own)
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(client.pid())).start().waitFor());
            assertTrue(client.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            while (daemonThreads(pid) > idle) {
                assertTrue(System.nanoTime() - cancelled < Duration.ofSeconds(10).toNanos(),
                        "the command still runs 10 s after its client went away");
                client.waitFor(20, TimeUnit.MILLISECONDS);
            }
            Output after = run(scratch, daemon(), ibsimCommand("smpquery -D nodedesc 0"));
            assertSame(warm, after, "smpquery -D nodedesc 0 after a cancelled command");
        } finally {
            Lab.stop(client);
        }
    }

    @Test
    @Order(5)
    void aDaemonOfAnOlderBuildIsReplaced() throws Exception {
        Path folder = Files.createDirectories(scratch.resolve("rebuilt"));
        List<String> version = List.of("version", "--fabric", "umad");
        Set<Long> before = pids(sockets);
        Output first = run(folder, daemon(), version);
        assertEquals(0, first.status(), first.err());
        Set<Long> started = pids(sockets);
        started.removeAll(before);
        assertEquals(1, started.size(), "a daemon for this folder: " + started);
        long old = started.iterator().next();
        // what a build does to the launcher's key: a newer build stamp
        Path stamp = state.resolve("build.stamp");
        Files.setLastModifiedTime(stamp,
                FileTime.from(Files.getLastModifiedTime(stamp).toInstant().plus(Duration.ofMinutes(1))));
        Output second = run(folder, daemon(), version);
        assertEquals(0, second.status(), second.err());
        assertArrayEquals(first.out(), second.out());
        awaitExit(old);
        assertFalse(alive(old), "the older build's daemon was stopped");
        Set<Long> now = pids(sockets);
        assertFalse(now.contains(old));
        assertEquals(1, now.size(), "only the new build's daemon is left: " + now);
        assertNotEquals(old, now.iterator().next());
    }

    @Test
    @Order(6)
    void anIdleDaemonExits() throws Exception {
        Path folder = Files.createDirectories(scratch.resolve("idle"));
        Map<String, String> environment = new HashMap<>(daemon());
        environment.put("INFINISCOPE_DAEMON_IDLE", "1");
        Set<Long> before = pids(sockets);
        Output output = run(folder, environment, List.of("version", "--fabric", "umad"));
        assertEquals(0, output.status(), output.err());
        // a second after the command the daemon may be gone, pid file and all, before this test looks (a loaded
        // machine): it is found by the files the launcher keeps of it, its info (folder=) and its log
        Set<Long> started = pids(sockets);
        started.removeAll(before);
        assertTrue(started.size() <= 1, "at most one new daemon: " + started);
        for (long pid : started) {
            awaitExit(pid);
            assertFalse(alive(pid));
        }
        String base = daemonOf(folder);
        Path log = Path.of(base + ".log");
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!(Files.exists(log) && Files.readString(log).contains("infiniscope daemon: idle for 1 s; exiting"))) {
            assertTrue(System.nanoTime() < deadline, "the daemon of " + folder + " did not exit idle: "
                    + (Files.exists(log) ? Files.readString(log) : "no " + log));
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        for (long pid : started) {
            assertFalse(pids(sockets).contains(pid), "an idle daemon removes its pid file");
        }
        assertFalse(Files.exists(Path.of(base + ".pid")), "an idle daemon removes its pid file");
        assertFalse(Files.exists(Path.of(base + ".sock")), "an idle daemon removes its socket");
    }

    /** @return the folder and name (no suffix) of the daemon the launcher started for a folder, by its info file */
    private static String daemonOf(Path folder) throws IOException {
        Path real = folder.toRealPath();
        List<String> bases = new ArrayList<>();
        try (Stream<Path> files = Files.list(sockets)) {
            for (Path info : files.filter(f -> f.toString().endsWith(".info")).toList()) {
                for (String line : Files.readAllLines(info)) {
                    if (line.startsWith("folder=") && Files.isDirectory(Path.of(line.substring(7)))
                            && Path.of(line.substring(7)).toRealPath().equals(real)) {
                        bases.add(info.toString().substring(0, info.toString().length() - ".info".length()));
                    }
                }
            }
        }
        assertEquals(1, bases.size(), "one daemon started for " + folder + ": " + bases);
        return bases.getFirst();
    }

    @Test
    @Order(7)
    void anUnusableSocketFolderOrTheOptOutRunInProcess() throws Exception {
        Output expected = run(scratch, inProcess(), ibsimCommand("discover -l"));
        assertEquals(0, expected.status(), expected.err());
        Path shared = Files.createDirectories(scratch.resolve("shared-sockets"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = Files.writeString(scratch.resolve("not-a-folder"), "", StandardCharsets.UTF_8);
        for (Path folder : List.of(shared, file.resolve("sockets"))) {
            Map<String, String> environment = new HashMap<>(daemon());
            environment.put("INFINISCOPE_DAEMON_DIR", folder.toString());
            assertSame(expected, run(scratch, environment, ibsimCommand("discover -l")), "discover -l, " + folder);
            assertEquals(Set.of(), pids(folder), "no daemon in " + folder);
        }
        Path unused = Files.createDirectories(scratch.resolve("opted-out"));
        Files.setPosixFilePermissions(unused, PosixFilePermissions.fromString("rwx------"));
        Map<String, String> optOut = new HashMap<>(daemon());
        optOut.put("INFINISCOPE_DAEMON_DIR", unused.toString());
        List<String> noDaemon = new ArrayList<>(ibsimCommand("discover -l"));
        noDaemon.add("--no-daemon");
        assertSame(expected, run(scratch, optOut, noDaemon), "discover -l --no-daemon");
        optOut.put("INFINISCOPE_DAEMON", "0");
        assertSame(expected, run(scratch, optOut, ibsimCommand("discover -l")), "INFINISCOPE_DAEMON=0 discover -l");
        try (Stream<Path> files = Files.list(unused)) {
            assertEquals(List.of(), files.toList(), "nothing started in " + unused);
        }
    }

    /** Copies a net file of the test resources into a folder. */
    private static Path net(Path folder, String resource) throws IOException {
        Path net = folder.resolve(Path.of(resource).getFileName());
        try (var in = DaemonLabIT.class.getClassLoader().getResourceAsStream(resource)) {
            assertTrue(in != null, "no test resource " + resource);
            Files.copy(in, net);
        }
        return net;
    }

    /**
     * The daemon keeps its umad port open from one command to the next; an ibsim restarted under the same name (on
     * another fabric) is served afresh: by a new daemon (the server's control socket is in the key), whose port is
     * attached to the new ibsim, while the old daemon, attached to the ended one, is stopped.
     */
    @Test
    @Order(8)
    void aKeptPortGivesWayToAnIbsimRestartedUnderTheSameName() throws Exception {
        Path folder = Files.createDirectories(scratch.resolve("restart"));
        String socket = Lab.uniqueSocket("ibsim-restart");
        List<String> discover = List.of("discover", "--fabric", "ibsim:" + socket);
        Output first;
        Set<Long> before = pids(sockets);
        Set<Long> firstDaemon = new TreeSet<>();
        try (Ibsim a = Ibsim.start(Files.createDirectories(folder.resolve("a")), net(folder, "fabrics/ft2-16.net"),
                socket, List.of(), Duration.ofSeconds(10))) {
            first = run(scratch, inProcess(), discover);
            assertEquals(0, first.status(), first.err());
            for (int i = 0; i < 3; i++) { // the second and third on the port the first kept open
                assertSame(first, run(scratch, daemon(), discover), "discover on ft2-16, command " + (i + 1));
            }
            firstDaemon.addAll(pids(sockets));
            firstDaemon.removeAll(before);
            assertEquals(1, firstDaemon.size(), "one new daemon for the new ibsim: " + firstDaemon);
        }
        try (Ibsim b = Ibsim.start(Files.createDirectories(folder.resolve("b")), net(folder, "fabrics/dfly-5x4.net"),
                socket, List.of(), Duration.ofSeconds(10))) {
            Output expected = run(scratch, inProcess(), discover);
            assertEquals(0, expected.status(), expected.err());
            assertNotEquals(undated(first), undated(expected), "the two fabrics print the same");
            for (int i = 0; i < 2; i++) {
                assertSame(expected, run(scratch, daemon(), discover), "discover after the restart " + (i + 1));
            }
            awaitExit(firstDaemon.iterator().next());
        }
    }

    /**
     * umad2sim describes the local port once, when a process attaches: the daemon, started before the SM, must still
     * see the LID and SM LID the SM gave the port since (the channel reads its own PortInfo).
     */
    @Test
    @Order(9)
    void theDaemonSeesWhatAnSmStartedAfterItDidToItsPort() throws Exception {
        Path folder = Files.createDirectories(scratch.resolve("late-sm"));
        try (Ibsim lab = Ibsim.start(folder, net(folder, "fabrics/ft2-16.net"), List.of(), Duration.ofSeconds(10))) {
            List<String> nodes = List.of("saquery", "--fabric", "ibsim:" + lab.socket() + "@" + NODE);
            Output noSm = run(scratch, daemon(), nodes); // starts this fabric's daemon, before any SM
            assertEquals(1, noSm.status(), noSm.err());
            assertTrue(noSm.err().contains("knows no subnet manager"), noSm.err());
            try (OpenSm sm = OpenSm.start(Files.createDirectories(folder.resolve("opensm")), lab.socket(), "h00001",
                    Duration.ofSeconds(60))) {
                Output expected = run(scratch, inProcess(), nodes);
                assertEquals(0, expected.status(), expected.err());
                assertSame(expected, run(scratch, daemon(), nodes), "saquery after the SM came up");
            }
        }
    }

    /**
     * With a C compiler the launcher's client is the C one (compiled into the state folder on first use); the Java
     * client, which serves where there is none (or with INFINISCOPE_DAEMON_CLIENT=java), serves the same bytes.
     */
    @Test
    @Order(10)
    void theCClientAndTheJavaClientServeTheSame() throws Exception {
        List<String> line = ibsimCommand("discover -l");
        Output expected = run(scratch, inProcess(), line);
        assertSame(expected, run(scratch, daemon(), line), "discover -l, default client");
        boolean compiler = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "cc")));
        assertEquals(compiler, Files.isExecutable(state.resolve("bin/daemon-client")),
                "the C client is there exactly when a C compiler is");
        Map<String, String> java = new HashMap<>(daemon());
        java.put("INFINISCOPE_DAEMON_CLIENT", "java");
        assertSame(expected, run(scratch, java, line), "discover -l, Java client");
        assertSame(run(scratch, inProcess(), ibsimCommand("discover --bogus")),
                run(scratch, java, ibsimCommand("discover --bogus")), "discover --bogus, Java client");
    }

    /**
     * The C client's fast path settles the build check and the daemon's socket itself: with {@code stat} and {@code
     * md5sum} on the PATH standing in to fail and leave a mark, a command is served all the same and neither ran (the
     * script's own way, INFINISCOPE_DAEMON_FAST=0, runs them, and then runs the command in-process); and both ways name
     * the same socket.
     */
    @Test
    @Order(11)
    void theFastPathRunsNoneOfTheScriptsProcesses() throws Exception {
        List<String> line = ibsimCommand("discover -l");
        Output expected = run(scratch, daemon(), line); // the C client built, the sources listed, the daemon up
        if (!Files.isExecutable(state.resolve("bin/daemon-client"))) {
            return; // no C compiler: no fast path (theCClientAndTheJavaClientServeTheSame checks which client is there)
        }
        Output socket = run(scratch, daemon(),
                List.of("daemon", "socket", "--fabric", "ibsim:" + ibsim.socket() + "@" + NODE));
        assertEquals(0, socket.status(), socket.err());
        List<String> named = socket.text().lines().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
        assertEquals(2, named.size(), socket.text());
        assertEquals(named.get(0), named.get(1), "the script's socket, then the fast path's");
        assertTrue(Files.exists(Path.of(named.get(0))), "the daemon serves on " + named.get(0));

        Path spies = Files.createDirectories(scratch.resolve("spies"));
        Path marks = spies.resolve("ran");
        for (String tool : List.of("stat", "md5sum")) {
            Path spy = spies.resolve(tool);
            Files.writeString(spy, "#!/bin/sh\necho " + tool + " >> '" + marks + "'\nexit 1\n");
            spy.toFile().setExecutable(true);
        }
        Map<String, String> spied = new HashMap<>(daemon());
        spied.put("PATH", spies + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        assertSame(expected, run(scratch, spied, line), "discover -l, the fast path");
        assertFalse(Files.exists(marks), "the fast path ran " + (Files.exists(marks) ? Files.readString(marks) : ""));
        // the daemon watches its build's sources: once its watch runs, it vouches for the build (the client stats none)
        spied.put("INFINISCOPE_DAEMON_TRACE", "1");
        String way = "";
        for (int i = 0; i < 50 && !way.contains("fast path: the daemon vouched for the build"); i++) {
            Output served = run(scratch, spied, line);
            assertEquals(expected.status(), served.status(), served.err());
            assertEquals(undated(expected), undated(served), "discover -l, the daemon vouching for the build");
            way = served.err();
        }
        assertTrue(way.contains("infiniscope: fast path: the daemon vouched for the build"), way);
        spied.remove("INFINISCOPE_DAEMON_TRACE");
        spied.put("INFINISCOPE_DAEMON_FAST", "0");
        assertSame(expected, run(scratch, spied, line), "discover -l, the script's way (in-process)");
        assertTrue(Files.exists(marks), "the script's way runs stat and md5sum");
    }
}
