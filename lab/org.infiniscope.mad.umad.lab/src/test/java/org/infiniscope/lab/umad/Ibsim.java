package org.infiniscope.lab.umad;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** An ibsim serving one fabric on a unique socket; its console is its stdin. */
final class Ibsim implements FabricServer {

    private final Process process;
    private final Writer console;
    private final String socket;
    private final Path log;

    private Ibsim(Process process, String socket, Path log) {
        this.process = process;
        this.console = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.socket = socket;
        this.log = log;
    }

    /**
     * Starts ibsim on a fabric from this module's test resources and waits until its control socket exists.
     *
     * @param fabric a resource such as {@code fabrics/ft2-16.net}
     */
    static Ibsim start(Path scratch, String fabric, Duration timeout) throws IOException, InterruptedException {
        Path net = scratch.resolve(Path.of(fabric).getFileName());
        try (InputStream in = Ibsim.class.getClassLoader().getResourceAsStream(fabric)) {
            if (in == null) {
                throw new IOException("no test resource " + fabric);
            }
            Files.copy(in, net);
        }
        return start(scratch, net, List.of(), timeout);
    }

    /**
     * Starts ibsim on a net file and waits until its control socket exists.
     *
     * @param options more of ibsim's options, such as its limits {@code -N 16384 -S 2048 -P 100000}
     */
    static Ibsim start(Path scratch, Path net, List<String> options, Duration timeout)
            throws IOException, InterruptedException {
        return start(scratch, net, Lab.uniqueSocket("ibsim"), options, timeout);
    }

    /**
     * Starts ibsim on a net file under a socket name of the caller's (such as the name of an ibsim that ended: a
     * restart), and waits until its control socket exists.
     */
    static Ibsim start(Path scratch, Path net, String socket, List<String> options, Duration timeout)
            throws IOException, InterruptedException {
        Path log = scratch.resolve("ibsim.log");
        List<String> command = new ArrayList<>(List.of(Lab.tool("ibsim"), "-s"));
        command.addAll(options);
        command.add(net.toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Lab.detach(builder.environment());
        builder.environment().put("IBSIM_SOCKNAME", socket);
        Ibsim ibsim = new Ibsim(builder.start(), socket, log);
        try {
            ibsim.awaitSocket(timeout);
        } catch (IOException | RuntimeException e) {
            ibsim.close();
            throw e;
        }
        return ibsim;
    }

    private void awaitSocket(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String name = "@" + socket + ":ctl";
        while (!Files.readString(Path.of("/proc/net/unix")).contains(name)) {
            if (!process.isAlive()) {
                throw new IOException("ibsim ended with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("ibsim did not open " + name + " within " + timeout);
            }
            process.waitFor(20, TimeUnit.MILLISECONDS); // returns at once if ibsim ends
        }
    }

    String socket() {
        return socket;
    }

    @Override
    public Map<String, String> attach(String simHost) {
        return Lab.preloadEnvironment(socket, simHost);
    }

    @Override
    public String logTail() throws IOException {
        return Lab.tail(log, 20);
    }

    /** Sends a console command, such as {@code PerformanceSet "h00001"[1] PortCounters.SymbolErrorCounter=50}. */
    void console(String command) throws IOException {
        console.write(command + "\n");
        console.flush();
    }

    @Override
    public void close() {
        Lab.stop(process);
    }
}
