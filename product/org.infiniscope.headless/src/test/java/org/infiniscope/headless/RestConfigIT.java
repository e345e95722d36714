package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The REST server's PID ({@code etc/org.infiniscope.rest.cfg}) in the real runtime over HTTP: the port, the token file,
 * the failed-login limits and TLS change while it runs; a bad value is logged and changes nothing; and /metrics stays
 * closed when the REST bundle (its token check) is stopped.
 */
class RestConfigIT {

    private static final String PASSWORD = "it-config-keystore-pass";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static void write(Path etc, String... lines) throws IOException {
        Path tmp = etc.resolve("org.infiniscope.rest.cfg.tmp");
        Files.writeString(tmp, String.join("\n", lines) + "\n");
        Files.move(tmp, etc.resolve("org.infiniscope.rest.cfg"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private static String token(Path state, Path etc, String role) throws Exception {
        return RestRuntime.cli(state, List.of("-Dinfiniscope.etc=" + etc), "token", "add", "--role", role).strip();
    }

    private static int status(HttpClient client, String url, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        try {
            return client.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1; // nothing (or nothing of this scheme) listens there
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void waitFor(BooleanSupplier condition, String what, RestRuntime runtime)
            throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("no " + what + " within " + DEADLINE + "; stderr:\n" + runtime.stderr());
            }
            // a poll interval between two looks at the condition, not a wait for it
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    @Test
    void thePortTokensLimitsAndTlsChangeWhileItRunsAndABadValueChangesNothing() throws Exception {
        Path state = Files.createTempDirectory("infiniscope-rest-config");
        Path etc = Files.createDirectories(state.resolve("etc"));
        Path other = Files.createDirectories(state.resolve("etc-b"));
        Path tokensA = state.resolve("a").resolve("tokens");
        Path tokensB = state.resolve("b").resolve("tokens");
        int first = RestRuntime.freePort();
        write(etc, "port=" + first, "tokens.file=" + tokensA, "login.failures=50");
        // the one-shot command writes the token file that etc/ names
        String tokenA = token(state, etc, "viewer");
        assertTrue(Files.isRegularFile(tokensA), "token add wrote no " + tokensA);
        write(other, "tokens.file=" + tokensB);
        String tokenB = token(state, other, "viewer");
        try (HttpClient plain = RestRuntime.plainClient();
                RestRuntime runtime = RestRuntime.start(state, plain, "http", first, "-Dinfiniscope.etc=" + etc)) {
            runtime.await("/api/v1/fabric", tokenA, r -> r.status() == 200, DEADLINE);
            assertEquals(401, runtime.get("/api/v1/fabric", tokenB).status(), "B's tokens are not in A's file");

            // another port and token file: the server rebinds, the new file's tokens open it, the old ones not
            int second = RestRuntime.freePort();
            String at = "http://127.0.0.1:" + second + "/api/v1/fabric";
            write(etc, "port=" + second, "tokens.file=" + tokensB, "login.failures=50");
            waitFor(() -> status(plain, at, tokenB) == 200, "answer with B's token on port " + second, runtime);
            waitFor(() -> status(plain, "http://127.0.0.1:" + first + "/api/v1/fabric", tokenA) == -1,
                    "closing of the old port " + first, runtime);

            // the token file is followed while it runs: a token added now works at once
            String tokenC = token(state, other, "viewer");
            waitFor(() -> status(plain, at, tokenC) == 200, "answer with a token added while it runs", runtime);

            // the limits: under login.failures=50 a few failures (the waits above made some) block nothing
            assertEquals(401, status(plain, at, tokenA), "A's token is not in B's file");
            write(etc, "port=" + second, "tokens.file=" + tokensB, "login.failures=2", "login.window=600");
            waitFor(() -> runtime.stderr().contains(", 2 failed logins per 600 s"), "the new limits applied", runtime);
            List<Integer> statuses = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                statuses.add(status(plain, at, "isc_00000000000" + i + "_wrong"));
            }
            assertEquals(List.of(429, 429), statuses.subList(1, 3), "blocked after login.failures=2: " + statuses);
            assertEquals(200, status(plain, at, tokenB), "a token the address used before goes on working");

            // a bad value: logged with its key, and the previous settings stay in force
            int third = RestRuntime.freePort();
            Path password = Files.writeString(state.resolve("server.pass"), PASSWORD + "\n");
            Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-------"));
            write(etc, "port=" + third, "tokens.file=" + tokensA, "tls.keystore=" + state.resolve("missing.p12"),
                    "tls.password.file=" + password);
            waitFor(() -> runtime.stderr()
                    .contains("org.infiniscope.rest.cfg: tls.keystore: the keystore " + state.resolve("missing.p12")
                            + " cannot be read; the REST server keeps its previous settings"),
                    "error naming tls.keystore", runtime);
            assertEquals(200, status(plain, at, tokenB), "still on port " + second + " with B's tokens");
            assertEquals(-1, status(plain, "http://127.0.0.1:" + third + "/api/v1/fabric", tokenA));

            // TLS with a keystore: HTTPS only, on the new port
            Path store = TestCertificates.keystore(state, PASSWORD);
            int fourth = RestRuntime.freePort();
            write(etc, "port=" + fourth, "tokens.file=" + tokensB, "login.failures=2", "login.window=600",
                    "tls.keystore=" + store, "tls.password.file=" + password);
            try (HttpClient tls = TestCertificates.trusting(store, PASSWORD, Duration.ofSeconds(5))) {
                String secure = "https://127.0.0.1:" + fourth + "/api/v1/fabric";
                waitFor(() -> status(tls, secure, tokenB) == 200, "HTTPS answer on port " + fourth, runtime);
                HttpResponse<Void> r = tls.send(
                        HttpRequest.newBuilder(URI.create(secure)).header("Authorization", "Bearer " + tokenB).build(),
                        HttpResponse.BodyHandlers.discarding());
                assertTrue(r.sslSession().isPresent(), "served over TLS");
            }
            waitFor(() -> status(plain, at, tokenB) == -1, "closing of the plain port " + second, runtime);
            String stderr = runtime.stop();
            assertFalse(stderr.contains(PASSWORD), "the keystore password is never logged");
            assertFalse(stderr.contains(tokenB.substring(tokenB.indexOf('_', 4) + 1)), "a token is never logged");
        }
    }

    @Test
    void metricsStayClosedWhileTheRestBundleIsStopped() throws Exception {
        Path state = Files.createTempDirectory("infiniscope-rest-metrics");
        String scrape = RestRuntime.cli(state, "token", "add", "--role", "scrape").strip();
        try (HttpClient plain = RestRuntime.plainClient();
                RestRuntime runtime = RestRuntime.start(state, plain, "http")) {
            runtime.await("/metrics", scrape, r -> r.status() == 200, DEADLINE);
            assertEquals(401, runtime.get("/metrics", null).status());
            runtime.shell("lb -s org.infiniscope.rest");
            Pattern line = Pattern.compile("(?m)^\\s*(\\d+)\\|Active\\s*\\|\\s*\\d+\\|org\\.infiniscope\\.rest \\(");
            waitFor(() -> line.matcher(runtime.stdout()).find(), "bundle list of org.infiniscope.rest", runtime);
            Matcher m = line.matcher(runtime.stdout());
            assertTrue(m.find());
            String id = m.group(1);
            runtime.shell("stop " + id);
            // the filter gone, the metrics servlet refuses every scrape itself, the scrape token's too
            RestRuntime.Reply closed = runtime.await("/metrics", scrape, r -> r.status() != 200, DEADLINE);
            assertEquals(401, closed.status(), closed.body());
            assertTrue(closed.body().contains("no token check admitted this request"), closed.body());
            assertEquals(401, runtime.get("/metrics", null).status());
            assertEquals(404, runtime.get("/api/v1/fabric", scrape).status(), "the API is gone with its bundle");
            runtime.shell("start " + id);
            runtime.await("/metrics", scrape, r -> r.status() == 200, DEADLINE);
            assertEquals(401, runtime.get("/metrics", null).status());
        }
    }
}
