package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Issue 11's vendor check on the real headless runtime: the sample vendor bundle (examples/, in no feature) is
 * installed into the running runtime from its Gogo shell, works (its vendor MAD decodes, its counter set shows in
 * {@code perf}, {@code fw query} reads its image format), misbehaves on request (services that throw, then services
 * that hang) while the core keeps answering within the vendor call bound, and is uninstalled without a trace. The
 * template bundle is installed too, so that it cannot rot.
 */
class VendorBundleIT {

    private static final Path RUNTIME = Path
            .of(System.getProperty("infiniscope.runtime.dir", "target/infiniscope-runtime"));
    private static final Path EXAMPLES = Path.of(System.getProperty("infiniscope.examples.dir", "../../examples"));
    /**
     * The vendor call bound the runtime runs with here (milliseconds): long enough that a Gogo round trip on a loaded
     * 2-core machine stays well under it, so that a call waited for is told from one that is not.
     */
    private static final long BOUND_MS = 3000;
    private static final String BUNDLE = "org.infiniscope.examples.vendor";
    private static final String QUERY_BOARD = "infiniscope:vendorquery --oui 0x5e 1 0x30 0x10";
    private static final String QUERY_PORT = "infiniscope:vendorquery --oui 0x5e 1 0x30 0x11 1";

