package org.infiniscope.lab.umad;

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
    /** How our commands run: in-process, or through the one-shot daemon (the lab's choice, or the test's). */
    private Map<String, String> ours = BuiltLauncher.environment();

    LabRun(Path scratch, String socket) {
        this.scratch = scratch;
        this.socket = socket;
    }

    /**
     * Our commands on ibsim go through the one-shot daemon, as a user's do by default, whatever the lab's choice:
     * for a test of many short commands (a JVM's start each in-process, a few ms each through the daemon; DaemonLabIT
     * checks that both ways print the same bytes).
     */
    LabRun throughTheDaemon() {
        ours = BuiltLauncher.daemonEnvironment();
        return this;
    }

    /** @return what {@code ./infiniscope TOOL --fabric ibsim:SOCKET@NODE ARGS} printed */
    Output ours(String node, String tool, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), tool, "--fabric", "ibsim:" + socket + "@" + node));
        command.addAll(args);
        return run(command, ours, "ours");
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
        return run(command, ours, "ours");
    }

    private Output run(List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        return run(scratch, command, environment, who, TIMEOUT);
    }

    /**
     * Runs a command in a folder, attached to a simulator only by what {@code environment} gives it, bounded in
     * time. A process attached through umad2sim (Debian's C tools) is run again when it failed for a reason of the
     * loaded machine, not of the fabric:
     * <ul>
     * <li>it died of a segmentation fault: umad2sim now and then crashes a process that an answer reaches after it
     * closed the agent of its class (a late answer), seen in whole runs of the suite on 2 cores with ibqueryerrors,
     * ibnetdiscover and ibroute. It is run up to twice more; a third crash stands.</li>
     * <li>libibmad gave up waiting for an answer: ibroute, for one, names each LID's node with SMPs it waits 100 ms
     * for and does not send again, and a loaded machine may keep an answer longer on either server. It is run once
     * more; a second time-out stands (a test that expects one gets it).</li>
     * </ul>
     *
     * @param who a prefix for the files that keep what it printed
     * @return its exit status and what it printed, of its last run
     * @throws IOException when it does not end within {@code timeout} (it is then killed)
     */
    static Output run(Path scratch, List<String> command, Map<String, String> environment, String who, Duration timeout)
            throws IOException, InterruptedException {
        boolean umad2sim = Lab.PRELOAD.toString().equals(environment.get("LD_PRELOAD"));
        Output output = runOnce(scratch, command, environment, who, timeout);
        int crashes = 0, timeOuts = 0;
        while (umad2sim) {
            if (output.status() == SIGSEGV_EXIT && crashes < 2) {
                crashes++;
            } else if (output.err().contains(RECEIVE_TIMED_OUT) && timeOuts < 1) {
                timeOuts++;
            } else {
                break;
            }
            output = runOnce(scratch, command, environment, who, timeout);
        }
        return output;
    }

    /** The exit status of a process killed by SIGSEGV. */
    static final int SIGSEGV_EXIT = 128 + 11;
    /** libibmad's warning when no answer came within the time-out a tool asked for (it does not retry then). */
    static final String RECEIVE_TIMED_OUT = "_do_madrpc: recv failed: Connection timed out";

    private static Output runOnce(Path scratch, List<String> command, Map<String, String> environment, String who,
            Duration timeout) throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, who, ".out");
        Path err = Files.createTempFile(scratch, who, ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Lab.detach(builder.environment()); // only what the caller gives attaches a process to ibsim
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException(String.join(" ", command) + " did not end within " + timeout);
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
