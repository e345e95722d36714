package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our SM and OpenSM 3.3.23, each on a fresh ibsim with the same partitions file and QoS options, program the same
 * tables on ft2-16 and irregular-1 (partitions with indx0 and more P_Keys than a switch's port 0 holds): Debian's {@code smpquery pkeys|sl2vl|vlarb} reads every CA port's tables, every switch's port 0 P_Keys
 * and the tables of every switch port facing a CA, by GUID and port (the LIDs may differ); and Debian's
 * {@code saquery PR} between hosts of different partitions answers alike (a record or none). Left out as in
 * {@link PartitionsQosLabIT}: the enforcement bits and VLHighLimit, which ibsim does not keep.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class SmPartitionsLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final String QOS = """
            qos TRUE
            qos_max_vls 8
            qos_high_limit 3
            qos_vlarb_high 0:8,1:4
            qos_vlarb_low 2:10,3:20,4:30,5:1
            qos_sl2vl 0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,15
            qos_ca_sl2vl 3,2,1,0,3,2,1,0,3,2,1,0,3,2,1,0
            qos_ca_vlarb_low 1:7,0:9
            qos_swe_vlarb_high 1:100,2:50
            """;

    /** G1, G2 full and G3 limited members of Storage; G3 and G4 limited members of Compute and the default. */
    private static final String PARTITIONS = """
            Default=0x7fff, ipoib : ALL, ALL_SWITCHES=full, SELF=full ;
            Storage=0x8001, ipoib : G1=full, G2=full, G3 ;
            Compute=0x0002 : G3, G4 ;
            Idx=0x0010,indx0: G2=full, SELF;
            # more than ibsim's 8 entries at a switch's port 0: what does not fit is dropped
            S1=0x41: ALL_SWITCHES=full; S2=0x42: ALL_SWITCHES; S3=0x43: ALL_SWITCHES=full;
            S4=0x44: ALL_SWITCHES; S5=0x45: ALL_SWITCHES=full; S6=0x46: ALL_SWITCHES=full;
            S7=0x47: ALL_SWITCHES;
            """;

    private static final Pattern LINK = Pattern.compile(
            "^(CA|SW)\\s+(\\d+)\\s+(\\d+)\\s+0x([0-9a-f]+)\\s.*-\\s+(CA|SW)\\s+(\\d+)\\s+(\\d+)\\s+0x([0-9a-f]+)\\s");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ft2-16", "irregular-1"})
    void ourSmProgramsTheTablesOpenSmDoes(String fabricName) throws Exception {
        Lab.require("ibsim", "opensm", "smpquery", "ibnetdiscover", "saquery");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("sm-partitions-" + fabricName);
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/" + fabricName + ".net");
        String sm = fabric.hosts().get(0);
        String attach = fabric.hosts().get(1);
        Path partitionsFile;
        Path qosFile = Files.writeString(scratch.resolve("qos.conf"), QOS);
        List<String> guids = new ArrayList<>();
        Seen theirs;
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            LabRun run = new LabRun(scratch, ibsim.socket());
            String partitions = PARTITIONS;
            for (int i = 1; i <= 4; i++) {
                String guid = field(tool(run, fabric.hosts().get(i), "smpquery", "-D", "nodeinfo", "0"), "PortGuid");
                partitions = partitions.replace("G" + i, guid);
                guids.add(guid);
            }
            partitionsFile = Files.writeString(scratch.resolve("partitions.conf"), partitions);
            try (OpenSm openSm = OpenSm.start(scratch, Lab.preloadEnvironment(ibsim.socket(), sm), TIMEOUT, QOS,
                    List.of("-P", partitionsFile.toString()))) {
                openSm.awaitQuiet(Duration.ofSeconds(2), TIMEOUT);
                theirs = Seen.read(run, attach, guids);
            }
        }
        Seen ours;
        Path again = Files.createDirectories(scratch.resolve("ours"));
        try (Ibsim ibsim = Ibsim.start(again, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            LabRun run = new LabRun(again, ibsim.socket());
            // kept running: its SA answers saquery
            ProcessBuilder b = new ProcessBuilder(BuiltLauncher.script(), "sm", "--fabric",
                    "ibsim:" + ibsim.socket() + "@" + sm, "--guid2lid", "guid2lid", "--partitions",
                    partitionsFile.toString(), "--config", qosFile.toString()).directory(again.toFile())
                    .redirectOutput(again.resolve("sm.out").toFile()).redirectError(again.resolve("sm.err").toFile());
            Lab.detach(b.environment());
            b.environment().put("INFINISCOPE_STATE", BuiltLauncher.state());
            // ibsim hands SA requests (class 3) only to a client marked as SM
            b.environment().put("SIM_SET_ISSM", "1");
            Process ourSm = b.start();
            try {
                long deadline = System.nanoTime() + TIMEOUT.toNanos();
                while (!Files.exists(again.resolve("sm.out"))
                        || !Files.readString(again.resolve("sm.out")).lines().anyMatch("SUBNET UP"::equals)) {
                    assertTrue(ourSm.isAlive(), "our SM ended: " + Files.readString(again.resolve("sm.err")));
                    assertTrue(System.nanoTime() < deadline, "no SUBNET UP from our SM");
                    ourSm.waitFor(20, TimeUnit.MILLISECONDS);
                }
                ours = Seen.read(run, attach, guids);
            } finally {
                Lab.stop(ourSm);
            }
        }
        assertEquals(theirs.paths, ours.paths,
                "saquery PR between the hosts of the partitions; OpenSM's:\n" + theirs.said + "\nours:\n" + ours.said);
        assertTrue(theirs.tables.size() > 40, "tables read: " + theirs.tables.size());
        assertEquals(theirs.tables.keySet(), ours.tables.keySet());
        for (Map.Entry<String, String> e : theirs.tables.entrySet()) {
            assertEquals(e.getValue(), ours.tables.get(e.getKey()), e.getKey());
        }
        assertTrue(theirs.paths.containsValue(true) && theirs.paths.containsValue(false), theirs.paths.toString());
    }

    /** The tables smpquery read, by "GUID port what", and which host pairs saquery PR found a path for. */
    private record Seen(Map<String, String> tables, Map<String, Boolean> paths, StringBuilder said) {

        static Seen read(LabRun run, String attach, List<String> hostGuids) throws Exception {
            Map<String, String> tables = new TreeMap<>();
            Map<String, Integer> lids = new LinkedHashMap<>();
            for (String line : tool(run, attach, "ibnetdiscover", "-p").lines().toList()) {
                Matcher m = LINK.matcher(line);
                if (!m.find()) {
                    continue;
                }
                String type = m.group(1);
                int lid = Integer.parseInt(m.group(2));
                int port = Integer.parseInt(m.group(3));
                String guid = m.group(4);
                if (type.equals("CA")) {
                    lids.put("0x" + guid, lid);
                    String key = guid + " " + port + " ";
                    tables.put(key + "pkeys", PartitionsQosLabIT
                            .pkeys(tool(run, attach, "smpquery", "pkeys", Integer.toString(lid))).toString());
                    tables.put(key + "sl2vl", PartitionsQosLabIT
                            .sl2vl(tool(run, attach, "smpquery", "sl2vl", Integer.toString(lid))).toString());
                    tables.put(key + "vlarb", PartitionsQosLabIT
                            .vlArb(tool(run, attach, "smpquery", "vlarb", Integer.toString(lid))).toString());
                    int swLid = Integer.parseInt(m.group(6));
                    String swPort = m.group(7);
                    String sw = m.group(8) + " " + swPort + " ";
                    tables.put(sw + "pkeys", PartitionsQosLabIT
                            .pkeys(tool(run, attach, "smpquery", "pkeys", Integer.toString(swLid), swPort)).toString());
                    tables.put(sw + "sl2vl", PartitionsQosLabIT
                            .sl2vl(tool(run, attach, "smpquery", "sl2vl", Integer.toString(swLid), swPort)).toString());
                    tables.put(sw + "vlarb", PartitionsQosLabIT
                            .vlArb(tool(run, attach, "smpquery", "vlarb", Integer.toString(swLid), swPort)).toString());
                    tables.put(m.group(8) + " 0 pkeys", PartitionsQosLabIT
                            .pkeys(tool(run, attach, "smpquery", "pkeys", Integer.toString(swLid))).toString());
                }
            }
            Map<String, Boolean> paths = new TreeMap<>();
            StringBuilder said = new StringBuilder();
            for (int a = 0; a < hostGuids.size(); a++) {
                for (int b = 0; b < hostGuids.size(); b++) {
                    if (a == b) {
                        continue;
                    }
                    Integer from = lids.get(hostGuids.get(a));
                    Integer to = lids.get(hostGuids.get(b));
                    assertTrue(from != null && to != null, "LIDs of " + hostGuids + " in " + lids);
                    Output pr = run.theirs(attach, "saquery", List.of("PR", "--src-to-dst", from + ":" + to));
                    paths.put("G" + (a + 1) + " to G" + (b + 1), pr.status() == 0 && pr.text().contains("dlid"));
                    said.append("G" + (a + 1) + " to G" + (b + 1) + ": " + pr.status() + " "
                            + pr.text().lines().limit(3).toList() + " " + pr.err().strip() + "\n");
                }
            }
            return new Seen(tables, paths, said);
        }
    }

    private static String tool(LabRun run, String node, String tool, String... args) throws Exception {
        Output o = run.theirs(node, tool, List.of(args));
        assertEquals(0, o.status(), tool + " " + String.join(" ", args) + ": " + o.err());
        return o.text();
    }

    private static String field(String text, String name) {
        Matcher m = Pattern.compile("^" + name + ":\\.*(\\S+)", Pattern.MULTILINE).matcher(text);
        assertTrue(m.find(), name + " in " + text);
        return m.group(1);
    }
}
