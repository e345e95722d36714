package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Our SM and OpenSM 3.3.23 on one ibsim fabric (ft2-16), each with its own guid2lid (OpenSM's in its own
 * {@code OSM_CACHE_DIR}) and SMInfo polled every half second: OpenSM, of higher priority, is master and ours stands by
 * (it finds OpenSM through the MasterSMLID of the ports: ibsim shows no IsSM for OpenSM's port); when OpenSM is killed
 * ours takes over and keeps its LIDs. Our takeover time goes to {@code target/sm-subnet-up.txt}.
 * <p>
 * The other way round: ours of higher priority is master, and OpenSM, which sees our SM because the umad channel
 * marks our port IsSM through umad2sim's issm device, stands by; our SM keeps running while OpenSM polls it (the
 * MADs ibsim then forwards to our port used to crash umad2sim's receive thread), and when ours is killed OpenSM takes
 * over and keeps our LIDs.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SmHandoverLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String POLLING = "sminfo_polling_timeout 500\npolling_retry_number 2\n";
    private static final Path REPORT = Path.of("target", "sm-subnet-up.txt");

    @BeforeAll
    static void lab() throws IOException {
        Lab.require("ibsim", "opensm");
        BuiltLauncher.prepare();
        Files.createDirectories(REPORT.getParent());
    }

    /** Our SM in the background, its output in files of the scratch folder. */
    private record Ours(Process process, Path out, Path err) {

        static Ours start(Path scratch, Ibsim ibsim, String node, int priority) throws IOException {
            Path out = scratch.resolve("sm.out");
            Path err = scratch.resolve("sm.err");
            ProcessBuilder b = new ProcessBuilder(BuiltLauncher.script(), "sm", "--fabric",
                    "ibsim:" + ibsim.socket() + "@" + node, "--priority", String.valueOf(priority), "--poll-interval",
                    "500", "--sweep-interval", "1", "--guid2lid", "guid2lid").directory(scratch.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            Lab.detach(b.environment());
            b.environment().put("INFINISCOPE_STATE", BuiltLauncher.state());
            return new Ours(b.start(), out, err);
        }

        void await(Predicate<String> out, Predicate<String> err, String what) throws Exception {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!(out.test(read(this.out)) && err.test(read(this.err)))) {
                if (!process.isAlive()) {
                    fail("our SM ended with " + process.exitValue() + " before " + what + ":\n" + read(this.out)
                            + read(this.err));
                }
                if (System.nanoTime() > deadline) {
                    fail("our SM: no " + what + " within " + TIMEOUT + ":\n" + read(this.out) + read(this.err));
                }
                process.waitFor(20, TimeUnit.MILLISECONDS);
            }
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1) : "";
    }

    private static long count(String text, String line) {
        return text.lines().filter(line::equals).count();
    }

    /** @return a guid2lid file as a map, GUID to LID (OpenSM writes its LIDs in hexadecimal, ours in decimal) */
    private static Map<String, Integer> lids(Path file) throws IOException {
        Map<String, Integer> map = new TreeMap<>();
        for (String l : Files.readAllLines(file)) {
            String[] f = l.trim().split("\\s+");
            if (f.length == 3 && f[0].startsWith("0x")) {
                map.put(f[0].toLowerCase(Locale.ROOT), Integer.decode(f[1]));
            }
        }
        return map;
    }

    @Test
    void openSmWithTheHigherPriorityIsMasterAndOursTakesOverKeepingItsLids() throws Exception {
        Path scratch = Lab.scratch("handover-a");
        try (Ibsim ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10))) {
            OpenSm openSm = OpenSm.start(scratch, ibsim.attach("h00001"), TIMEOUT, "sm_priority 10\n" + POLLING,
                    List.of());
            Ours ours = Ours.start(scratch, ibsim, "h00002", 1);
            try {
                ours.await(o -> true, e -> e.contains("SM state STANDBY"), "STANDBY");
                assertEquals(0, count(read(ours.out()), "SUBNET UP"), "a standby configures nothing");
                Map<String, Integer> before = lids(scratch.resolve("opensm").resolve("guid2lid"));
                long killed = System.nanoTime();
                openSm.close();
                ours.await(o -> o.contains("SUBNET UP"), e -> true, "SUBNET UP after OpenSM stopped");
                long takeover = System.nanoTime() - killed;
                assertEquals(before, lids(scratch.resolve("guid2lid")), "the LIDs OpenSM gave are kept");
                String line = String.format(Locale.ROOT,
                        "handover ft2-16    ours took over from OpenSM in %.3f s (SMInfo polled every 0.5 s, 2 "
                                + "attempts)%n",
                        takeover / 1e9);
                System.out.print(line);
                Files.writeString(REPORT, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } finally {
                Lab.stop(ours.process());
                openSm.close();
            }
        }
    }
    @Test
    void oursWithTheHigherPriorityIsMasterAndOpenSmStandsByThenTakesOverKeepingTheLids() throws Exception {
        Path scratch = Lab.scratch("handover-b");
        try (Ibsim ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10))) {
            Ours ours = Ours.start(scratch, ibsim, "h00002", 15);
            OpenSm openSm = null;
            try {
                ours.await(o -> o.contains("SUBNET UP"), e -> true, "SUBNET UP");
                // our SM_Key is 0: OpenSM (whose default is 1) ignores an SM whose key does not match its own
                openSm = OpenSm.start(scratch, ibsim.attach("h00001"), TIMEOUT,
                        "sm_priority 1\nsm_key 0x0000000000000000\n" + POLLING, List.of(), false);
                openSm.awaitLog("Entering STANDBY state", TIMEOUT);
                // a few of OpenSM's polls of our port (every 0.5 s), which ibsim forwards to our SM
                ours.process().waitFor(3, TimeUnit.SECONDS);
                assertTrue(ours.process().isAlive(), "our SM runs while OpenSM polls it:\n" + read(ours.err()));
                assertFalse(openSm.events().contains("SUBNET UP"), "a standby configures nothing:\n" + openSm.events());
                Map<String, Integer> before = lids(scratch.resolve("guid2lid"));
                long killed = System.nanoTime();
                ours.process().descendants().forEach(ProcessHandle::destroyForcibly);
                ours.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                openSm.awaitLog("SUBNET UP", TIMEOUT);
                long takeover = System.nanoTime() - killed;
                Path theirs = scratch.resolve("opensm").resolve("guid2lid");
                long deadline = System.nanoTime() + TIMEOUT.toNanos();
                while (!(Files.exists(theirs) && lids(theirs).size() >= before.size())
                        && System.nanoTime() < deadline) {
                    ours.process().waitFor(50, TimeUnit.MILLISECONDS); // OpenSM writes its guid2lid after the sweep
                }
                assertEquals(before, lids(theirs), "the LIDs our SM gave are kept");
                String line = String.format(Locale.ROOT,
                        "handover ft2-16    OpenSM took over from ours in %.3f s (SMInfo polled every 0.5 s, 2 "
                                + "attempts)%n",
                        takeover / 1e9);
                System.out.print(line);
                Files.writeString(REPORT, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } finally {
                Lab.stop(ours.process());
                if (openSm != null) {
                    openSm.close();
                }
            }
        }
    }
}
