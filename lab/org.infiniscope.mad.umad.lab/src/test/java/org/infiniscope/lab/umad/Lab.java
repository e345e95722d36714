package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/**
 * Where the ibsim lab is on this machine, and the environment that attaches a program to it. Only the processes
 * started through {@link #preloadEnvironment} get the preload variables: never the build, never this JVM.
 */
final class Lab {

    static final Path PRELOAD = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final String PACKAGES = "ibsim-utils libumad2sim0 opensm infiniband-diags libibumad3";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private Lab() {
    }

    /**
     * Skips the calling test with a message when a lab program is missing, or fails under {@code CI=true}, where
     * the lab is installed and a skip would hide a broken install.
     */
    static void require(String... tools) {
        require("true".equals(System.getenv("CI")), tools);
    }

    static void require(boolean ci, String... tools) {
        List<String> missing = new ArrayList<>();
        if (!Files.isReadable(PRELOAD)) {
            missing.add(PRELOAD.toString());
        }
        for (String tool : tools) {
            if (find(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        String message = "the ibsim lab is not installed (missing " + String.join(", ", missing) + "): apt-get install "
                + PACKAGES;
        if (ci) {
            fail("CI installs the lab, yet " + message);
        }
        Assumptions.abort("skipped: " + message);
    }

    /** @return a program on the PATH, or in the sbin folders where Debian puts OpenSM and the diags */
    static Optional<Path> find(String tool) {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin:/sbin";
        return Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, tool))
                .filter(Files::isExecutable).findFirst();
    }

    static String tool(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException(name + " is not installed")).toString();
    }

    /** @return the variables that attach a libibumad program to ibsim, as the node {@code simHost} */
    static Map<String, String> preloadEnvironment(String socket, String simHost) {
        return Map.of("LD_PRELOAD", PRELOAD.toString(), "IBSIM_SOCKNAME", socket, "SIM_HOST", simHost);
    }

    /** The variables by which umad2sim finds a server: a process gets only those its caller gives it. */
    static final List<String> ATTACH_VARIABLES = List.of("LD_PRELOAD", "IBSIM_SOCKNAME", "IBSIM_SERVER_NAME",
            "IBSIM_SERVER_PORT", "SIM_HOST", "SIM_SET_ISSM");

    /** Removes whatever this JVM inherited that would attach a process to a simulator. */
    static void detach(Map<String, String> environment) {
        environment.keySet().removeAll(ATTACH_VARIABLES);
    }

    /** @return a fresh folder under {@code target/lab} (umad2sim writes its fake sysfs into the current folder) */
    static Path scratch(String name) throws IOException {
        Path root = Path.of(System.getProperty("infiniscope.lab.scratch", "target/lab"));
        return Files.createDirectories(
                root.resolve(name + "-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet()));
    }

    /** @return a socket name no other run on this machine uses */
    static String uniqueSocket(String name) {
        return "infiniscope-" + name + "-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet();
    }

    /** @return the last lines of a log, or a note that there is none */
    static String tail(Path log, int lines) throws IOException {
        if (!Files.exists(log)) {
            return "(no " + log + ")";
        }
        List<String> all = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Ends a process and its children, politely first (it has 5 s to end). */
    static void stop(Process process) {
        stop(process, Duration.ofSeconds(5));
    }

    /** Ends a process and its children, politely first, and by force when it has not ended within {@code grace}. */
    static void stop(Process process, Duration grace) {
        if (process == null) {
            return;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
