package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.Test;

/** Reading the hex dumps of infiniband-diags 44 (golden outputs captured from the lab). */
class DumpsTest {

    private static String golden(String name) throws IOException {
        try (InputStream in = DumpsTest.class.getClassLoader().getResourceAsStream("dumps/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void smpqueryReceiveBuffer() throws IOException {
        byte[] mad = Dumps.lastWithAttribute(golden("smpquery-nodeinfo.txt"), "rcv buf", Mads.NODE_INFO);
        assertEquals(256, mad.length);
        assertEquals(0x81, Bits.u8(mad, 1));
        assertEquals(0x81, Bits.u8(mad, 3), "GetResp");
        assertEquals(0x0008f10400000200L, Bits.u64(mad, Mads.SMP_DATA + 12), "NodeGUID of h00002 (caguid)");
    }

    @Test
    void perfqueryPrintsClassPortInfoFirst() throws IOException {
        String output = golden("perfquery.txt");
        assertEquals(2, Dumps.after(output, "rcv buf").size());
        byte[] counters = Dumps.lastWithAttribute(output, "rcv buf", Mads.PORT_COUNTERS);
        assertEquals(1, Bits.u8(counters, Mads.SMP_DATA + 1), "PortSelect");
        assertEquals(50, Bits.u16(counters, Mads.SMP_DATA + 4), "SymbolErrorCounter set on the ibsim console");
    }

    @Test
    void saqueryPrintsTheResponseUpToTheFirstRecord() throws IOException {
        byte[] response = Dumps.after(golden("saquery-pr.txt"), "SA Response:").getLast();
        assertEquals(Mads.SA_DATA + 64, response.length);
        assertEquals(0x92, Bits.u8(response, 3), "GetTableResp");
        assertEquals(1, Bits.u16(response, Mads.SA_DATA + 40), "DLID");
        assertEquals(8, Bits.u16(response, Mads.SA_DATA + 42), "SLID");
    }

    @Test
    void aMissingDumpIsReportedWithTheOutput() {
        AssertionError e = assertThrows(AssertionError.class, () -> Dumps.lastWithAttribute("no dump", "rcv buf", 1));
        assertEquals("no 'rcv buf' dump of attribute 0x1 in:\nno dump", e.getMessage());
    }
}
