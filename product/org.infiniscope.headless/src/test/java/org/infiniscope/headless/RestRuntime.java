package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The headless runtime serving its REST API, started as {@code ./infiniscope serve} starts it (its own JVM, a state
 * folder of its own), and an HTTP client for it. The runtime's standard output is drained on a thread; its standard
 * error goes to a file the test reads at the end.
 */
final class RestRuntime implements AutoCloseable {

    static final Path RUNTIME = Path.of(System.getProperty("infiniscope.runtime.dir", "target/infiniscope-runtime"));
    static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 120;

    /** An answer. */
    record Reply(int status, String body, HttpResponse<String> response) {

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        /** @return the answer, once checked to have this status */
        Reply expect(int expected) {
            assertEquals(expected, status, body);
            return this;
        }
    }

    final Path state;
    final int port;
    final String base;
    private final Process process;
    private final Writer stdin;
    private final Path stderr;
    private final StringBuffer stdout = new StringBuffer();
    private final HttpClient client;

    private RestRuntime(Path state, int port, String scheme, Process process, Path stderr, HttpClient client)
            throws IOException {
        this.state = state;
        this.port = port;
        this.base = scheme + "://127.0.0.1:" + port;
        this.process = process;
        this.stderr = stderr;
        this.client = client;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        assertEquals("infiniscope: metrics at " + base + "/metrics", first, "stderr:\n" + stderr());
        Thread drain = new Thread(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    stdout.append(line).append('\n');
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "runtime-stdout");
        drain.setDaemon(true);
        drain.start();
    }

    static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    static List<String> java(String... properties) {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "@" + RUNTIME.resolve("jvm.options")));
        command.addAll(List.of(properties));
        return command;
    }

    /** Runs a one-shot command of the runtime with this state folder; @return its standard output */
    static String cli(Path state, String... args) throws IOException, InterruptedException {
        return cli(state, List.of(), args);
    }

    /** The same, with extra system properties (such as {@code -Dinfiniscope.etc=DIR}). */
    static String cli(Path state, List<String> properties, String... args) throws IOException, InterruptedException {
        List<String> command = java("-Dinfiniscope.state=" + state, "-Dinfiniscope.fabric=sim");
        command.addAll(properties);
        command.addAll(List.of("-jar", RUNTIME.resolve("infiniscope-launcher.jar").toString(), "--cli"));
        command.addAll(List.of(args));
        Path err = Files.createTempFile("infiniscope-it", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the command did not end");
            assertEquals(0, p.exitValue(), Files.readString(err));
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** Starts the runtime on the embedded fabric, with these extra system properties. */
    static RestRuntime start(Path state, HttpClient client, String scheme, String... properties) throws IOException {
        return start(state, client, scheme, freePort(), properties);
    }

    /** The same on a port of the caller's (the one its etc/ gives, which wins over the property set here). */
    static RestRuntime start(Path state, HttpClient client, String scheme, int port, String... properties)
            throws IOException {
        List<String> command = java("-Dorg.osgi.service.http.port=" + port, "-Dinfiniscope.cwd=" + state,
                "-Dinfiniscope.state=" + state);
        command.addAll(List.of(properties));
        if (Stream.of(properties).noneMatch(p -> p.startsWith("-Dinfiniscope.fabric="))) {
            command.add("-Dinfiniscope.fabric=sim");
        }
        command.addAll(List.of("-jar", RUNTIME.resolve("infiniscope-launcher.jar").toString(), "--shell"));
        Path err = Files.createTempFile("infiniscope-it", ".err");
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
        return new RestRuntime(state, port, scheme, process, err, client);
    }

    static HttpClient plainClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    Reply call(String method, String path, String token, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    Reply get(String path, String token) {
        return call("GET", path, token, null);
    }

    HttpClient client() {
        return client;
    }

    /** Waits, with a deadline, until a GET answers what the predicate wants; @return that answer */
    Reply await(String path, String token, Predicate<Reply> wanted, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        Reply last = null;
        while (System.nanoTime() < deadline) {
            last = get(path, token);
            if (wanted.test(last)) {
                return last;
            }
            try {
                // polling an HTTP server: the wait is the request's own round trip plus this pause
                process.waitFor(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("GET " + path + " did not answer what was wanted within " + within + "; last: "
                + (last == null ? "none" : last.status() + " " + last.body()) + "\nstderr:\n" + stderr());
    }

    String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(stderr unreadable: " + e + ")";
        }
    }

    String stdout() {
        return stdout.toString();
    }

    /** Writes a line to the Gogo shell. */
    void shell(String line) throws IOException {
        stdin.write(line + "\n");
        stdin.flush();
    }

    /** Ends the runtime (end of standard input); @return its standard error */
    String stop() throws IOException, InterruptedException {
        stdin.close();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        return stderr();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (process.isAlive()) {
            stop();
        }
        Files.deleteIfExists(stderr);
        try (Stream<Path> files = Files.walk(state)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    int exitValue() {
        return process.exitValue();
    }
}
