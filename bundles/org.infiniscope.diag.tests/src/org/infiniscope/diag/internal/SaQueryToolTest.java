package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.diag.format.SaFormat;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * saquery end to end against an SA whose tables take many MADs (RMPP over a channel without it): the whole table
 * is printed, a LID argument becomes the LID component, a name is looked up in the NodeRecords, and errors are one
 * line with a non-zero status.
 */
class SaQueryToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private FakeSa sa;

    @AfterEach
    void close() {
        if (sa != null) {
            sa.close();
        }
    }

    /** 40 CAs h00001.. at LIDs 1.., 112 bytes a record: 23 RMPP segments. */
    static List<NodeRecord> nodes() {
        List<NodeRecord> nodes = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            long guid = 0x0008f10400000000L + (i << 8);
            nodes.add(
                    new NodeRecord(i, new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, guid, guid, guid + 1, 64, 0, 0xa1, 1, 0),
                            new NodeDescription(String.format("h%05d", i))));
        }
        return List.copyOf(nodes);
    }

    private int run(String... args) throws Exception {
        sa = new FakeSa(nodes());
        SaQueryTool tool = new SaQueryTool((String) null);
        tool.provide(sa, 1);
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    @Test
    void theWholeTableArrivesThroughRmpp() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa"), err.toString());
        assertEquals(nodes().stream().map(SaFormat::nodeRecord).reduce("", String::concat), out.toString());
        assertEquals(List.of(0L), sa.masks);
    }

    @Test
    void aLidIsTheLidComponent() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "nr", "7"), err.toString());
        assertEquals(SaFormat.nodeRecord(nodes().get(6)), out.toString());
        assertEquals(List.of(NodeRecord.Components.LID), sa.masks);
    }

    @Test
    void jsonHoldsTheSameRecords() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "--json", "nr", "7"), err.toString());
        assertEquals("{\"saLid\":1,\"records\":[{\"recordType\":\"NodeRecord\",\"lid\":7,\"baseVersion\":1,"
                + "\"classVersion\":1,\"nodeType\":1,\"numPorts\":1,\"systemImageGuid\":\"0x0008f10400000700\","
                + "\"nodeGuid\":\"0x0008f10400000700\",\"portGuid\":\"0x0008f10400000701\",\"partitionCap\":64,"
                + "\"deviceId\":0,\"revision\":161,\"localPortNum\":1,\"vendorId\":0,\"nodeDescription\":\"h00007\"}]}\n",
                out.toString());
    }

    @Test
    void aBadPortIsNamed() throws Exception {
        assertEquals(ExitStatus.FAILURE, run("--fabric", "fake-sa", "PIR", "7/x"));
        assertTrue(err.toString().contains("Invalid port in \"7/x\" specified: \"x\" is not a number"), err.toString());
    }

    @Test
    void aNameIsLookedUpInTheNodeRecordsThenQueried() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "h00033"), err.toString());
        assertEquals(SaFormat.nodeRecord(nodes().get(32)), out.toString());
        assertEquals(List.of(0L, NodeRecord.Components.LID), sa.masks);
    }

    @Test
    void aPortGuidToo() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "NR", "0x0008f10400002801"), err.toString());
        assertEquals(SaFormat.nodeRecord(nodes().get(39)), out.toString());
    }

    @Test
    void theNodeOptions() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "-L", "h00012"), err.toString());
        assertEquals("12\n", out.toString());
        out.getBuffer().setLength(0);
        close();
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "-O", "0x11"), err.toString());
        assertEquals("h00017\n", out.toString());
        out.getBuffer().setLength(0);
        close();
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "-G", "h00002"), err.toString());
        assertEquals("0x0008f10400000201\n", out.toString());
    }

    @Test
    void anUnknownNameIsNeitherANodeNorARecordType() throws Exception {
        assertEquals(ExitStatus.FAILURE, run("--fabric", "fake-sa", "XYZR"));
        assertEquals("", out.toString());
        assertTrue(err.toString().contains("Failed to find lid for \"XYZR\""), err.toString());
        assertTrue(err.toString().contains(
                "names no record type: CPI, NR, PIR, LR, PR, MCMR, SR, SWIR, SMIR, SL2VL, PKTR, VLAR, IIR, LFTR, MFTR, GIR"),
                err.toString());
    }

    @Test
    void aBadLidIsNamed() throws Exception {
        assertEquals(ExitStatus.FAILURE, run("--fabric", "fake-sa", "PIR", "70000/1"));
        assertTrue(err.toString().contains("Invalid lid specified: \"70000\""), err.toString());
    }

    @Test
    void theNodeNameMapNamesNodesWhereSaqueryPrintsNames() throws Exception {
        Path folder = Files.createTempDirectory(Path.of("target"), "names");
        Path map = folder.resolve("map");
        Files.writeString(map, "0x0008f10400000700 \"rack7-host\"\n");
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "--node-name-map", map.toString(), "nr", "7"),
                err.toString());
        assertEquals(SaFormat.nodeRecord(nodes().get(6), "rack7-host"), out.toString());
        assertTrue(out.toString().contains("NodeDescription.........rack7-host\n"), out.toString());
        out.getBuffer().setLength(0);
        close();
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "--node-name-map", map.toString(), "-D"),
                err.toString());
        assertTrue(out.toString().contains("     7  \"rack7-host\"\n"), out.toString());
        assertTrue(out.toString().contains("     8  \"h00008\"\n"), out.toString());
        out.getBuffer().setLength(0);
        close();
        // -L takes the description or the map's name, as saquery does
        assertEquals(ExitStatus.OK, run("--fabric", "fake-sa", "--node-name-map", map.toString(), "-L", "rack7-host"),
                err.toString());
        assertEquals("7\n", out.toString());
    }

    @Test
    void aMissingMapIsAFailureNamingIt() throws Exception {
        Path folder = Files.createTempDirectory(Path.of("target"), "names");
        assertEquals(ExitStatus.FAILURE,
                run("--fabric", "fake-sa", "--node-name-map", folder.resolve("none").toString(), "nr"));
        assertTrue(err.toString().contains("node-name map"), err.toString());
    }

    @Test
    void withoutAnSmThereIsNoSaToAsk() throws Exception {
        FakeFabric lonely = new FakeFabric(); // its port knows no SM LID
        SaQueryTool tool = new SaQueryTool((String) null);
        tool.provide(lonely, 1);
        int status = tool.run(new ToolInvocation(List.of("--fabric", "fake", "SMIR"), new PrintWriter(out, true),
                new PrintWriter(err, true)));
        assertEquals(ExitStatus.FAILURE, status);
        assertTrue(err.toString().contains("no SA to ask"), err.toString());
    }
}
