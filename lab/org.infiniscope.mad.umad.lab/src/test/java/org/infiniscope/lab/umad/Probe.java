package org.infiniscope.lab.umad;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Drives {@link UmadProbe} in a child JVM attached to ibsim: the transport under test, seen from outside. */
final class Probe implements AutoCloseable {

    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final PrintWriter commands;
    private final LinkedBlockingQueue<String> replies = new LinkedBlockingQueue<>();
    private final Path stderr;

    private Probe(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.commands = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        Thread.ofVirtual().name("lab-probe-reader").start(() -> {
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    replies.add(line);
                }
            } catch (IOException ended) {
                // the probe is gone: reply() reports it
            }
        });
    }

    static Probe start(Path scratch, String socket, String simHost) throws IOException, InterruptedException {
        Path stderr = scratch.resolve("probe-" + simHost + ".err");
        Process process = ChildJvm.start(scratch, Lab.preloadEnvironment(socket, simHost), stderr,
                UmadProbe.class.getName(), "umad");
        Probe probe = new Probe(process, stderr);
        try {
            String ready = probe.reply();
            if (!ready.equals("ready")) {
                throw new IOException("the probe did not start: " + ready);
            }
        } catch (IOException | RuntimeException e) {
            probe.close();
            throw e;
        }
        return probe;
    }

    /** @return the answer's 256 bytes */
    byte[] send(byte[] mad, int lid, int qpn, int qkey, int timeoutMillis) throws IOException, InterruptedException {
        commands.println("send " + lid + " " + qpn + " " + Integer.toHexString(qkey) + " " + timeoutMillis + " "
                + HexFormat.of().formatHex(mad));
        String reply = reply();
        if (!reply.startsWith("ok ")) {
            throw new IOException("the probe answered: " + reply);
        }
        return HexFormat.of().parseHex(reply.substring(3));
    }

    /** @return {@code port CA PORT LID SMLID GUID} */
    String port() throws IOException, InterruptedException {
        commands.println("port");
        return reply();
    }

    private String reply() throws IOException, InterruptedException {
        String line = replies.poll(REPLY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new IOException("no reply from the probe within " + REPLY_TIMEOUT
                    + (process.isAlive() ? "" : " (it ended with " + process.exitValue() + ")") + "; stderr:\n"
                    + Files.readString(stderr));
        }
        return line;
    }

    @Override
    public void close() {
        commands.println("quit");
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Lab.stop(process);
    }
}
