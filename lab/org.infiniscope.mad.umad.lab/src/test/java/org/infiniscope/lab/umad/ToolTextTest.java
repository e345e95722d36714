package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Reading the text output of infiniband-diags 44, captured from the lab (diags/*.txt). */
class ToolTextTest {

    static String captured(String name) throws IOException {
        try (InputStream in = ToolTextTest.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void smpqueryNodeInfo() throws IOException {
        ToolText.Block block = ToolText.single(captured("diags/smpquery-nodeinfo-1.txt"));
        assertEquals("# Node info: DR path slid 65535; dlid 65535; 0,1", block.title());
        assertEquals(12, block.fields().size());
        assertEquals("BaseVers", block.fields().keySet().iterator().next(), "in the order printed");
        assertEquals("Switch", block.get("NodeType"));
        assertEquals("0x0008f10500000100", block.get("Guid"));
        assertEquals("0x000000a1", block.get("Revision"));
        assertEquals("2", block.get("LocalPort"));
    }

    @Test
    void smpqueryPortInfoKeepsTheCapabilityNamesApart() throws IOException {
        ToolText.Block block = ToolText.single(captured("diags/smpquery-portinfo-ca.txt"));
        assertEquals(51, block.fields().size());
        assertEquals("0x50c048", block.get("CapMask"));
        assertEquals(
                List.of("IsTrapSupported", "IsSLMappingSupported", "IsExtendedSpeedsSupported",
                        "IsCapabilityMask2Supported", "IsVendorClassSupported", "IsCapabilityMaskNoticeSupported"),
                block.details().get("CapMask"));
        assertEquals(List.of("IsLinkWidth2xSupported", "IsLinkSpeedHDRSupported"),
                block.details().get("CapabilityMask2"));
        assertEquals("<not displayed>", block.get("Mkey"));
        assertEquals("1X or 4X or 8X or 12X or 2X", block.get("LinkWidthSupported"));
        assertEquals("2.5 Gbps", block.get("LinkSpeedActive"));
        assertEquals("0", block.get("McastPkeyTrapSuppressionEnabled"), "a single dot before the value");
        assertEquals("No Extended Speed", block.get("LinkSpeedExtActive"));
    }

    @Test
    void perfqueryCounters() throws IOException {
        ToolText.Block block = ToolText.single(captured("diags/perfquery.txt"));
        assertEquals("# Port counters: Lid 1 port 1 (CapMask: 0x1200)", block.title());
        assertEquals(21, block.fields().size());
        assertEquals("0x0000", block.get("CounterSelect"));
        assertEquals("0x00", block.get("CounterSelect2"));
        assertEquals("37152", block.get("PortXmitData"));
        assertEquals("0", block.get("PortXmitWait"));
    }

    @Test
    void saqueryPathRecordDump() throws IOException {
        ToolText.Block block = ToolText.single(captured("diags/saquery-pr.txt"));
        assertEquals("PathRecord dump:", block.title());
        assertEquals(16, block.fields().size());
        assertEquals("0x0000000000000000", block.get("service_id"));
        assertEquals("fe80::8:f104:0:101", block.get("dgid"));
        assertEquals("1", block.get("dlid"));
        assertEquals("0xFFFF", block.get("pkey"));
        assertEquals("0x000000000000", block.get("resv2"));
    }

    @Test
    void eachDumpOfATableIsABlock() {
        String two = "PathRecord dump:\n\t\tdlid....................1\n\t\tslid....................2\n"
                + "PathRecord dump:\n\t\tdlid....................3\n\t\tslid....................4\n";
        List<ToolText.Block> blocks = ToolText.parse(two);
        assertEquals(2, blocks.size());
        assertEquals("3", blocks.get(1).get("dlid"));
    }

    @Test
    void aSpaceAfterTheDotsIsNotPartOfTheValue() {
        assertEquals("0x2", ToolText.single("\t\tdlid....................... 0x2\n").get("dlid"));
        assertEquals("fe80::1", ToolText.single("sgid........................ fe80::1").get("sgid"));
    }

    @Test
    void warningsAndHexDumpsAreNoFields() throws IOException {
        // the -dd captures: libibumad's warnings, "send buf"/"rcv buf" and hex lines around the text
        String output = captured("dumps/smpquery-nodeinfo.txt");
        assertTrue(output.contains("ibwarn: ["), "the capture has warnings");
        ToolText.Block block = ToolText.single(output);
        assertEquals(12, block.fields().size(), block.fields().keySet().toString());
        assertEquals("0x0008f10400000200", block.get("Guid"));
    }

    @Test
    void aNameOfThirtyTwoCharactersHasNoDots() {
        assertEquals("7",
                ToolText.single("AVeryLongFieldNameOfThirtyTwoChr:7").get("AVeryLongFieldNameOfThirtyTwoChr"));
    }

    @Test
    void aFieldPrintedTwiceIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ToolText.parse("# Node info\nLid:.....1\nLid:.....2\n"));
        assertEquals("field Lid printed twice in '# Node info'", e.getMessage());
    }

    @Test
    void anOutputWithoutFieldsHasNoBlock() {
        assertEquals(List.of(), ToolText.parse("ibwarn: [1] umad_init: umad_init\nrcv buf\n0000 0000\n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ToolText.single("nothing"));
        assertTrue(e.getMessage().startsWith("0 blocks of fields, expected 1"), e.getMessage());
    }

    @Test
    void aMissingFieldNamesTheFieldsThere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ToolText.single("# t\nLid:....1\n").get("SMLid"));
        assertEquals("no field SMLid in '# t': [Lid]", e.getMessage());
    }
}
