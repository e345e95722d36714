package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * TLS with a configured certificate: a PKCS12 keystore (made here with the JDK's keytool, as docs/rest-api.md shows)
 * and a private password file; the runtime then answers HTTPS only, and a client that trusts the certificate reads
 * the API with a token. A password file others may read is refused before anything starts.
 */
class RestTlsIT {

    private static final String PASSWORD = "it-keystore-pass";

    private static Path passwordFile(Path dir, String permissions) throws IOException {
        Path file = dir.resolve("server.pass");
        Files.deleteIfExists(file);
        Files.writeString(file, PASSWORD + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    @Test
    void theApiAnswersHttpsOnlyWithTheConfiguredCertificate() throws Exception {
        Path state = Files.createTempDirectory("infiniscope-rest-tls");
        Path store = TestCertificates.keystore(state, PASSWORD);
        Path password = passwordFile(state, "rw-------");
        String token = RestRuntime.cli(state, "token", "add", "--role", "viewer").strip();
        try (RestRuntime runtime = RestRuntime.start(state,
                TestCertificates.trusting(store, PASSWORD, Duration.ofSeconds(10)), "https",
                "-Dinfiniscope.tls.keystore=" + store, "-Dinfiniscope.tls.password.file=" + password)) {
            RestRuntime.Reply reply = runtime.await("/api/v1/fabric", token, r -> r.status() == 200,
                    Duration.ofSeconds(60));
            assertTrue(reply.json().has("nodes"), reply.body());
            assertEquals(401, runtime.get("/api/v1/fabric", null).status());
            HttpRequest plain = HttpRequest
                    .newBuilder(URI.create("http://127.0.0.1:" + runtime.port + "/api/v1/fabric"))
                    .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(10)).build();
            try (HttpClient client = RestRuntime.plainClient()) {
                // plain HTTP on the TLS port: Jetty answers 400 to a request that is not TLS, or drops it
                try {
                    HttpResponse<String> r = client.send(plain, HttpResponse.BodyHandlers.ofString());
                    assertEquals(400, r.statusCode(), r.body());
                } catch (IOException expected) {
                    // dropped: fine too, nothing was served in the clear
                }
            }
            String stderr = runtime.stop();
            assertFalse(stderr.contains(PASSWORD), "the keystore password is never logged");
        }
    }

    @Test
    void aPasswordFileOthersMayReadIsRefused() throws Exception {
        Path state = Files.createTempDirectory("infiniscope-rest-tls");
        try {
            // the password file is checked before the keystore is opened: any readable file stands in for it
            Path store = Files.writeString(state.resolve("server.p12"), "not read");
            Path password = passwordFile(state, "rw-r--r--");
            List<String> command = RestRuntime.java("-Dinfiniscope.tls.keystore=" + store,
                    "-Dinfiniscope.tls.password.file=" + password, "-Dinfiniscope.state=" + state);
            command.addAll(
                    List.of("-jar", RestRuntime.RUNTIME.resolve("infiniscope-launcher.jar").toString(), "--shell"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(1, p.exitValue(), out);
            assertTrue(out.contains("grants others access: refusing it"), out);
            assertFalse(out.contains(PASSWORD));
        } finally {
            try (var files = Files.walk(state)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }
}
