package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Debian's {@code vendstat -N}, unmodified under umad2sim, against {@code ./infiniscope simulate} after OpenSM gave
 * every port a LID: each node's simulated adapter answers Mellanox GeneralInfo (vendor class 0x0A, attribute 0x17)
 * with the firmware it runs, which vendstat prints. ibsim answers no vendor class, so this is checked on our
 * simulator alone. The factory firmware of the simulated adapters is that of {@code SimAdapters}: ConnectX-5
 * 16.35.2000 (MT_0000000008) on the hosts, Switch-IB 2 15.2010.4004 (MT_2630110032) on the switches.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class VendstatLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static Map<String, String> fields(String text) {
        Map<String, String> f = new TreeMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                f.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
        }
        return f;
    }

    private static String vendstat(Path scratch, Map<String, String> attach, int lid) throws Exception {
        Output output = LabRun.run(scratch, List.of(Lab.tool("vendstat"), "-N", Integer.toString(lid)), attach,
                "vendstat", TIMEOUT);
        String text = output.text() + output.err();
        assertEquals(0, output.status(), "vendstat -N " + lid + ": " + text);
        return text;
    }

    @Test
    void vendstatReadsTheFirmwareEveryAdapterRuns() throws Exception {
        Lab.require("opensm", "vendstat");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("vendstat");
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/ft2-16.net");
        try (Simulate simulate = Simulate.start(scratch, fabric.net(), Duration.ofSeconds(30));
                OpenSm openSm = OpenSm.start(scratch, simulate.attach(fabric.hosts().get(0)), TIMEOUT)) {
            openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(30));
            Map<String, String> attach = simulate.attach(fabric.hosts().get(1));
            int nodes = fabric.hosts().size() + fabric.switches().size();
            List<String> seen = new ArrayList<>();
            long started = System.nanoTime();
            for (int lid = 1; lid <= nodes; lid++) {
                Map<String, String> f = fields(vendstat(scratch, attach, lid));
                boolean sw = f.get("hw_dev_id").equals("0xcf08");
                assertEquals(sw ? "0xcf08" : "0x1017", f.get("hw_dev_id"), "LID " + lid);
                assertEquals(sw ? "15.2010.4004" : "16.35.2000", f.get("fw_version"), "LID " + lid);
                assertEquals(sw ? "'MT_2630110032'" : "'MT_0000000008'", f.get("fw_psid"), "LID " + lid);
                seen.add(sw ? "switch" : "hca");
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            assertEquals(fabric.switches().size(), seen.stream().filter("switch"::equals).count(), seen.toString());
            assertTrue(seen.contains("hca"));
            System.out.printf("vendstat -N node by node: %d nodes in %.2f s (%.1f ms a node, one process each)%n",
                    nodes, seconds, seconds * 1000 / nodes);
        }
    }

    /**
     * {@code ./infiniscope fw inventory --json} through umad2sim against the same server: for every node, the LID,
     * device ID, firmware version and PSID it reports are what {@code vendstat -N LID} prints.
     */
    @Test
    void inventoryAgreesWithVendstatForEveryNode() throws Exception {
        Lab.require("opensm", "vendstat");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("fw-inventory");
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/ft2-16.net");
        try (Simulate simulate = Simulate.start(scratch, fabric.net(), Duration.ofSeconds(30));
                OpenSm openSm = OpenSm.start(scratch, simulate.attach(fabric.hosts().get(0)), TIMEOUT)) {
            openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(30));
            String host = fabric.hosts().get(1);
            Map<String, String> attach = simulate.attach(host);
            String socket = attach.get("IBSIM_SOCKNAME");
            org.junit.jupiter.api.Assumptions.assumeTrue(socket != null,
                    "simulate serves UDP here; fw inventory attaches by --fabric ibsim:SOCKET");
            Path out = scratch.resolve("inventory.json");
            Path err = scratch.resolve("inventory.err");
            ProcessBuilder b = new ProcessBuilder(BuiltLauncher.script(), "fw", "inventory", "--fabric",
                    "ibsim:" + socket + "@" + host, "--json").directory(scratch.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            Lab.detach(b.environment());
            b.environment().putAll(BuiltLauncher.environment());
            Process p = b.start();
            try {
                assertTrue(p.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS), "fw inventory did not end");
                assertEquals(0, p.exitValue(), Files.readString(err));
            } finally {
                Lab.stop(p);
            }
            String json = Files.readString(out);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                    "\\{\"guid\":\"(0x[0-9a-f]+)\",\"type\":\"(ca|switch)\",\"lid\":(\\d+),\"description\":\"[^\"]*\","
                            + "\"answer\":\"ok\",\"deviceId\":\"(0x[0-9a-f]+)\",\"version\":\"([0-9.]+)\","
                            + "\"psid\":\"([^\"]*)\"\\}")
                    .matcher(json);
            int nodes = fabric.hosts().size() + fabric.switches().size();
            Map<Integer, String[]> byLid = new TreeMap<>();
            while (m.find()) {
                byLid.put(Integer.parseInt(m.group(3)), new String[]{m.group(4), m.group(5), m.group(6)});
            }
            assertEquals(nodes, byLid.size(), "every node answered with its firmware: " + json);
            for (Map.Entry<Integer, String[]> e : byLid.entrySet()) {
                Map<String, String> f = fields(vendstat(scratch, attach, e.getKey()));
                assertEquals(f.get("hw_dev_id"), e.getValue()[0], "device ID of LID " + e.getKey());
                assertEquals(f.get("fw_version"), e.getValue()[1], "firmware of LID " + e.getKey());
                assertEquals(f.get("fw_psid"), "'" + e.getValue()[2] + "'", "PSID of LID " + e.getKey());
            }
        }
    }
}
