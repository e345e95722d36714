package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code ./infiniscope} as the lab tests run it: the runtime this build assembled, with a build state of the
 * test's own marked up to date, so that the launcher never starts a build of its own inside the build.
 * <p>
 * One-shot commands run in-process ({@code INFINISCOPE_DAEMON=0}), so that no test leaves a daemon behind, unless
 * {@code -Dinfiniscope.lab.daemon=true}: then they go through the one-shot daemon (the lab ITs compare its output
 * with the diags as they do the in-process one), with a short idle time-out and a socket folder of this JVM's own,
 * and every daemon this JVM's tests started is stopped when it exits.
 */
final class BuiltLauncher {

    static final Path ROOT = Path.of(System.getProperty("infiniscope.root", "../.."));
    static final Path STATE = Path.of(System.getProperty("infiniscope.state", "target/launcher-state"));
    /** Whether the lab's one-shot commands go through the daemon ({@code -Dinfiniscope.lab.daemon=true}). */
    static final boolean DAEMON = Boolean.getBoolean("infiniscope.lab.daemon");
    private static Path daemonFolder;
    /** Whether this JVM has had the launcher train its AOT caches ({@link #trainCaches}). */
    private static boolean trained;

    /** What a tool printed and how it ended. */
    record Output(int status, byte[] out, String err) {

        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private BuiltLauncher() {
    }

    /** Fails when the headless runtime is not built; marks the test's build state up to date. */
    static void prepare() throws IOException {
        if (!Files.isRegularFile(
                ROOT.resolve("product/org.infiniscope.headless/target/infiniscope-runtime/infiniscope-launcher.jar"))) {
            fail("no headless runtime under " + ROOT + ": the reactor builds product before lab");
        }
        Files.createDirectories(STATE);
        Path stamp = STATE.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().plus(Duration.ofHours(1))));
        trainCaches();
    }

    /**
     * The launcher trains its AOT caches (one-shot commands', {@code sm}'s and {@code sm --once}'s) on the first
     * command of a kind after a build: a whole run on the embedded fabric, inside that command. A test bounds its
     * commands (a minute, say), and on a fresh clone the first {@code sm --once} took 46 s of a 60 s bound on a loaded
     * 2-core machine: the caches are trained here, once per test JVM, before any test's clock runs. Commands that
     * train and print their usage are enough; what they print is not looked at.
     */
    private static synchronized void trainCaches() throws IOException {
        if (trained) {
            return;
        }
        for (List<String> command : List.of(List.of("version"), List.of("sm", "--help"),
                List.of("sm", "--once", "--help"))) {
            List<String> line = new ArrayList<>(List.of(script()));
            line.addAll(command);
            ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            Lab.detach(builder.environment());
            builder.environment().keySet().removeIf(k -> k.startsWith("INFINISCOPE_"));
            builder.environment().putAll(Map.of("INFINISCOPE_STATE", state(), "INFINISCOPE_DAEMON", "0"));
            Process process = builder.start();
            try {
                if (!process.waitFor(10, TimeUnit.MINUTES)) {
                    fail(line + " (training the launcher's AOT caches) did not end within 10 minutes");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while training the launcher's AOT caches", e);
            } finally {
                Lab.stop(process);
            }
        }
        trained = true;
    }

    /** @return the launcher script's absolute path */
    static String script() {
        return ROOT.resolve("infiniscope").toAbsolutePath().toString();
    }

    /**
     * @return the environment of {@code ./infiniscope} in the lab tests: {@code INFINISCOPE_STATE}, and the daemon's
     *         settings (see the class comment)
     */
    static synchronized Map<String, String> environment() {
        if (!DAEMON) {
            return Map.of("INFINISCOPE_STATE", state(), "INFINISCOPE_DAEMON", "0");
        }
        return daemonEnvironment();
    }

    /**
     * @return the environment that runs one-shot commands through the daemon whatever {@code -Dinfiniscope.lab.daemon}
     *         says (for tests of what the daemon path must keep): as {@link #environment()} gives with it
     */
    static synchronized Map<String, String> daemonEnvironment() {
        if (daemonFolder == null) {
            try {
                // a socket path has at most 107 bytes: the build folder may be deeper than that allows
                daemonFolder = Files.createTempDirectory("infiniscope-lab-");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(BuiltLauncher::stopDaemons, "stop-lab-daemons"));
        }
        return Map.of("INFINISCOPE_STATE", state(), "INFINISCOPE_DAEMON", "1", "INFINISCOPE_DAEMON_DIR",
                daemonFolder.toString(), "INFINISCOPE_DAEMON_IDLE", "60");
    }

    /** {@code ./infiniscope daemon stop} for the daemons of this JVM's tests, then their folder goes. */
    private static void stopDaemons() {
        try {
            ProcessBuilder stop = new ProcessBuilder(script(), "daemon", "stop").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            stop.environment().putAll(daemonEnvironment());
            Process process = stop.start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            try (Stream<Path> files = Files.walk(daemonFolder)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | InterruptedException e) {
            System.err.println("could not stop the lab's daemons in " + daemonFolder + ": " + e);
        }
    }

    /** @return the value of {@code INFINISCOPE_STATE} for the launcher */
    static String state() {
        return STATE.toAbsolutePath().toString();
    }
}
