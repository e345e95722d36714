package org.infiniscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

/**
 * The release archive runs from any folder with Java 25 alone: a one-shot command, {@code serve} as a service with
 * its HTTP server configured in etc/ and moved to another port while it runs, and a clear message without Java 25.
 */
class ReleaseArchiveIT {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @Test
    void theArchiveHoldsBothRuntimesTheScriptTheUnitAndTheDocs() throws Exception {
        Path home = Release.home();
        for (String file : new String[]{"bin/infiniscope", "runtime/infiniscope-launcher.jar", "runtime/jvm.options",
                "etc/README", "gui/configuration/config.ini", "share/systemd/infiniscope.service",
                "docs/configuration.md", "docs/running-as-a-service.md"}) {
            assertTrue(Files.exists(home.resolve(file)), file + " missing from the archive");
        }
        assertTrue(Files.getPosixFilePermissions(home.resolve("bin/infiniscope"))
                .contains(PosixFilePermission.OWNER_EXECUTE));
        try (var plugins = Files.list(home.resolve("gui/plugins"))) {
            assertTrue(plugins.anyMatch(p -> p.getFileName().toString().startsWith("org.infiniscope.ui_")),
                    "the desktop's bundles are missing");
        }
        try (var bundles = Files.list(home.resolve("runtime/bundle"))) {
            assertTrue(bundles.anyMatch(p -> p.getFileName().toString().startsWith("org.apache.felix.fileinstall")),
                    "FileInstall is missing from the headless runtime");
        }
    }

    @Test
    void oneShotCommandsRunFromAnyFolder() throws Exception {
        Release.Result version = Release.run(Map.of(), "version");
        assertEquals(0, version.status(), version.err());
        assertTrue(version.out().startsWith("infiniscope " + Release.VERSION.replace("-SNAPSHOT", "")), version.out());
        Release.Result discover = Release.run(Map.of(), "discover", "--fabric", "sim");
        assertEquals(0, discover.status(), discover.err());
        assertTrue(discover.out().contains("Switch"), discover.out());
    }

    @Test
    void withoutJava25ItSaysSoAndWhereItLooked() throws Exception {
        Release.Result result = Release.run(
                Map.of("JAVA_HOME", "/nonexistent/jdk", "INFINISCOPE_DEFAULT_JDK", "/nonexistent/temurin-25"),
                "version");
        assertEquals(1, result.status());
        assertTrue(result.err().contains("Java 25 not found: set JAVA_HOME"), result.err());
    }

