package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./infiniscope saquery --fabric ibsim:SOCKET@h00002} against Debian's {@code saquery} at the same node, on
 * ibsim's ft2-16 with OpenSM up at h00001 (LID 1) and quiet. LIDs as OpenSM gives them: h00001 1, leaf001..004
 * 2..5, spine001..002 6..7, h00002..h00016 8..22.
 * <p>
 * umad2sim cuts every MAD to 256 bytes, so an SA table reaches either tool as its first MAD only: as many records as
 * fit in 200 bytes (one NodeRecord, two PortInfoRecords, three PathRecords, 25 LinkRecords...), of which the last
 * 32 bytes are not the SA's. Both tools then see the same first MAD, so they must print the same records; and every
 * record ours prints is also asked of Debian's saquery alone, with an argument that selects it (LID, LID/port,
 * SRC:DST), and must be the block Debian's saquery prints for it. The whole tables, of many MADs through RMPP, cannot come through umad2sim from any SA:
 * SaQueryToolTest covers them against an SA of its own.
 * <p>
 * The one field allowed to differ: SMInfoRecord's ActCount, which OpenSM counts up with its own SMPs while the test
 * runs; ours must lie between Debian's before and after. {@code PR SLID DLID} is ours alone (Debian's saquery ignores
 * words after PR and dumps every path): it is compared with Debian's {@code --src-to-dst SLID:DLID}.
 * {@code -Dinfiniscope.saquery.full=true} also asks, one LID (LID/port, LID pair) at a time, for every NodeRecord,
 * PortInfoRecord and PathRecord from h00002 of the fabric. Last, on the embedded simulator ({@code --fabric sim}),
 * saquery and sminfo get their answers from the SM that brought it up.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 1800, unit = TimeUnit.SECONDS)
class SaqueryLabIT {

    private static final String NODE = "h00002";
    /** How much of a MAD umad2sim delivers as the sender wrote it. */
    private static final int TRUSTED_BYTES = 224;
    private static final int SA_DATA_OFFSET = 56;
    private static final Pattern ACT_COUNT = Pattern.compile("ActCount\\.+(\\d+)");

