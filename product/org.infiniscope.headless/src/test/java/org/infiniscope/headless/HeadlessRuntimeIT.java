package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Boots the assembled headless runtime (Felix, not Equinox) as a user does, in its own JVM, and drives it
 * through the Gogo shell on standard input and through the one-shot CLI.
 */
class HeadlessRuntimeIT {

    private static final Path RUNTIME = Path
            .of(System.getProperty("infiniscope.runtime.dir", "target/infiniscope-runtime"));
    private static final long TIMEOUT_SECONDS = 120;

    /** What a run printed and how it ended. */
    record Result(int status, String out, String err) {
    }

    private static Result launch(String stdin, String... args) throws IOException, InterruptedException {
        // --shell serves HTTP: on a free port, not the default 9464 a running serve (or another build) may hold
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "@" + RUNTIME.resolve("jvm.options"), "-Dorg.osgi.service.http.port=" + freePort(), "-jar",
                        RUNTIME.resolve("infiniscope-launcher.jar").toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("infiniscope-it", ".out");
        Path err = Files.createTempFile("infiniscope-it", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .start();
            try (OutputStream in = process.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the runtime did not exit within " + TIMEOUT_SECONDS + " s; stdout:\n"
                        + Files.readString(out) + "\nstderr:\n" + Files.readString(err));
            }
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private static void assertActive(String lbOutput, String bundleName) {
        Pattern line = Pattern.compile("(?m)^\\s*\\d+\\|Active\\s*\\|\\s*\\d+\\|" + Pattern.quote(bundleName) + " \\(");
        assertTrue(line.matcher(lbOutput).find(), bundleName + " is not Active in:\n" + lbOutput);
    }

    @Test
    void gogoShellOnStdinListsTheBundlesActiveOnFelixAndRunsOurCommands() throws Exception {
        Result result = launch("lb\ninfiniscope:version\ninfiniscope:bundles infiniscope\n", "--shell");
        assertEquals(0, result.status(), result.err());
        assertActive(result.out(), "System Bundle");
        assertActive(result.out(), "Infiniscope Console");
        assertActive(result.out(), "Apache Felix Declarative Services");
        assertActive(result.out(), "Apache Felix Gogo Shell");
        assertTrue(result.out().contains("OSGi framework: org.apache.felix.framework 7.0.5"), result.out());
        assertTrue(
                result.out().contains(
                        "infiniscope " + System.getProperty("infiniscope.version", "0.1.0").replace("-SNAPSHOT", ".")),
                result.out());
        assertTrue(result.out().matches("(?s).*\\|Active +\\| *\\d+\\|org\\.infiniscope\\.console \\(.*"),
                result.out());
        assertTrue(result.out().contains("gosh: stopping shell and framework"), "end of input must stop the runtime");
        assertEquals("", result.err().strip(), "nothing on stderr");
    }

    @Test
    void aFaultInjectedFromGogoShowsInTheEmbeddedFabric() throws Exception {
        // an answer may take long on a loaded machine: only the query that cannot be answered has a short timeout
        String query = "infiniscope:smpquery --fabric sim -t 30000 -D nodedesc 0,1\n";
        String lostQuery = "infiniscope:smpquery --fabric sim -t 50 -D nodedesc 0,1\n";
        Result result = launch(query + "infiniscope:simfault unlink leaf001[1]\n" + lostQuery
                + "infiniscope:simfault relink leaf001[1]\n" + query, "--shell");
        assertEquals(0, result.status(), result.err());
        String out = result.out();
        int first = out.indexOf("Node Description:.........................leaf001");
        int lost = out.indexOf("exit status 1");
        int again = out.indexOf("Node Description:.........................leaf001", first + 1);
        assertTrue(first >= 0 && lost > first && again > lost,
                "answered, lost while the cable is out, answered once it is back:\n" + out);
        assertTrue(result.err().contains("no answer from DR path"), result.err());
    }

    @Test
    void oneShotVersionPrintsAndExitsZero() throws Exception {
        Result result = launch("", "--cli", "version", "--short");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().matches("0\\.1\\.0\\.\\d+\\n"), result.out());
        assertEquals("", result.err());
    }

    @Test
    void oneShotHelpListsTheBuiltInCommands() throws Exception {
        Result result = launch("", "--cli", "help");
        assertEquals(0, result.status(), result.err());
        for (String name : List.of("bundles", "help", "services", "version")) {
            assertTrue(result.out().contains("\n  " + name + " "), name + " missing:\n" + result.out());
        }
    }

    @Test
    void oneShotErrorsGiveTheirStatusAndAMessage() throws Exception {
        Result unknown = launch("", "--cli", "frobnicate");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown command 'frobnicate'"), unknown.err());
        // a reserved command whose bundle is absent (status 3, naming the bundle) is ConsoleServicesTest's: in the
        // whole runtime every reserved command's bundle is installed, and the last one reserved runs
        Result reserved = launch("", "--cli", "qp", "list");
        assertEquals(0, reserved.status(), reserved.err());
        Result usage = launch("", "--cli", "services", "a", "b");
        assertEquals(2, usage.status());
        assertTrue(usage.err().startsWith("infiniscope services: expected at most one filter text"), usage.err());
    }

    @Test
    void launcherRejectsABadCommandLine() throws Exception {
        Result result = launch("", "--bogus");
        assertEquals(2, result.status());
        assertTrue(result.err().contains("unknown option '--bogus'"), result.err());
    }

