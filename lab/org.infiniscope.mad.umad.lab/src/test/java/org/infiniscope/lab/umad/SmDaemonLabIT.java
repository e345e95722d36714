package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./infiniscope sm} on ibsim served by the fabric's one-shot daemon: it prints its phases and SUBNET UP as it
 * runs, a second SM on the fabric is refused while it runs, a one-shot command beside it still runs (in-process), and
 * SIGTERM on the client stops the SM in the daemon: the next {@code sm --once} brings the fabric up again.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SmDaemonLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String NODE = "h00001";

    private static Path scratch;
    private static Path state;
    private static Path sockets;
    private static Ibsim ibsim;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("sm-daemon");
        state = scratch.resolve("state").toAbsolutePath();
        Files.createDirectories(state);
        Path stamp = state.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().plus(Duration.ofHours(1))));
        sockets = Files.createTempDirectory("infiniscope-sm-daemon-it-");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
    }

    @AfterAll
    static void stopLab() throws Exception {
        try (Ibsim i = ibsim) {
            if (sockets != null) {
                Output stop = run(List.of("daemon", "stop"));
                assertEquals(0, stop.status(), stop.err());
                try (var files = Files.list(sockets)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(sockets);
            }
        }
    }

    private static Map<String, String> daemon() {
        return Map.of("INFINISCOPE_STATE", state.toString(), "INFINISCOPE_DAEMON", "1", "INFINISCOPE_DAEMON_DIR",
                sockets.toString(), "INFINISCOPE_DAEMON_IDLE", "120", "INFINISCOPE_FABRIC",
                "ibsim:" + ibsim.socket() + "@" + NODE);
    }

    private static ProcessBuilder launcher(List<String> args) {
        List<String> command = new ArrayList<>(List.of(BuiltLauncher.script()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile());
        Lab.detach(builder.environment());
        builder.environment().keySet().removeIf(k -> k.startsWith("INFINISCOPE_"));
        builder.environment().putAll(daemon());
        return builder;
    }

    private static Output run(List<String> args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, "run", ".out");
        Path err = Files.createTempFile(scratch, "run", ".err");
        Process process = launcher(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertTrue(process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS), args + " did not end");
            return new Output(process.exitValue(), Files.readAllBytes(out), Files.readString(err));
        } finally {
            Lab.stop(process);
        }
    }

    @Test
    void theDaemonRunsOneSmStreamsItAndStopsItOnSigterm() throws Exception {
        Path err = scratch.resolve("sm.err");
        Process sm = launcher(
                List.of("sm", "--guid2lid", scratch.resolve("guid2lid").toString(), "--sweep-interval", "0"))
                .redirectError(err.toFile()).start();
        try {
            List<String> lines = new ArrayList<>();
            BufferedReader out = new BufferedReader(new InputStreamReader(sm.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = out.readLine()) != null && !line.equals("SUBNET UP");) {
                lines.add(line);
            }
            assertEquals(List.of("discovery", "lids", "routing", "programming", "activation"),
                    lines.stream().map(l -> l.split(" ")[2]).toList(),
                    "the phases, before SUBNET UP, while the SM runs: " + lines + " " + Files.readString(err));
            assertTrue(sm.isAlive(), "the SM runs on after SUBNET UP");

            Output second = run(List.of("sm", "--once", "--guid2lid", scratch.resolve("other").toString()));
            assertEquals(1, second.status(), second.err());
            assertTrue(second.err().contains("a subnet manager already runs"), second.err());

            Output beside = run(List.of("smpquery", "-D", "nodedesc", "0"));
            assertEquals(0, beside.status(), "a one-shot command beside the SM: " + beside.err());

            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(sm.pid())).start().waitFor());
            assertTrue(sm.waitFor(15, TimeUnit.SECONDS), "the client did not end after SIGTERM");
        } finally {
            Lab.stop(sm);
        }
        // the SM stopped in the daemon (else: "a subnet manager already runs"), and another brings the fabric up
        Output again = run(List.of("sm", "--once", "--guid2lid", scratch.resolve("guid2lid").toString()));
        assertEquals(0, again.status(), again.err());
        assertTrue(again.text().endsWith("SUBNET UP\n"), again.text());
    }
}
