package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.lab.umad.BuiltLauncher.Output;

/**
 * Runs an infiniband-diags program attached to ibsim, bounded in time, and returns what it printed (a crash of
 * umad2sim's is run again: {@link LabRun#run}).
 */
final class LabTool {

    private LabTool() {
    }

    /**
     * @param scratch the working folder (umad2sim writes its fake sysfs there)
     * @param simHost the node to attach to
     * @param command the program and its arguments
     * @return its standard output, then its standard error
     * @throws IOException when the program fails or takes longer than the time-out
     */
    static String run(Path scratch, String socket, String simHost, Duration timeout, String... command)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        line.set(0, Lab.tool(command[0]));
        Output output = LabRun.run(scratch, line, Lab.preloadEnvironment(socket, simHost), command[0], timeout);
        String text = output.text() + output.err();
        if (output.status() != 0) {
            throw new IOException(String.join(" ", command) + " ended with " + output.status() + ":\n" + text);
        }
        return text;
    }
}
