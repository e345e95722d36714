package org.infiniscope.mad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;

import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class MadHeaderTest {

    /** The first 24 bytes of a directed-route SubnGet(NodeInfo) as smpquery -D sends it (hop count 1). */
    private static final byte[] DR_NODEINFO = HexFormat.of()
            .parseHex("0181010100000001" + "0000000012345678" + "0011000000000000");

    @Test
    void decodesEveryField() throws MadFormatException {
        MadHeader header = MadHeader.decode(DR_NODEINFO, 0);
        assertEquals(new MadHeader(1, MgmtClass.SUBN_DIRECTED_ROUTE, 1, Method.GET, 0, 0x0001, 0x12345678L, 0x11, 0),
                header);
        assertEquals("MadHeader[SubnMgt(DR) v1 Get attr 0x11 mod 0x0 tid 0x12345678 status ok]", header.toString());
    }

    @Test
    void encodesToTheSameBytes() throws MadFormatException {
        byte[] out = new byte[24];
        MadHeader.decode(DR_NODEINFO, 0).encode(out, 0);
        assertEquals(HexFormat.of().formatHex(DR_NODEINFO), HexFormat.of().formatHex(out));
    }

    @Test
    void responseSetsTheBitAndKeepsTheTransaction() {
        MadHeader set = new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.SET, 0, 0, -1L, 0x15, 3);
        MadHeader resp = set.response(MadStatus.INVALID_ATTRIBUTE_VALUE);
        assertEquals(Method.GET_RESP, resp.method());
        assertEquals(-1L, resp.transactionId());
        assertTrue(resp.isResponse());
        assertEquals("invalid attribute or modifier value", MadStatus.describe(resp.status()));
    }

    @Test
    void namesAndStatusesAreReadable() {
        assertEquals("GetTableResp", Method.name(Method.GET_TABLE_RESP));
        assertEquals("Method(0x7f)", Method.name(0x7F));
        assertEquals("SubnAdm", MgmtClass.name(MgmtClass.SUBN_ADM));
        assertEquals("Vendor(0x0a)", MgmtClass.name(0x0A));
        assertEquals("busy, redirect, bad version, class-specific 0x03, D", MadStatus.describe(0x8307));
    }

    @Test
    void malformedHeadersGetSpecificCheckedExceptions() {
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> MadHeader.decode(new byte[23], 0)).problem());
        byte[] v2 = DR_NODEINFO.clone();
        v2[0] = 2;
        MadFormatException e = assertThrows(MadFormatException.class, () -> MadHeader.decode(v2, 0));
        assertEquals(Problem.BAD_BASE_VERSION, e.problem());
        assertEquals("BaseVersion 2, expected 1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new MadHeader(1, 256, 1, 1, 0, 0, 0, 0, 0));
    }
}