    private static Path jar(String module) throws IOException {
        Path target = EXAMPLES.resolve(module).resolve("target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no bundle jar in " + target + ": build examples/"));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new AssertionError(target + " is missing: build examples/ (the reactor does, before product/)");
        }
    }

    /** A Gogo session on the runtime's standard input; each step's output is read up to an echoed marker. */
    private static final class Shell implements AutoCloseable {
        private final Process process;
        private final BufferedReader out;
        private final Writer in;
        private final Path err;
        private int step;

        Shell(Path state, Path err) throws IOException {
            int port;
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = free.getLocalPort();
            }
            this.err = err;
            List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "@" + RUNTIME.resolve("jvm.options"), "-Dorg.osgi.service.http.port=" + port,
                    "-Dinfiniscope.vendor.timeout.ms=" + BOUND_MS, "-Dinfiniscope.fabric=sim",
                    "-Dinfiniscope.cwd=" + state, "-Dinfiniscope.state=" + state, "-jar",
                    RUNTIME.resolve("infiniscope-launcher.jar").toString(), "--shell");
            process = new ProcessBuilder(command).redirectError(err.toFile()).start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }

        /** What a step printed and how long it took. */
        record Step(String out, long millis) {
        }

        Step run(String... commands) throws IOException {
            String marker = "END-OF-STEP-" + (++step);
            long start = System.nanoTime();
            in.write(String.join("\n", commands) + "\necho " + marker + "\n");
            in.flush();
            StringBuilder text = new StringBuilder();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.contains(marker)) {
                    return new Step(text.toString(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                }
                text.append(line).append('\n');
            }
            throw new AssertionError(
                    "the runtime ended before " + marker + ":\n" + text + "\nstderr:\n" + Files.readString(err));
        }

        @Override
        public void close() throws Exception {
            in.close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the runtime did not stop at the end of its input");
            }
            assertEquals(0, process.exitValue(), Files.readString(err));
        }
    }

    @Test
    void theSampleBundleInstallsWorksMisbehavesWithinTheBoundAndUninstallsCleanly() throws Exception {
        Path sample = jar(BUNDLE);
        Path template = jar("vendor-template");
        Path state = Files.createTempDirectory("infiniscope-vendor-it");
        Path err = Files.createTempFile("infiniscope-vendor-it", ".err");
        Path fs4 = state.resolve("hca.bin");
        Path exfw = state.resolve("example.bin");
        Path tmpl = Files.write(state.resolve("template.bin"), new byte[]{'T', 'M', 'P', 'L', 0, 0, 0, 0});
        try (Shell shell = new Shell(state, err)) {
            // the core alone: the SM gives the simulated fabric its LIDs; no agent answers the vendor class
            Shell.Step before = shell.run("sm:resweep", "infiniscope:fw mkimage -o " + fs4,
                    "infiniscope:fw query " + fs4, QUERY_BOARD + " -t 100", "infiniscope:fw query " + exfw);
            assertTrue(before.out().contains("sweep done"), before.out());
            assertTrue(before.out().contains("FW Version:            16.35.2000"), before.out());
            assertFalse(before.out().contains("Board name"), before.out());

            // installed into the running runtime, no restart
            Shell.Step install = shell.run("start file:" + sample.toAbsolutePath(),
                    "start file:" + template.toAbsolutePath(), "lb example", "example:mkimage " + exfw + " 1.2.3");
            assertTrue(Pattern.compile("\\|Active +\\| +\\d+\\|Infiniscope example vendor bundle")
                    .matcher(install.out()).find(), install.out());
            assertTrue(install.out().contains("wrote 1396 bytes of EXFW 1.2.3"), install.out());

            // it works: its vendor MAD decodes (the agent answers on the simulator), fw query reads its format,
            // fw verify checks its CRCs, perf shows its counter set on every port
            Shell.Step use = shell.run(QUERY_BOARD, "infiniscope:fw query " + exfw, "infiniscope:fw verify " + exfw,
                    "infiniscope:fw query " + tmpl, "infiniscope:perf");
            assertTrue(
                    use.out()
                            .contains("Decoded by " + BUNDLE + ":\nBoard name:..............h00001\n"
                                    + "Node GUID:...............0x0008f10400000100\nPorts:...................1"),
                    use.out());
            assertTrue(use.out().contains("Image type:            EXFW\nFW Version:            1.2.3\n"
                    + "FW Release Date:       29.11.2026"), use.out());
            assertTrue(use.out().contains("PSID:                  EXF0000000001"), use.out());
            assertTrue(use.out().contains("(MAIN) - OK") && use.out().contains("(IMAGE) - OK")
                    && use.out().contains("Image is bootable"), use.out());
            assertTrue(use.out().contains("Image type:            TMPL"), "the template's format:\n" + use.out());
            Matcher sweep = Pattern.compile("Sweep: 38 nodes, (\\d+) ports").matcher(use.out());
            assertTrue(sweep.find(), use.out());
            int pmaPorts = Integer.parseInt(sweep.group(1));
            assertTrue(use.out().contains("Vendor counters example.port (" + BUNDLE + "):"), use.out());
            assertEquals(pmaPorts, count(use.out(), "health_reads=1\n"),
                    "every port the PMA sweep read has the set, read once:\n" + use.out());
            assertTrue(pmaPorts > 100, use.out());

            // its format refuses a broken image and reports a wrong CRC, as the SPI asks
            byte[] bytes = Files.readAllBytes(exfw);
            bytes[0x200] ^= 1; // inside MAIN (0x170-0x56f)
            Path corrupted = Files.write(state.resolve("corrupted.bin"), bytes);
            Path truncated = Files.write(state.resolve("truncated.bin"), java.util.Arrays.copyOf(bytes, 50));
            Shell.Step broken = shell.run("infiniscope:fw verify " + corrupted, "infiniscope:fw query " + truncated);
            assertTrue(broken.out().contains("(BOOT) - OK") && broken.out().contains("(MAIN) /0x00000170/ - wrong CRC")
                    && broken.out().contains("-E- FW image verification failed"), broken.out());

            // a throwing codec, format, counter set and simulator agent rank above the good ones: skipped
            for (String mode : List.of("throw", "hang")) {
                shell.run("example:misbehave " + mode);
                Shell.Step query = shell.run(QUERY_PORT);
                assertTrue(query.out().contains("Decoded by " + BUNDLE + ":\nPort:....................1\n"),
                        mode + ": the next codec decodes, the next agent answers:\n" + query.out());
                Shell.Step fw = shell.run("infiniscope:fw query " + exfw);
                assertTrue(fw.out().contains("FW Version:            1.2.3"), mode + ":\n" + fw.out());
                Shell.Step perf = shell.run("perf:sweep", "perf:vendor");
                assertTrue(perf.out().contains("Vendor counters example.port (" + BUNDLE + "):"), perf.out());
                assertEquals(pmaPorts, count(perf.out(), " health_reads="), mode + ":\n" + perf.out());
                if (mode.equals("hang")) {
                    // each call that hangs costs one bound, once: the service is quarantined after it
                    assertTrue(fw.millis() >= BOUND_MS && fw.millis() < BOUND_MS + 5000,
                            "fw query with a hanging format took " + fw.millis() + " ms");
                    Shell.Step again = shell.run("infiniscope:fw query " + exfw);
                    assertTrue(again.millis() < BOUND_MS,
                            "the quarantined format is not waited for again: " + again.millis() + " ms");
                }
            }
            shell.run("example:misbehave off");

            // uninstalled: no bundle, no service, no format, no agent, no counter set left
            Shell.Step gone = shell.run("uninstall " + BUNDLE, "uninstall com.example.infiniscope.vendor", "lb example",
                    "infiniscope:services org.infiniscope", "infiniscope:fw query " + exfw,
                    "infiniscope:fw query " + fs4, QUERY_BOARD + " -t 100", "infiniscope:perf");
            assertTrue(gone.out().contains("No matching bundles found"), gone.out());
            assertTrue(gone.out().contains("|org.infiniscope.mad.vendor.VendorCodec"),
                    "the core's own codec:\n" + gone.out());
            assertFalse(gone.out().contains(BUNDLE) || gone.out().contains("Vendor counters")
                    || gone.out().contains("EXFW") || gone.out().contains("Board name"), gone.out());
            assertTrue(gone.out().contains("FW Version:            16.35.2000"), "the core's format:\n" + gone.out());
            assertTrue(gone.out().matches("(?s).*Sweep: 38 nodes, \\d+ ports.*"), gone.out());
        } finally {
            String stderr = Files.readString(err);
            Files.deleteIfExists(err);
            try (Stream<Path> files = Files.walk(state)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
            // each misbehaving service logged once, naming the bundle; the core logged nothing worse
            assertEquals(4,
                    count(stderr, "WARN org.infiniscope.console.vendor.VendorCalls - vendor bundle " + BUNDLE + ": ",
                            "threw java.lang.IllegalStateException: example: misbehaving on purpose"),
                    stderr);
            assertEquals(4,
                    count(stderr, "WARN org.infiniscope.console.vendor.VendorCalls - vendor bundle " + BUNDLE + ": ",
                            "gave no answer to"),
                    stderr);
            assertTrue(stderr.contains("no installed firmware format recognizes the image"), stderr);
            assertTrue(stderr.contains("truncated.bin: EXFW image of 50 bytes is shorter than a header, one section"
                    + " entry and the CRC (96) (at offset 0x32)"), stderr);
            assertFalse(stderr.contains("ERROR"), stderr);
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** Lines that contain both texts. */
    private static int count(String text, String start, String middle) {
        return (int) text.lines().filter(l -> l.contains(start) && l.contains(middle)).count();
    }
}
