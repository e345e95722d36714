package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** OpenSM attached to a simulator through umad2sim, with its cache, config and log in the scratch folder. */
final class OpenSm implements AutoCloseable {

    /**
     * No periodic sweeps: the fabric does not change under the comparisons, and a light sweep in the middle of them
     * would add its SMPs to the port counters the tools read. Everything else is OpenSM's default.
     */
    private static final String CONFIG = "sweep_interval 0\n";

    private final Process process;
    private final Path log;
    private final long nanosToSubnetUp;

    private OpenSm(Process process, Path log, long nanosToSubnetUp) {
        this.process = process;
        this.log = log;
        this.nanosToSubnetUp = nanosToSubnetUp;
    }

    /** Starts OpenSM on a node of ibsim and waits for "SUBNET UP" in its log. */
    static OpenSm start(Path scratch, String socket, String simHost, Duration timeout)
            throws IOException, InterruptedException {
        return start(scratch, Lab.preloadEnvironment(socket, simHost), timeout);
    }

    /**
     * Starts OpenSM attached to a server and waits for "SUBNET UP" in its log.
     *
     * @param attach the variables that attach it ({@link FabricServer#attach}), {@code SIM_HOST} included
     * @throws IOException when OpenSM ends or the deadline passes first; the message holds the log's last lines
     */
    static OpenSm start(Path scratch, Map<String, String> attach, Duration timeout)
            throws IOException, InterruptedException {
        return start(scratch, attach, timeout, "", java.util.List.of());
    }

    /**
     * Starts OpenSM attached to a server with more configuration, and waits for "SUBNET UP" in its log.
     *
     * @param moreConfig lines added to its {@code -F} file (e.g. the {@code qos_} keys)
     * @param moreArgs more options on its command line (e.g. {@code -P FILE})
     */
    static OpenSm start(Path scratch, Map<String, String> attach, Duration timeout, String moreConfig,
            java.util.List<String> moreArgs) throws IOException, InterruptedException {
        return start(scratch, attach, timeout, moreConfig, moreArgs, true);
    }

    /**
     * As {@link #start(Path, Map, Duration, String, java.util.List)}; {@code waitUp} false returns once it runs (a
     * standby never logs SUBNET UP).
     */
    static OpenSm start(Path scratch, Map<String, String> attach, Duration timeout, String moreConfig,
            java.util.List<String> moreArgs, boolean waitUp) throws IOException, InterruptedException {
        Path state = Files.createDirectories(scratch.resolve("opensm"));
        Path log = state.resolve("opensm.log");
        Files.deleteIfExists(log); // a SUBNET UP of an earlier run is no answer
        Path config = Files.writeString(state.resolve("opensm.conf"), CONFIG + moreConfig);
        java.util.List<String> command = new java.util.ArrayList<>(
                java.util.List.of(Lab.tool("opensm"), "-F", config.toString(), "-d2", "-f", log.toString()));
        command.addAll(moreArgs);
        // its own cache and temp folders: as root OpenSM would keep guid2lid in /var/cache and leak LIDs between runs
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectErrorStream(true)
                .redirectOutput(state.resolve("opensm.out").toFile());
        Lab.detach(builder.environment());
        builder.environment().putAll(attach);
        builder.environment().put("OSM_CACHE_DIR", state.toString());
        builder.environment().put("OSM_TMP_DIR", state.toString());
        long start = System.nanoTime();
        Process process = builder.start();
        try {
            long deadline = start + timeout.toNanos();
            while (waitUp && !(Files.exists(log) && Files.readString(log).contains("SUBNET UP"))) {
                if (!process.isAlive()) {
                    throw new IOException("OpenSM ended with " + process.exitValue() + " before SUBNET UP:\n"
                            + Lab.tail(state.resolve("opensm.out"), 10) + "\n" + Lab.tail(log, 30));
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("no SUBNET UP in " + log + " within " + timeout + "; its last lines:\n"
                            + Lab.tail(log, 30));
                }
                process.waitFor(50, TimeUnit.MILLISECONDS); // a bounded pause that ends early if OpenSM dies
            }
        } catch (IOException | RuntimeException e) {
            Lab.stop(process);
            throw e;
        }
        return new OpenSm(process, log, System.nanoTime() - start);
    }

    /**
     * Waits until OpenSM's log has not grown for {@code quiet}: the sweeps that traps start after SUBNET UP are
     * over, so that the tools neither race them nor count their SMPs.
     *
     * @throws IOException when the log still grows at the deadline
     */
    void awaitQuiet(Duration quiet, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long size = Files.size(log);
        long since = System.nanoTime();
        while (System.nanoTime() - since < quiet.toNanos()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("OpenSM's log still grows after " + timeout + ":\n" + Lab.tail(log, 20));
            }
            if (process.waitFor(50, TimeUnit.MILLISECONDS)) { // a bounded pause that ends early if OpenSM dies
                throw new IOException("OpenSM ended with " + process.exitValue() + ":\n" + Lab.tail(log, 20));
            }
            long now = Files.size(log);
            if (now != size) {
                size = now;
                since = System.nanoTime();
            }
        }
    }

    /** @return how long OpenSM took from its start to SUBNET UP */
    Duration timeToSubnetUp() {
        return Duration.ofNanos(nanosToSubnetUp);
    }

    /**
     * @return what OpenSM logged at level 2 that tells how the bring-up went (state changes, sweeps that reached
     *         SUBNET UP, traps it received, errors), without the time stamps and thread IDs
     */
    String events() throws IOException {
        StringBuilder out = new StringBuilder();
        for (String line : Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            if (line.contains("SUBNET UP") || line.contains("Entering") || line.contains("Received Generic Notice")
                    || line.contains(" ERR ")) {
                // "Nov 29 11:28:01 393310 [E57156C0] 0x02 -> SUBNET UP": the text after the thread ID
                out.append(line.replaceFirst("^.*?\\[[0-9A-F]+\\] ", "")).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Waits until the log holds a text, such as "Entering STANDBY state".
     *
     * @throws IOException when OpenSM ends or the deadline passes first
     */
    void awaitLog(String text, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!(Files.exists(log)
                && Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1).contains(text))) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no '" + text + "' in " + log + " within " + timeout + ":\n" + Lab.tail(log, 30));
            }
            if (process.waitFor(50, TimeUnit.MILLISECONDS)) { // a bounded pause that ends early if OpenSM dies
                throw new IOException("OpenSM ended with " + process.exitValue() + ":\n" + Lab.tail(log, 20));
            }
        }
    }

    /** @return the log */
    Path log() {
        return log;
    }

    /** @return whether OpenSM still runs */
    boolean alive() {
        return process.isAlive();
    }

    /** @return the log's last lines */
    String logTail(int lines) throws IOException {
        return Lab.tail(log, lines);
    }

    /**
     * Stops OpenSM as an operator does (SIGTERM), and gives it time to end on a loaded machine: what it logs as it
     * ends (the multicast groups it removes) is read by tests.
     */
    @Override
    public void close() {
        Lab.stop(process, Duration.ofSeconds(30));
    }
}
