package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** OpenSM attached to ibsim through umad2sim, with its cache and log in the scratch folder. */
final class OpenSm implements AutoCloseable {

    private final Process process;

    private OpenSm(Process process) {
        this.process = process;
    }

    /** Starts OpenSM on a node and waits for "SUBNET UP" in its log. */
    static OpenSm start(Path scratch, String socket, String simHost, Duration timeout)
            throws IOException, InterruptedException {
        Path state = Files.createDirectories(scratch.resolve("opensm"));
        Path log = state.resolve("opensm.log");
        // its own cache and temp folders: as root OpenSM would keep guid2lid in /var/cache and leak LIDs between runs
        ProcessBuilder builder = new ProcessBuilder(Lab.tool("opensm"), "-d2", "-f", log.toString())
                .directory(scratch.toFile()).redirectErrorStream(true)
                .redirectOutput(state.resolve("opensm.out").toFile());
        builder.environment().putAll(Lab.preloadEnvironment(socket, simHost));
        builder.environment().put("OSM_CACHE_DIR", state.toString());
        builder.environment().put("OSM_TMP_DIR", state.toString());
        OpenSm sm = new OpenSm(builder.start());
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!(Files.exists(log) && Files.readString(log).contains("SUBNET UP"))) {
                if (!sm.process.isAlive()) {
                    throw new IOException("OpenSM ended with " + sm.process.exitValue() + ": "
                            + Files.readString(state.resolve("opensm.out")));
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("no SUBNET UP in " + log + " within " + timeout);
                }
                sm.process.waitFor(50, TimeUnit.MILLISECONDS); // a bounded pause that ends early if OpenSM dies
            }
        } catch (IOException | RuntimeException e) {
            sm.close();
            throw e;
        }
        return sm;
    }

    @Override
    public void close() {
        Lab.stop(process);
    }
}