    @Test
    void theEmfFabricModelServiceActivatesOnFelix() throws Exception {
        // the EMF bundles start without org.eclipse.core.runtime, and the service makes its Fabric (EMF package
        // registered, XMI resource created): Gogo prints the copy's attributes
        Result result = launch("lb\nref = $.context getServiceReference org.infiniscope.model.FabricModelService\n"
                + "svc = $.context getService $ref\n$svc copy\n", "--shell");
        assertEquals(0, result.status(), result.err());
        assertActive(result.out(), "Infiniscope fabric model (EMF)");
        assertActive(result.out(), "EMF Ecore");
        assertTrue(result.out().matches("(?s).*Name +fabric\\n.*Nodes +\\[\\].*"), result.out());
        assertEquals("", result.err().strip(), "nothing on stderr");
    }

    @Test
    void serveAnswersMetricsOverHttpWithEveryPortOfTheFabricAndPromtoolAcceptsThem() throws Exception {
        int port = freePort();
        // as ./infiniscope serve runs it: the caller's folder and a state folder given, so the SM runs on the sim
        Path state = Files.createTempDirectory("infiniscope-it-state");
        // /metrics needs a token (issue 11): a scraper's, made as a site makes it
        String scrapeToken = RestRuntime.cli(state, "token", "add", "--role", "scrape").strip();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + RUNTIME.resolve("jvm.options"), "-Dorg.osgi.service.http.port=" + port,
                "-Dinfiniscope.fabric=sim", "-Dinfiniscope.cwd=" + state, "-Dinfiniscope.state=" + state, "-jar",
                RUNTIME.resolve("infiniscope-launcher.jar").toString(), "--shell");
        Path err = Files.createTempFile("infiniscope-it", ".err");
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
            String where = out.readLine();
            assertEquals("infiniscope: metrics at http://127.0.0.1:" + port + "/metrics", where);
            // the SM gives the fabric its LIDs (the perf manager reads counters by LID), the perf manager sweeps; the
            // port list to compare with comes from the fabric itself (discover -p: ibnetdiscover's port list)
            in.write("sm:resweep\nperf:sweep\ninfiniscope:discover -p\necho END-OF-PORTS\n");
            in.flush();
            StringBuilder shell = new StringBuilder();
            for (String line = out.readLine(); line != null && !line.contains("END-OF-PORTS"); line = out.readLine()) {
                shell.append(line).append('\n');
            }
            Matcher sweep = Pattern.compile("Sweep: (\\d+) nodes, (\\d+) ports").matcher(shell);
            assertTrue(sweep.find(), shell.toString());

            HttpResponse<String> response;
            try (HttpClient client = HttpClient.newHttpClient()) {
                response = client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                .header("Authorization", "Bearer " + scrapeToken).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
            }
            assertEquals(200, response.statusCode(), response.body());
            assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"),
                    response.headers().toString());
            String metrics = response.body();

            Set<String> served = new TreeSet<>();
            Pattern label = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");
            for (String line : metrics.split("\n")) {
                if (line.startsWith("infiniband_port_reachable{") && line.matches(".*} 1(\\.0)?")) {
                    java.util.Map<String, String> labels = new java.util.HashMap<>();
                    Matcher m = label.matcher(line.substring(0, line.lastIndexOf('}')));
                    while (m.find()) {
                        labels.put(m.group(1), m.group(2));
                    }
                    served.add(labels.get("port_guid").substring(2) + ":" + labels.get("port"));
                }
            }
            Set<String> fabric = new TreeSet<>();
            Matcher link = Pattern.compile("\\b(?:CA|SW)\\s+\\d+\\s+(\\d+)\\s+0x([0-9a-f]{16})\\b").matcher(shell);
            while (link.find()) {
                fabric.add(link.group(2) + ":" + link.group(1));
            }
            assertTrue(fabric.size() > 10, "the fabric's ports:\n" + shell);
            assertEquals(Integer.parseInt(sweep.group(2)), served.size(), metrics);
            assertEquals(fabric, served, "the fabric's ports (discover -p) against those /metrics serves");

            Path promtool = Path.of("/usr/bin/promtool");
            if (Files.isExecutable(promtool)) {
                Path file = Files.writeString(Files.createTempFile("infiniscope-metrics", ".txt"), metrics);
                try {
                    Process check = new ProcessBuilder(promtool.toString(), "check", "metrics")
                            .redirectErrorStream(true).redirectInput(file.toFile()).start();
                    String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(check.waitFor(60, TimeUnit.SECONDS), "promtool did not finish");
                    assertEquals(0, check.exitValue(), said);
                    assertEquals("", said.strip());
                } finally {
                    Files.deleteIfExists(file);
                }
            } else if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("promtool (Debian's prometheus package) is missing: CI installs it");
            } else {
                Assumptions.abort("promtool is missing: install Debian's prometheus package to run this check");
            }
        } finally {
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            String stderr = Files.readString(err);
            Files.deleteIfExists(err);
            try (Stream<Path> files = Files.walk(state)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
            assertEquals(0, process.exitValue(), stderr);
            // SLF4J 2 found slf4j-simple through SPI Fly: the SM's log lines are there, and no "No SLF4J providers"
            assertTrue(stderr.contains("INFO org.infiniscope.sm.internal.SubnetManagerService - SUBNET UP"), stderr);
            assertFalse(stderr.contains("SLF4J"), stderr);
            assertFalse(stderr.contains(" WARN ") || stderr.contains(" ERROR "), stderr);
        }
    }
}
