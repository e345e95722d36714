package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.diag.format.SmpFormat;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The lab comparison without the lab: the {@code -dd} captures hold the answer's bytes and the text the tool
 * printed from them, so our codecs and {@link DiagsFormat} must reproduce that text field by field.
 */
class DiagsFormatTest {

    @Test
    void nodeInfoAsSmpqueryPrintsIt() throws IOException, MadFormatException {
        String output = ToolTextTest.captured("dumps/smpquery-nodeinfo.txt");
        byte[] mad = Dumps.lastWithAttribute(output, "rcv buf", NodeInfo.ATTRIBUTE_ID);
        FieldComparison.assertAgrees("NodeInfo", SmpFormat.nodeInfo(Smp.decodeAttribute(mad, NodeInfo.CODEC)),
                ToolText.single(output));
    }

    @Test
    void portInfoOfACaPortAsSmpqueryPrintsIt() throws IOException, MadFormatException {
        assertPortInfo("dumps/smpquery-portinfo-ca.txt");
    }

    @Test
    void portInfoOfASwitchPortAsSmpqueryPrintsIt() throws IOException, MadFormatException {
        assertPortInfo("dumps/smpquery-portinfo-switch.txt");
    }

    private static void assertPortInfo(String capture) throws IOException, MadFormatException {
        String output = ToolTextTest.captured(capture);
        byte[] mad = Dumps.lastWithAttribute(output, "rcv buf", PortInfo.ATTRIBUTE_ID);
        FieldComparison.assertAgrees(capture, SmpFormat.portInfo(Smp.decodeAttribute(mad, PortInfo.CODEC)),
                ToolText.single(output));
    }

    @Test
    void portCountersAsPerfqueryPrintsThem() throws IOException, MadFormatException {
        String output = ToolTextTest.captured("dumps/perfquery.txt");
        byte[] mad = Dumps.lastWithAttribute(output, "rcv buf", PerfAttributes.PORT_COUNTERS_ID);
        Map<String, String> ours = DiagsFormat
                .portCounters(PerfMgtMad.decode(mad, PerfAttributes.PORT_COUNTERS).value());
        FieldComparison.assertAgrees("PortCounters", ours, ToolText.single(output));
        assertEquals("50", ours.get("SymbolErrorCounter"));
    }

    @Test
    void pathRecordAsSaqueryPrintsIt() throws IOException, MadFormatException {
        String output = ToolTextTest.captured("dumps/saquery-pr.txt");
        // saquery -dd prints the response up to the end of the first record only
        byte[] response = Dumps.after(output, "SA Response:").getLast();
        int record = SaMad.DATA_OFFSET;
        PathRecord decoded = PathRecord.CODEC.decode(response, record);
        FieldComparison.assertAgrees("PathRecord",
                DiagsFormat.pathRecord(decoded, Arrays.copyOfRange(response, record + 58, record + 64)),
                ToolText.single(output));
    }

    @Test
    void movingCountersOnlyNeedToBeNoSmaller() {
        ToolText.Block theirs = ToolText.single("# c\nPortXmitData:....120\nPortRcvData:....7\n");
        FieldComparison.assertAgrees("counters", Map.of("PortXmitData", "100", "PortRcvData", "7"), theirs,
                DiagsFormat.MOVING_PORT_COUNTERS);
        AssertionFailedError smaller = assertThrows(AssertionFailedError.class,
                () -> FieldComparison.assertAgrees("counters", Map.of("PortXmitData", "121", "PortRcvData", "7"),
                        theirs, DiagsFormat.MOVING_PORT_COUNTERS));
        assertTrue(smaller.getMessage().contains("PortXmitData: the tool read 120 after our 121"),
                smaller.getMessage());
    }

    @Test
    void everyDifferenceAndEveryUnmatchedFieldIsReported() {
        ToolText.Block theirs = ToolText.single("# n\nLid:....1\nSMLid:....2\nExtra:....3\n");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> FieldComparison.assertAgrees("PortInfo",
                Map.of("Lid", "9", "SMLid", "2", "GuidCap", "1"), theirs, Set.of()));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals("PortInfo (# n):", lines.getFirst());
        assertTrue(lines.contains("  the tool did not print [GuidCap]"), e.getMessage());
        assertTrue(lines.contains("  the tool printed fields we do not compare: [Extra]"), e.getMessage());
        assertTrue(lines.contains("  Lid: tool '1', ours '9'"), e.getMessage());
        assertEquals(4, lines.size(), e.getMessage());
    }
}
