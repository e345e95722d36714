package org.infiniscope.lab.umad;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./infiniscope simulate} serving a net file, as ibsim does: on an abstract Unix socket of its own when the
 * tool serves ibsim's socket protocol ({@code --ibsim-socket}), else over ibsim's UDP mode on a free port range.
 */
final class Simulate implements FabricServer {

    /** Client slots the server keeps: client N's data port is the control port + 1 + N. */
    private static final int PORTS = 11;
    /** Whether this build's tool refused {@code --ibsim-socket}; then every later start goes to UDP at once. */
    private static volatile boolean socketRefused;

    private final Process process;
    private final Path err;
    private final Map<String, String> server;

    private Simulate(Process process, Path err, Map<String, String> server) {
        this.process = process;
        this.err = err;
        this.server = server;
    }

    /** Starts the tool on a net file and returns once it has said where clients attach. */
    static Simulate start(Path scratch, Path net, Duration timeout) throws IOException, InterruptedException {
        BuiltLauncher.prepare();
        if (!socketRefused) {
            String socket = Lab.uniqueSocket("simulate");
            Simulate simulate = start(scratch, net, List.of("--ibsim-socket", socket), "IBSIM_SOCKNAME=" + socket,
                    Map.of("IBSIM_SOCKNAME", socket), timeout);
            if (simulate != null) {
                return simulate;
            }
            socketRefused = true;
        }
        for (int attempt = 0;; attempt++) {
            int port = freePortRange();
            Simulate simulate = start(scratch, net, List.of("--ibsim-port", Integer.toString(port)),
                    "IBSIM_SERVER_PORT=" + port,
                    Map.of("IBSIM_SERVER_NAME", "127.0.0.1", "IBSIM_SERVER_PORT", Integer.toString(port)), timeout);
            if (simulate != null || attempt == 3) {
                if (simulate == null) {
                    throw new IOException("simulate could not serve " + net + " on UDP: "
                            + Lab.tail(scratch.resolve("simulate.err"), 20));
                }
                return simulate;
            }
        }
    }

    /** @return the started server, or null when the tool ended at once (an option it refuses, a port taken) */
    private static Simulate start(Path scratch, Path net, List<String> transport, String ready,
            Map<String, String> server, Duration timeout) throws IOException, InterruptedException {
        Path err = scratch.resolve("simulate.err");
        List<String> command = new ArrayList<>(List.of(BuiltLauncher.script(), "simulate", "--net", net.toString()));
        command.addAll(transport);
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectError(err.toFile());
        Lab.detach(builder.environment());
        builder.environment().putAll(BuiltLauncher.environment());
        Process process = builder.start();
        Simulate simulate = new Simulate(process, err, server);
        try {
            if (!simulate.awaitLine(ready, timeout)) {
                simulate.close();
                return null;
            }
        } catch (IOException | RuntimeException e) {
            simulate.close();
            throw e;
        }
        return simulate;
    }

    /** The tool prints one line once it serves; reading it is the wait. A reader thread keeps the deadline. */
    private boolean awaitLine(String ready, Duration timeout) throws IOException, InterruptedException {
        BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        boolean[] found = new boolean[1];
        Thread thread = Thread.ofPlatform().daemon().name("simulate-stdout").start(() -> {
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.contains(ready)) {
                        synchronized (found) {
                            found[0] = true;
                        }
                        break;
                    }
                }
                while (reader.readLine() != null) {
                    // keep the pipe drained
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            synchronized (found) {
                if (found[0]) {
                    return true;
                }
            }
            if (!process.isAlive() && !thread.isAlive()) {
                return false;
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("simulate did not serve within " + timeout + ": " + Lab.tail(err, 20));
            }
            thread.join(20);
        }
    }

    /** @return a control port whose client ports are free as well, picked at random so parallel runs do not meet */
    private static int freePortRange() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20000, 60000 - PORTS);
            if (free(base)) {
                return base;
            }
        }
        throw new IllegalStateException("no free range of " + PORTS + " UDP ports on 127.0.0.1");
    }

    private static boolean free(int base) {
        for (int p = base; p < base + PORTS; p++) {
            try (DatagramSocket socket = new DatagramSocket(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), p))) {
                // bound and closed at once: free now
            } catch (SocketException e) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Map<String, String> attach(String simHost) {
        Map<String, String> environment = new java.util.HashMap<>(server);
        environment.put("LD_PRELOAD", Lab.PRELOAD.toString());
        environment.put("SIM_HOST", simHost);
        return Map.copyOf(environment);
    }

    @Override
    public String logTail() throws IOException {
        return Files.exists(err) ? Lab.tail(err, 20) : "";
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close(); // closing its standard input is how the tool is told to stop
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                Lab.stop(process);
            }
        } catch (IOException e) {
            Lab.stop(process);
        } catch (InterruptedException e) {
            Lab.stop(process);
            Thread.currentThread().interrupt();
        }
    }
}