    private static Path scratch;
    private static Ibsim ibsim;
    private static OpenSm openSm;
    private static LabRun run;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "saquery", "opensm");
        BuiltLauncher.prepare();
        scratch = Lab.scratch("saquery");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        openSm = OpenSm.start(scratch, ibsim.socket(), "h00001", Duration.ofSeconds(30));
        openSm.awaitQuiet(Duration.ofMillis(500), Duration.ofSeconds(20));
        run = new LabRun(scratch, ibsim.socket()).throughTheDaemon(); // 84 tests of short commands
        Files.writeString(scratch.resolve("names"), NAMES);
    }

    /**
     * One node-name map for both tools (the default map, /etc/rdma/ib-node-name-map, is absent on the lab machines,
     * so neither reads one otherwise): every switch, the SM's host and two more hosts renamed.
     */
    static final String NAMES = """
            # ours and Debian's read the same map
            0x0008f10500000100 "rack1 leaf-a"
            0x0008f10500000200 "rack1 leaf-b"
            0x0008f10500000300 leaf-c
            0x0008f10500000400 leaf-d

            0x0008f10500000500 "core-a"
            0x0008f10500000600 "core-b"
            0x0008f10400000100 "sm-host"
            0x0008f10400000200 "node two"
            0x0008f10400000800 "node-eight"  # h00008
            """;

    @AfterAll
    static void stopLab() {
        try (Ibsim i = ibsim; OpenSm o = openSm) {
            // closed in reverse order: OpenSM, then ibsim
        }
    }

    private static Output ours(String query) throws Exception {
        Output output = run.ours(NODE, "saquery", LabRun.words(query));
        assertEquals(0, output.status(), "./infiniscope saquery " + query + ": " + output.err());
        return output;
    }

    private static Output theirs(String query) throws Exception {
        Output output = run.theirs(NODE, "saquery", LabRun.words(query));
        assertEquals(0, output.status(), "saquery " + query + ": " + output.err());
        return output;
    }

    private static void same(String theirsQuery, Output theirs, String oursQuery, Output ours) {
        assertEquals(theirs.text(), ours.text(), "saquery " + theirsQuery + " vs ./infiniscope saquery " + oursQuery
                + "\n" + TextDiff.describe(theirs.text(), ours.text(), "saquery", "infiniscope", 10));
        assertArrayEquals(theirs.out(), ours.out(), "byte for byte");
    }

    /** @return the record blocks of a dump: each starts at a line that is not indented */
    static List<String> blocks(String text) {
        List<String> blocks = new ArrayList<>();
        StringBuilder block = null;
        for (String line : text.lines().toList()) {
            // a record ends at the next line that is neither indented nor empty (PKTR, LFTR, MFTR end in an empty one)
            if (!line.isEmpty() && !line.startsWith("\t") && block != null) {
                blocks.add(block.toString());
                block = null;
            }
            if (block == null) {
                block = new StringBuilder();
            }
            block.append(line).append('\n');
        }
        if (block != null) {
            blocks.add(block.toString());
        }
        return blocks;
    }

    private static String field(String block, String name) {
        Matcher m = Pattern.compile("\t\t" + Pattern.quote(name) + "\\.*(\\d+)\n").matcher(block);
        assertTrue(m.find(), name + " in\n" + block);
        return m.group(1);
    }

    /**
     * The table (its first MAD, as umad2sim lets through) both ways, then each of our records alone from Debian's
     * saquery. Only the records within the MAD's first 224 bytes count: the last 32 bytes that reach a client through
     * umad2sim are not the SA's (records there read as zeros, or differ between two readers of the same answer, and
     * neither tool can tell), so the records that reach into them are left out of both comparisons.
     */
    @Order(1)
    @ParameterizedTest(name = "saquery {0}")
    @CsvSource({"NR,112", "PIR,72", "LR,8", "PR,64", "SWIR,24", "MCMR,56", "SR,176", "SL2VL,16", "PKTR,72", "VLAR,72",
            "LFTR,72", "MFTR,72", "GIR,72", "IIR,64"})
    void everyRecordOfATableIsTheBlockDebiansSaqueryPrintsForIt(String type, int stride) throws Exception {
        int sound = (TRUSTED_BYTES - SA_DATA_OFFSET) / stride;
        // OpenSM answers PKeyTableRecords of other ports to a trusted requester only: its SM_Key is 1
        String key = type.equals("PKTR") ? "--smkey 1 " : "";
        List<String> ours = blocks(ours(key + type).text());
        List<String> theirs = blocks(theirs(key + type).text());
        assertEquals(theirs.size(), ours.size(), "records of saquery " + type);
        List<String> records = ours.subList(0, Math.min(sound, ours.size()));
        assertEquals(theirs.subList(0, records.size()), records, "saquery " + type);
        // on the lab no service registers, nobody subscribes, and OpenSM gives no MFTRecord (both tools print none)
        if (!List.of("SR", "IIR", "MFTR").contains(type)) {
            assertTrue(!records.isEmpty(), "no " + type + " at all");
        }
        for (String record : records) {
            String select = switch (type) {
                case "NR" -> "NR " + field(record, "lid");
                case "PIR" -> "PIR " + field(record, "EndPortLid") + "/" + field(record, "PortNum");
                case "LR" -> "LR " + field(record, "FromLID") + "/" + field(record, "FromPort");
                case "PR" -> "PR --src-to-dst " + field(record, "slid") + ":" + field(record, "dlid");
                case "SWIR" -> "SWIR " + field(record, "LID");
                case "SL2VL" ->
                    "SL2VL " + field(record, "LID") + "/" + field(record, "InPort") + "/" + field(record, "OutPort");
                case "PKTR", "VLAR" -> key + type + " " + field(record, "LID") + "/" + field(record, "Port") + "/"
                        + field(record, "Block");
                case "LFTR", "GIR" -> type + " " + field(record, "LID") + "/" + field(record, "Block");
                case "MFTR" ->
                    "MFTR " + field(record, "LID") + "/" + field(record, "Position") + "/" + field(record, "Block");
                default -> type; // MCMR: the broadcast group is OpenSM's only one
            };
            assertEquals(record, theirs(select).text(), "saquery " + select);
        }
    }

    @Order(2)
    @ParameterizedTest(name = "saquery {0}")
    @ValueSource(strings = {"", "1", "NR 2", "nodeRecord 6", "h00001", "PIR 8", "PIR 2/1", "PIR 2/0", "PIR 6/3",
            "PIR 8/1/0", "LR 6/1", "LR 2/5 6", "-x 8/1", "SWIR 7", "--src-to-dst 8:3", "--src-to-dst h00001:22",
            "--src-to-dst 2:8", "-N h00001", "-D", "-L h00001", "-l h00001", "-G h00001", "-O 1",
            "-U 0x0008f10400000101", "-s", "-g", "-m", "-m 0xc000", "-S", "-c", "CPI", "SL2VL 2/1/2", "SL2VL 8",
            "--smkey 1 PKTR 8/1/0", "--smkey 0x1 PKTR 6/0", "VLAR 2/1/1", "VLAR 8/1/4", "LFTR 2/0", "LFTR 6/0",
            "GIR 8/0", "GIR 1", "MFTR 2/0/0", "MFTR 6", "-I", "IIR",
            "--sgid-to-dgid fe80::8:f104:0:201-fe80::8:f104:0:101",
            "--sgid-to-dgid fe80::8:f104:0:801-fe80::8:f104:0:201", "PR --sgid fe80::8:f104:0:201 --dlid 1",
            "MCMR --mlid 0xc000", "MCMR --mgid ff12:401b:ffff::ffff:ffff", "MCMR --gid fe80::8:f104:0:101",
            "--node-name-map names NR 1", "--node-name-map names NR 2", "--node-name-map names -D",
            "--node-name-map names -O 1", "--node-name-map names -O 8", "--node-name-map names -U 0x0008f10400000101",
            "--node-name-map names -L sm-host", "--node-name-map names -l h00001", "--node-name-map names -m",
            "--node-name-map names -m 0xc000", "--node-name-map names -N sm-host"})
    void theSameArgumentsPrintTheSame(String query) throws Exception {
        same(query, theirs(query), query, ours(query));
    }

    @Order(3)
    @ParameterizedTest(name = "PR {0} {1}")
    @CsvSource({"8,3", "22,1", "5,8"})
    void pathRecordBetweenTwoLidsIsDebiansSrcToDst(String slid, String dlid) throws Exception {
        same("--src-to-dst " + slid + ":" + dlid, theirs("PR --src-to-dst " + slid + ":" + dlid),
                "PR " + slid + " " + dlid, ours("PR " + slid + " " + dlid));
    }

    @Test
    @Order(4)
    void smInfoRecordsDifferInTheActivityCountAlone() throws Exception {
        for (String query : List.of("SMIR", "SMIR 1")) {
            String before = theirs(query).text();
            String ours = ours(query).text();
            String after = theirs(query).text();
            assertEquals(ACT_COUNT.matcher(before).replaceAll("ActCount N"),
                    ACT_COUNT.matcher(ours).replaceAll("ActCount N"), query + ", all but ActCount");
            Matcher b = ACT_COUNT.matcher(before), o = ACT_COUNT.matcher(ours), a = ACT_COUNT.matcher(after);
            assertTrue(b.find() && o.find() && a.find(), ours);
            long x = Long.parseLong(b.group(1)), y = Long.parseLong(o.group(1)), z = Long.parseLong(a.group(1));
            assertTrue(x <= y && y <= z, "ActCount " + x + ", ours " + y + ", then " + z);
        }
    }

    @Test
    @Order(5)
    void jsonHoldsTheSameRecords() throws Exception {
        String json = ours("--json PIR 2/1").text();
        assertTrue(json.startsWith(
                "{\"saLid\":1,\"records\":[{\"recordType\":\"PortInfoRecord\",\"endportLid\":2," + "\"portNum\":1,"),
                json);
        assertEquals(1, json.split("\"recordType\"", -1).length - 1, json);
    }

    @Test
    @Order(6)
    void errorsAreClearAndNotZero() throws Exception {
        // Debian's saquery exits with ENONET (64) and EINVAL (22) after these lines on standard error; ours with 1
        for (String[] c : new String[][]{{"NOSUCHTYPE", "Failed to find lid for \"NOSUCHTYPE\""},
                {"NR 70000", "Invalid lid specified: \"70000\""}}) {
            Output theirs = run.theirs(NODE, "saquery", LabRun.words(c[0]));
            Output ours = run.ours(NODE, "saquery", LabRun.words(c[0]));
            assertNotEquals(0, theirs.status());
            assertNotEquals(0, ours.status());
            assertTrue(theirs.err().contains(c[1]), theirs.err());
            assertTrue(ours.err().contains(c[1]), ours.err());
            assertEquals("", ours.text());
        }
        // without the SM_Key, OpenSM refuses PKeyTableRecords of another port to both
        Output theirs = run.theirs(NODE, "saquery", LabRun.words("PKTR 8/1/0"));
        Output ours = run.ours(NODE, "saquery", LabRun.words("PKTR 8/1/0"));
        assertTrue(theirs.err().contains("0x0200") && theirs.err().contains("ERR_REQ_INVALID"), theirs.err());
        assertTrue(ours.err().contains("0x0200") && ours.err().contains("ERR_REQ_INVALID"), ours.err());
        assertNotEquals(0, theirs.status());
        assertEquals(1, ours.status());
        assertTrue(run.ours(NODE, "saquery", LabRun.words("NOSUCHTYPE")).err()
                .contains("names no record type: CPI, NR, PIR, LR, PR, MCMR, SR, SWIR, SMIR, SL2VL"));
    }

    /**
     * A one-shot runtime brings the embedded simulator up with our SM, which goes on serving for the life of the
     * command: our saquery gets every node of the built-in fabric (ft2:4:2:8, 6 switches and 32 hosts) from its SA,
     * and our sminfo finds it master at the LID the SA's SMInfoRecord names, with the same GUID.
     */
    @Test
    @Order(7)
    void onTheEmbeddedSimulatorOurSmAnswersAsMasterAndSa() throws Exception {
        Output nodes = run.oursElsewhere("saquery", LabRun.words("--fabric sim NR"));
        assertEquals(0, nodes.status(), nodes.err());
        assertEquals(38, nodes.text().lines().filter(l -> l.equals("NodeRecord dump:")).count(), nodes.text());
        assertEquals(32,
                nodes.text().lines().filter(l -> l.equals("\t\tnode_type...............Channel Adapter")).count(),
                nodes.text());
        Output sminfo = run.oursElsewhere("sminfo", LabRun.words("--fabric sim"));
        assertEquals(0, sminfo.status(), sminfo.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "sminfo: sm lid (\\d+) sm guid (0x[0-9a-f]+), activity count \\d+ priority 0 state 3 SMINFO_MASTER\n")
                .matcher(sminfo.text());
        assertTrue(m.matches(), sminfo.text());
        Output smir = run.oursElsewhere("saquery", LabRun.words("--fabric sim SMIR"));
        assertEquals(0, smir.status(), smir.err());
        assertTrue(smir.text().contains("LID..................." + m.group(1) + "\n"), smir.text());
        assertTrue(smir.text().contains(String.format("GUID..................0x%016x%n", Long.decode(m.group(2)))),
                smir.text());
        assertTrue(smir.text().contains("SMState...............3"), smir.text());
    }

    @Test
    @Order(8)
    void everyRecordOneAtATime() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Boolean.getBoolean("infiniscope.saquery.full"),
                "the full matrix runs with -Dinfiniscope.saquery.full=true");
        for (int lid = 1; lid <= 22; lid++) {
            same("NR " + lid, theirs("NR " + lid), "NR " + lid, ours("NR " + lid));
            int ports = lid >= 2 && lid <= 7 ? 8 : 1;
            for (int port = lid >= 2 && lid <= 7 ? 0 : 1; port <= ports; port++) {
                String q = "PIR " + lid + "/" + port;
                same(q, theirs(q), q, ours(q));
            }
            String pr = "--src-to-dst 8:" + lid;
            same(pr, theirs(pr), pr, ours(pr));
        }
    }
}
