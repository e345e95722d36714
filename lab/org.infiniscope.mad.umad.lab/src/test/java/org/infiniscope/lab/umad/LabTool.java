package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an infiniband-diags program attached to ibsim, bounded in time, and returns what it printed. */
final class LabTool {

    private LabTool() {
    }

    /**
     * @param scratch the working folder (umad2sim writes its fake sysfs there)
     * @param simHost the node to attach to
     * @param command the program and its arguments
     * @return stdout and stderr together
     * @throws IOException when the program fails or takes longer than the time-out
     */
    static String run(Path scratch, String socket, String simHost, Duration timeout, String... command)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        line.set(0, Lab.tool(command[0]));
        Path output = Files.createTempFile(scratch, command[0], ".out");
        ProcessBuilder builder = new ProcessBuilder(line).directory(scratch.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().putAll(Lab.preloadEnvironment(socket, simHost));
        Process process = builder.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException(String.join(" ", command) + " did not end within " + timeout);
            }
            String text = Files.readString(output);
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " ended with " + process.exitValue() + ":\n" + text);
            }
            return text;
        } finally {
            Lab.stop(process);
        }
    }
}
