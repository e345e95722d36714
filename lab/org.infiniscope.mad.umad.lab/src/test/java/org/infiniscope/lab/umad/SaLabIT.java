package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Debian's single-record {@code saquery NR LID} and {@code saquery PR --src-to-dst SLID:DLID} at h00002 of ibsim's
 * ft2-16, answered once by OpenSM 3.3.23's SA and once by ours (the {@code sm} tool, master of a fresh ibsim): every
 * node's NodeRecord and a sample of PathRecords must be the same record, field by field, but for the LIDs, which each
 * SM gives its own way (the records are matched by node description, and by port GIDs). umad2sim cuts answers to one
 * MAD, so only single records are asked for: whole tables through RMPP are tested on the embedded simulator.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SaLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String FABRIC = "fabrics/ft2-16.net";
    private static final String CLIENT = "h00002";
    /** The LIDs an SM may give ft2-16's 22 nodes. */
    private static final int NODES = 22;
    private static final List<String[]> PAIRS = List.of(new String[]{"h00002", "h00016"},
            new String[]{"h00005", "h00009"}, new String[]{"h00016", "h00001"}, new String[]{"h00003", "leaf004"},
            new String[]{"h00002", "h00002"}, new String[]{"h00002", "h00003"}, new String[]{"h00002", "leaf001"},
            new String[]{"leaf002", "spine001"}, new String[]{"spine002", "h00007"},
            new String[]{"leaf003", "leaf003"});

    @BeforeAll
    static void lab() throws IOException {
        Lab.require("ibsim", "opensm", "saquery");
        BuiltLauncher.prepare();
    }

    /** What Debian's saquery read from one SA: each node's NodeRecord by description, and PathRecords by pair. */
    private record Answers(Map<String, Map<String, String>> nodes, Map<String, Map<String, String>> paths) {
    }

    @Test
    void debiansSaqueryReadsTheSameRecordsFromOurSaAsFromOpenSms() throws Exception {
        Answers theirs;
        Path a = Lab.scratch("sa-opensm");
        try (Ibsim ibsim = Ibsim.start(a, FABRIC, Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(a, ibsim.socket(), "h00001", TIMEOUT)) {
            theirs = ask(new LabRun(a, ibsim.socket()));
        }
        Answers ours;
        Path b = Lab.scratch("sa-ours");
        try (Ibsim ibsim = Ibsim.start(b, FABRIC, Duration.ofSeconds(10))) {
            Process sm = startOurs(b, ibsim);
            try {
                awaitSubnetUp(sm, b.resolve("sm.out"), b.resolve("sm.err"));
                ours = ask(new LabRun(b, ibsim.socket()));
            } finally {
                Lab.stop(sm);
            }
        }
        assertEquals(NODES, theirs.nodes.size(), "OpenSM's SA named every node: " + theirs.nodes.keySet());
        assertEquals(theirs.nodes.keySet(), ours.nodes.keySet(), "the same nodes have a NodeRecord");
        for (String node : theirs.nodes.keySet()) {
            assertEquals(withoutLid(theirs.nodes.get(node)), withoutLid(ours.nodes.get(node)), "NodeRecord of " + node);
        }
        assertEquals(theirs.paths.keySet(), ours.paths.keySet());
        for (String pair : theirs.paths.keySet()) {
            assertEquals(withoutLid(theirs.paths.get(pair)), withoutLid(ours.paths.get(pair)), "PathRecord " + pair);
        }
    }

    /** LIDs are each SM's own: every other field must agree. */
    private static Map<String, String> withoutLid(Map<String, String> fields) {
        Map<String, String> rest = new TreeMap<>(fields);
        rest.keySet().removeAll(List.of("lid", "slid", "dlid"));
        return rest;
    }

    private static Answers ask(LabRun run) throws Exception {
        Map<String, Map<String, String>> nodes = new TreeMap<>();
        Map<String, Integer> lids = new LinkedHashMap<>();
        for (int lid = 1; lid <= NODES + 8; lid++) {
            Output nr = run.theirs(CLIENT, "saquery", List.of("NR", String.valueOf(lid)));
            if (nr.status() != 0 || nr.text().isBlank()) {
                continue; // no node has that LID
            }
            Map<String, String> fields = ToolText.single(nr.text()).fields();
            String name = fields.get("NodeDescription");
            assertTrue(nodes.put(name, fields) == null, "two LIDs name " + name);
            lids.put(name, lid);
        }
        Map<String, Map<String, String>> paths = new TreeMap<>();
        for (String[] pair : PAIRS) {
            Integer from = lids.get(pair[0]);
            Integer to = lids.get(pair[1]);
            if (from == null || to == null) {
                fail("no NodeRecord of " + pair[0] + " or " + pair[1] + ": " + lids);
            }
            Output pr = run.theirs(CLIENT, "saquery", List.of("PR", "--src-to-dst", from + ":" + to));
            assertEquals(0, pr.status(), "saquery PR " + from + ":" + to + ": " + pr.err());
            Map<String, String> fields = ToolText.single(pr.text()).fields();
            assertEquals(String.valueOf(from), fields.get("slid"), pr.text());
            assertEquals(String.valueOf(to), fields.get("dlid"), pr.text());
            paths.put(pair[0] + "->" + pair[1], fields);
        }
        return new Answers(nodes, paths);
    }

    private static Process startOurs(Path scratch, Ibsim ibsim) throws IOException {
        ProcessBuilder b = new ProcessBuilder(BuiltLauncher.script(), "sm", "--fabric",
                "ibsim:" + ibsim.socket() + "@h00001", "--guid2lid", "guid2lid").directory(scratch.toFile())
                .redirectOutput(scratch.resolve("sm.out").toFile()).redirectError(scratch.resolve("sm.err").toFile());
        Lab.detach(b.environment());
        b.environment().put("INFINISCOPE_STATE", BuiltLauncher.state());
        return b.start();
    }

    private static void awaitSubnetUp(Process sm, Path out, Path err) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!read(out).lines().anyMatch("SUBNET UP"::equals)) {
            if (!sm.isAlive()) {
                fail("our SM ended with " + sm.exitValue() + " before SUBNET UP:\n" + read(out) + read(err));
            }
            if (System.nanoTime() > deadline) {
                fail("our SM: no SUBNET UP within " + TIMEOUT + ":\n" + read(out) + read(err));
            }
            sm.waitFor(20, TimeUnit.MILLISECONDS);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
    }
}
