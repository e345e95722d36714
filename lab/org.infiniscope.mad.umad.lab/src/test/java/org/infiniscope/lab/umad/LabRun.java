package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.infiniscope.lab.umad.BuiltLauncher.Output;

/**
 * Runs a tool both ways on one ibsim, attached at a node: {@code ./infiniscope TOOL --fabric ibsim:SOCKET@NODE} as a
 * user types it, and the infiniband-diags twin under umad2sim, each in the scratch folder, bounded in time.
 */
final class LabRun {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Path scratch;
    private final String socket;

    LabRun(Path scratch, String socket) {
        this.scratch = scratch;
        this.socket = socket;
    }

    /** @return what {@code ./infiniscope TOOL --fabric ibsim:SOCKET@NODE ARGS} printed */
    Output ours(String node, String tool, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), tool, "--fabric", "ibsim:" + socket + "@" + node));
        command.addAll(args);
        return run(command, BuiltLauncher.environment(), "ours");
    }

    /** @return what the Debian tool printed, attached to ibsim at the node */
    Output theirs(String node, String tool, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Lab.tool(tool)));
        command.addAll(args);
        return run(command, Lab.preloadEnvironment(socket, node), "theirs");
    }

    /** @return what {@code ./infiniscope TOOL ARGS} printed, not attached to ibsim */
    Output oursElsewhere(String tool, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(BuiltLauncher.script(), tool));
        command.addAll(args);
        return run(command, BuiltLauncher.environment(), "ours");
    }

    private Output run(List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, who, ".out");
        Path err = Files.createTempFile(scratch, who, ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Lab.detach(builder.environment()); // only what the caller gives attaches a process to ibsim
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

    /** @return the words of a command line typed with single spaces */
    static List<String> words(String line) {
        return line.isBlank() ? List.of() : List.of(line.trim().split(" +"));
    }
}