    @Test
    void serveReadsEtcAndFollowsItsChangesWithoutARestart() throws Exception {
        Path etc = Release.scratch("etc");
        int first = freePort();
        Files.writeString(etc.resolve("org.apache.felix.http.cfg"),
                "org.osgi.service.http.port=" + first + "\norg.apache.felix.http.host=127.0.0.1\n");
        Path cwd = Release.scratch("serve");
        // the environment's port loses to etc/ for the HTTP server (Felix HTTP reads its PID first)
        Process serve = Release.start(cwd,
                Map.of("INFINISCOPE_ETC", etc.toString(), "INFINISCOPE_HTTP_PORT", String.valueOf(freePort())), "serve",
                "--no-shell");
        try {
            waitFor(() -> read(cwd.resolve("out.txt")).contains("metrics at http://127.0.0.1:" + first + "/metrics"),
                    "the announcement of port " + first, cwd);
            waitFor(() -> answers(first), "an HTTP answer on port " + first, cwd);
            int second = freePort();
            Files.writeString(etc.resolve("org.apache.felix.http.cfg.tmp"),
                    "org.osgi.service.http.port=" + second + "\norg.apache.felix.http.host=127.0.0.1\n");
            Files.move(etc.resolve("org.apache.felix.http.cfg.tmp"), etc.resolve("org.apache.felix.http.cfg"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            waitFor(() -> answers(second), "an HTTP answer on the new port " + second, cwd);
            waitFor(() -> !answers(first), "the old port " + first + " closed", cwd);
            assertTrue(serve.isAlive(), "serve ended: " + read(cwd.resolve("err.txt")));
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(30, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
        }
        assertTrue(Set.of(0, 143).contains(serve.exitValue()),
                "exit " + serve.exitValue() + read(cwd.resolve("err.txt")));
        assertFalse(read(cwd.resolve("err.txt")).contains("ERROR"), read(cwd.resolve("err.txt")));
    }

    @Test
    void theShellsActionsGoToTheAuditFileThatEtcNames() throws Exception {
        Path etc = Release.scratch("etc");
        Path audit = etc.getParent().resolve(etc.getFileName() + "-audit").resolve("operator-actions.log");
        Files.writeString(etc.resolve("org.infiniscope.audit.cfg"), "file=" + audit + "\n");
        Files.writeString(etc.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + freePort() + "\n");
        Path cwd = Release.scratch("shell");
        Path commands = cwd.resolve("commands.txt");
        Files.writeString(commands, "infiniscope:portstate -y 0x8000000000001234 -D 0,1 1 reset\n");
        Process serve = Release.start(cwd, Map.of("INFINISCOPE_ETC", etc.toString()), commands, "serve", "--fabric",
                "sim");
        assertTrue(serve.waitFor(120, TimeUnit.SECONDS), "serve did not end at the end of its input");
        assertEquals(0, serve.exitValue(), read(cwd.resolve("err.txt")));
        String log = Files.readString(audit);
        assertTrue(log.startsWith("{\"time\":\""), log);
        assertTrue(log.contains("\"user\":\"" + System.getProperty("user.name") + "\",\"source\":\"GOGO\","
                + "\"action\":\"portstate reset\",\"target\":\"portstate -y **** -D 0,1 1 reset\""), log);
        assertFalse(log.contains("8000000000001234"), log);
        assertEquals(1, log.lines().count(), log);
    }

    @Test
    void serveServesTlsWithTheKeystoreThatEtcNames() throws Exception {
        Path etc = Release.scratch("etc-tls");
        Path keystore = etc.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "server", "-keyalg", "EC", "-dname", "CN=localhost", "-ext",
                "SAN=dns:localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", "test-secret", "-keypass", "test-secret").redirectErrorStream(true).start();
        String made = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, made);
        int port = freePort();
        Files.writeString(etc.resolve("org.apache.felix.http.cfg"),
                String.join("\n", "org.apache.felix.http.enable=false", "org.apache.felix.https.enable=true",
                        "org.osgi.service.http.port.secure=" + port, "org.apache.felix.http.host=127.0.0.1",
                        "org.apache.felix.https.keystore=" + keystore, "org.apache.felix.https.keystore.type=PKCS12",
                        "org.apache.felix.https.keystore.password=test-secret",
                        "org.apache.felix.https.keystore.key.password=test-secret", ""));
        java.security.KeyStore trusted = java.security.KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(keystore)) {
            trusted.load(in, "test-secret".toCharArray());
        }
        javax.net.ssl.TrustManagerFactory trust = javax.net.ssl.TrustManagerFactory
                .getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        javax.net.ssl.SSLContext tls = javax.net.ssl.SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        Path cwd = Release.scratch("serve-tls");
        Process serve = Release.start(cwd, Map.of("INFINISCOPE_ETC", etc.toString()), "serve", "--no-shell");
        try (HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(2))
                .build()) {
            URI metrics = URI.create("https://localhost:" + port + "/metrics");
            waitFor(() -> {
                try {
                    return client.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.discarding()).sslSession().isPresent();
                } catch (IOException e) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }, "an HTTPS answer with the configured certificate on port " + port, cwd);
            waitFor(() -> read(cwd.resolve("out.txt")).contains("metrics at https://127.0.0.1:" + port + "/metrics"),
                    "the announcement of https://127.0.0.1:" + port, cwd);
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(30, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
        }
        assertFalse(read(cwd.resolve("out.txt")).contains("test-secret"), "the keystore password was printed");
        assertFalse(read(cwd.resolve("err.txt")).contains("test-secret"), "the keystore password was logged");
    }

    @Test
    void serveServesTheApiOverTlsWithTheRestSettingsOfEtc() throws Exception {
        Path etc = Release.scratch("etc-rest");
        Path keystore = etc.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "server", "-keyalg", "EC", "-dname", "CN=localhost", "-ext",
                "SAN=dns:localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", "rest-secret", "-keypass", "rest-secret").redirectErrorStream(true).start();
        String made = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, made);
        Path password = etc.resolve("server.pass");
        Files.writeString(password, "rest-secret\n");
        Files.setPosixFilePermissions(password, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path tokens = etc.getParent().resolve(etc.getFileName() + "-tokens").resolve("tokens");
        int port = freePort();
        Files.writeString(etc.resolve("org.infiniscope.rest.cfg"), String.join("\n", "port=" + port, "host=127.0.0.1",
                "tls.keystore=" + keystore, "tls.password.file=" + password, "tokens.file=" + tokens, ""));
        // a one-shot command in another folder, with another state folder: the token file is the one etc/ names
        Release.Result added = Release.run(Map.of("INFINISCOPE_ETC", etc.toString()), "token", "add", "--role",
                "viewer");
        assertEquals(0, added.status(), added.err());
        String token = added.out().strip();
        assertTrue(Files.isRegularFile(tokens), "the token went elsewhere than " + tokens);
        java.security.KeyStore trusted = java.security.KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(keystore)) {
            trusted.load(in, "rest-secret".toCharArray());
        }
        javax.net.ssl.TrustManagerFactory trust = javax.net.ssl.TrustManagerFactory
                .getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        javax.net.ssl.SSLContext tls = javax.net.ssl.SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        Path cwd = Release.scratch("serve-rest-tls");
        Process serve = Release.start(cwd, Map.of("INFINISCOPE_ETC", etc.toString()), "serve", "--no-shell");
        try (HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(2))
                .build()) {
            URI fabric = URI.create("https://localhost:" + port + "/api/v1/fabric");
            int[] last = {0};
            waitFor(() -> {
                try {
                    HttpResponse<String> r = client.send(HttpRequest.newBuilder(fabric)
                            .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    last[0] = r.statusCode();
                    return r.statusCode() == 200 && r.sslSession().isPresent() && r.body().contains("\"nodes\"");
                } catch (IOException e) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }, "an HTTPS answer of the API with the token on port " + port + " (last status " + last[0] + ")", cwd);
            assertEquals(401, client.send(HttpRequest.newBuilder(fabric).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode(), "no token, no answer");
            // announced once the framework has started, which may be after the server's first answer
            waitFor(() -> read(cwd.resolve("out.txt")).contains("metrics at https://127.0.0.1:" + port + "/metrics"),
                    "the announcement of https://127.0.0.1:" + port, cwd);
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(30, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
        }
        for (String file : new String[]{"out.txt", "err.txt"}) {
            String text = read(cwd.resolve(file));
            assertFalse(text.contains("rest-secret"), "the keystore password is in " + file);
            assertFalse(text.contains(token.substring(token.indexOf('_', 4) + 1)), "the token is in " + file);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** @return whether an HTTP server answers on the port (any status: the API may want a token) */
    private static boolean answers(int port) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            HttpResponse<Void> response = client
                    .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
            return response.statusCode() > 0;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void waitFor(BooleanSupplier condition, String what, Path cwd) throws InterruptedException {
        Instant end = Instant.now().plus(DEADLINE);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(end)) {
                throw new AssertionError("no " + what + " within " + DEADLINE + "; stdout: "
                        + read(cwd.resolve("out.txt")) + "\nstderr: " + read(cwd.resolve("err.txt")));
            }
            // a poll interval, not a wait for the condition: the loop re-checks it
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }
}
