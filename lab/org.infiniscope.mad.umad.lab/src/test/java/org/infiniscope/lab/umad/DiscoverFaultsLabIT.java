package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./infiniscope discover --fabric ibsim:…} when the fabric misbehaves, on ibsim's 432-host 3-level fat tree
 * without an SM (a directed-route sweep needs none): with 5% of the MADs at the attach port lost (ibsim's
 * {@code Error} command) it still prints exactly what ibnetdiscover prints without loss; with a cable between two
 * switches pulled mid-sweep (ibsim's {@code Unlink}, sent when the sweep's progress lines show it under way) it
 * prints the fabric as it was or as it is, as ibnetdiscover prints each, never a mix.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DiscoverFaultsLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /**
     * The attach leaf's uplink pulled at window 1: how many SMPs, retries included, the sweep may send beyond what the
     * same sweep sends on the whole fabric. A lost SMP is sent 4 times (3 more than an answered one): a few are lost
     * (the two probes lost before the sweep knows the prefix dead, and the NodeInfo that finds the silent hop), and
     * the probes across the pulled cable are not sent (seen: 4,861 SMPs both ways on a loaded machine), with room for
     * answers that come after the 0.2 s time-out there. While the second pass still crossed the pulled cable it lost
     * dozens to hundreds (55 s to over 5 minutes at 0.8 s each). Counted in SMPs, not seconds: the launcher's start
     * and the sweep took 13.4 s of the 20 s once allowed on a loaded 2-core machine.
     */
    private static final int LAST_EXTRA_SMPS = 48;
    private static final String DATE_LINE = "# Topology file: generated on ";
    /** {@code -m}'s lines: the longest route, and the SMPs the sweep sent (retries included). */
    private static final String HOPS_LINE = "# Reported max hops discovered: ";
    private static final String MADS_LINE = "# Total MADs used: ";
    /** ibnetdiscover's switch header: {@code Switch 12 "S-…" # "name" …}. */
    private static final Pattern SWITCH = Pattern.compile("^Switch\\t\\d+ \"[^\"]+\"\\t\\t# \"([^\"]+)\"");
    /** A switch's port line whose peer is a switch: {@code [7] "S-…"[9] # …}. */
    private static final Pattern TO_SWITCH = Pattern.compile("^\\[(\\d+)\\]\\t\"S-");
    private static final Pattern PROGRESS = Pattern.compile("^discover: (\\d+) nodes, (\\d+) SMPs answered");

    @Test
    void fivePercentMadLossStillGivesTheWholeFabric() throws Exception {
        Lab.require("ibsim", "ibnetdiscover");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-loss");
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/ft3-432.net");
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            List<String> reference = withoutDate(LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover"));
            assertTrue(reference.size() > 1000, "ibnetdiscover printed " + reference.size() + " lines");
            ibsim.console("Error \"" + node + "\" 5");
            int theirsWhole = 0;
            for (int run = 1; run <= 3; run++) {
                // a short time-out: each lost SMP costs one
                Output ours = ours(scratch, ibsim.socket(), node, List.of("-t", "200"), null);
                assertEquals(0, ours.status(), "run " + run + ": " + ours.err());
                assertEquals(reference, withoutDate(ours.out()), "run " + run + " under 5% loss");
                try {
                    String theirs = LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover");
                    theirsWhole += withoutDate(theirs).equals(reference) ? 1 : 0;
                } catch (IOException e) {
                    // ibnetdiscover may end with an error, or crash (status 139 seen), under this loss: not ours
                    System.out.println(
                            "under 5% loss ibnetdiscover failed: " + e.getMessage().lines().findFirst().orElse(""));
                }
            }
            // not asserted (not ours): how often ibnetdiscover copes with the same loss
            System.out.printf("under 5%% loss ibnetdiscover printed the whole fabric in %d of 3 runs, ours in 3%n",
                    theirsWhole);
        }
    }

    /**
     * @param which the first switch ibnetdiscover lists (the farthest from the attach point, its cable reached late
     *        in the sweep) or the last (the attach point's leaf: its own uplink, pulled as the sweep starts, cuts the
     *        first routes of most of the fabric; the sweep finds the silent hop before its second pass and routes
     *        around it, so it costs a few time-outs, not the minutes it once took at window 1)
     */
    @ParameterizedTest(name = "the {0} listed switch's cable pulled at the first progress line")
    @ValueSource(strings = {"first", "last"})
    void aCablePulledMidSweepGivesTheFabricAsItWasOrAsItIs(String which) throws Exception {
        int lines = 1;
        Lab.require("ibsim", "ibnetdiscover");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-pull-" + which);
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/ft3-432.net");
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            String text = LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover");
            List<String> before = withoutDate(text);
            String cable = switchUplink(text, which.equals("first"));
            // the fabric after the pull, by ibnetdiscover, then the cable back in place
            ibsim.console("Unlink " + cable);
            List<String> after = withoutDate(LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover"));
            assertNotEquals(before, after, "pulling " + cable + " changes the topology");
            ibsim.console("ReLink " + cable);
            assertEquals(before, withoutDate(LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover")),
                    "ReLink " + cable + " restores the fabric");

            // the same sweep on the whole fabric: the SMPs it sends when no cable is pulled
            List<String> options = List.of("-o", "1", "-t", "200", "-m");
            Output whole = ours(scratch, ibsim.socket(), node, options, null);
            assertEquals(0, whole.status(), whole.err());
            assertEquals(before, withoutDate(whole.out()), "ours on the whole fabric");
            long wholeSmps = madsUsed(whole.out());

            // window 1: a slow sweep, whose progress lines tell when to pull
            long start = System.nanoTime();
            List<String> pulling = new ArrayList<>(options);
            pulling.add("--progress");
            Output ours = ours(scratch, ibsim.socket(), node, pulling, progress -> {
                if (progress == lines) {
                    ibsim.console("Unlink " + cable);
                }
            });
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(0, ours.status(), ours.err());
            List<String> printed = withoutDate(ours.out());
            long smps = madsUsed(ours.out());
            // ibnetdiscover now, the cable still out: the fabric as it is
            List<String> now = withoutDate(LabTool.run(scratch, ibsim.socket(), node, TIMEOUT, "ibnetdiscover"));
            assertEquals(after, now, "ibnetdiscover after our sweep sees the fabric with " + cable + " pulled");
            // the pull went in while the sweep ran: it printed the fabric as it is (it saw the pull), or more progress
            // lines after the one that pulled (the rest of a window-1 sweep, over 10,000 SMPs/s here, may need less
            // than the 200 ms between two lines, and then shows none)
            assertTrue(printed.equals(now) || ours.pulledMidSweep(lines),
                    "the sweep showed " + lines + " progress line(s) and went on: " + ours.err());
            if (which.equals("last")) {
                // the attach leaf's uplink carries probes to the end of the sweep: it cannot end as it was
                assertTrue(printed.equals(now), "pulled " + cable + " at the first progress line: not the fabric as "
                        + "ibnetdiscover prints it now; first difference: "
                        + TextDiff.describe(String.join("\n", now), String.join("\n", printed), "now", "ours", 10));
                // a few lost SMPs (4 attempts of 0.2 s each) on top of the sweep itself, not minutes of them
                assertTrue(smps - wholeSmps <= LAST_EXTRA_SMPS,
                        String.format(
                                "pulled %s at the first progress line: %d SMPs sent (retries included, %.1f s), "
                                        + "%d on the whole fabric: at most %d more expected",
                                cable, smps, seconds, wholeSmps, LAST_EXTRA_SMPS));
            } else {
                assertTrue(printed.equals(before) || printed.equals(now), "pulled " + cable
                        + " mid-sweep: neither the fabric before nor after; first difference from after: "
                        + TextDiff.describe(String.join("\n", now), String.join("\n", printed), "after", "ours", 10));
            }
            System.out.printf(
                    "cable %s pulled at the first progress line: ours printed the fabric %s in %.1f s (%d progress lines)"
                            + ", %d SMPs sent (%d on the whole fabric)%n",
                    cable, printed.equals(now) ? "as it is (after)" : "as it was (before)", seconds,
                    ours.progressLines(), smps, wholeSmps);
        }
    }

    /**
     * The first (or last) listed switch's first port cabled to another switch, as ibsim's console names it:
     * {@code "name"[port]}. ibnetdiscover lists the switches farthest from the attach point first.
     */
    private static String switchUplink(String topology, boolean first) {
        String name = null;
        String cable = null;
        for (String line : topology.split("\n")) {
            Matcher header = SWITCH.matcher(line);
            if (header.find()) {
                name = header.group(1);
                continue;
            }
            Matcher port = TO_SWITCH.matcher(line);
            if (name != null && port.find()) {
                cable = "\"" + name + "\"[" + port.group(1) + "]";
                if (first) {
                    return cable;
                }
                name = null;
            }
        }
        return cable != null ? cable : fail("no switch-to-switch cable in\n" + topology);
    }

    /** @return the text without ibnetdiscover's date line and {@code -m}'s lines, which ours alone is asked for */
    private static List<String> withoutDate(String text) {
        return text.lines().filter(
                line -> !line.startsWith(DATE_LINE) && !line.startsWith(HOPS_LINE) && !line.startsWith(MADS_LINE))
                .toList();
    }

    /** @return the SMPs a sweep run with {@code -m} says it sent, retries included */
    private static long madsUsed(String text) {
        return text.lines().filter(line -> line.startsWith(MADS_LINE))
                .mapToLong(line -> Long.parseLong(line.substring(MADS_LINE.length()).strip())).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + MADS_LINE + "' line in\n" + text));
    }

    @FunctionalInterface
    private interface OnProgress {
        void line(int count) throws IOException;
    }

    private record Output(int status, String out, String err, int progressLines) {
        /** @return whether the sweep printed more progress lines after the {@code at}-th, when the cable was pulled */
        boolean pulledMidSweep(int at) {
            return progressLines > at;
        }
    }

    /** Runs ours attached at {@code node}; each progress line on its standard error is counted and handed over. */
    private static Output ours(Path scratch, String socket, String node, List<String> options, OnProgress onProgress)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), "discover", "--fabric", "ibsim:" + socket + "@" + node));
        command.addAll(options);
        Path out = Files.createTempFile(scratch, "ours", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(out.toFile());
        builder.environment().keySet().removeAll(Lab.ATTACH_VARIABLES);
        builder.environment().putAll(BuiltLauncher.environment());
        Process process = builder.start();
        StringBuilder err = new StringBuilder();
        int progress = 0;
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                err.append(line).append('\n');
                Matcher m = PROGRESS.matcher(line);
                if (m.find()) {
                    progress++;
                    if (onProgress != null) {
                        onProgress.line(progress);
                    }
                }
            }
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                fail(String.join(" ", command) + " did not end within " + TIMEOUT);
            }
            return new Output(process.exitValue(), Files.readString(out), err.toString(), progress);
        } finally {
            Lab.stop(process);
        }
    }
}
