package org.infiniscope.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class SaMadTest {

    private static final long SM_KEY = 0x1122334455667788L;

    private static SaMad sample() {
        MadHeader header = new MadHeader(1, MgmtClass.SUBN_ADM, 2, Method.GET_TABLE_RESP, SaStatus.status(3), 0, 0xABCL,
                LinkRecord.ATTRIBUTE_ID, 0);
        SaHeader sa = new SaHeader(RmppHeader.data(1, 84, true, true, 0x10), SM_KEY, 1, LinkRecord.Components.FROM_LID);
        return new SaMad(header, sa, new byte[]{0, 1, 2, 3, 0, 4, 0, 0});
    }

    @Test
    void saHeaderFieldsSitAtBytes24To55() throws MadFormatException {
        byte[] mad = sample().encode();
        assertEquals("01" + "01" + "87" + "00" + "00000001" + "00000054" + "1122334455667788" + "0001" + "0000"
                + "0000000000000001", HexFormat.of().formatHex(mad, 24, 56));
        assertEquals("0001020300040000", HexFormat.of().formatHex(mad, 56, 64));
        SaMad back = SaMad.decode(mad, 0);
        assertEquals(sample(), back);
        assertEquals(sample().hashCode(), back.hashCode());
        assertEquals(SM_KEY, back.saHeader().smKey());
        assertEquals(8, back.saHeader().recordStride());
    }

    @Test
    void smKeyNeverAppearsInText() {
        for (String text : new String[]{sample().toString(), sample().saHeader().toString()}) {
            assertFalse(text.contains("1122334455667788"), text);
            assertFalse(text.contains(Long.toString(SM_KEY)), text);
            assertFalse(text.toLowerCase().contains("11223344"), text);
            assertTrue(text.contains("SM_Key hidden"), text);
        }
        assertTrue(SaHeader.EMPTY.toString().contains("SM_Key none"));
        assertTrue(sample().toString().contains("ERR_NO_RECORDS"), sample().toString());
    }

    @Test
    void saStatusCodesHaveNames() {
        assertEquals(3, sample().saStatus());
        assertEquals("ERR_NO_RESOURCES", SaStatus.name(SaStatus.ERR_NO_RESOURCES));
        assertEquals("ERR_REQ_INVALID", SaStatus.name(2));
        assertEquals("ERR_NO_RECORDS", SaStatus.name(3));
        assertEquals("ERR_TOO_MANY_RECORDS", SaStatus.name(4));
        assertEquals("ERR_REQ_INVALID_GID", SaStatus.name(5));
        assertEquals("ERR_REQ_INSUFFICIENT_COMPONENTS", SaStatus.name(6));
        assertEquals("ERR_REQ_DENIED", SaStatus.name(7));
        assertEquals("SA status 9", SaStatus.name(9));
        assertEquals("the component mask lacks components the request needs", SaStatus.describe(6));
        assertEquals(0x0700, SaStatus.status(SaStatus.ERR_REQ_DENIED));
        assertEquals(SaStatus.ERR_REQ_DENIED, SaStatus.code(0x0700));
        assertEquals("ERR_NO_RECORDS", SaStatus.describeStatus(0x0300));
        assertEquals("busy, ERR_REQ_INVALID", SaStatus.describeStatus(0x0201));
        assertEquals("ok", SaStatus.describeStatus(0));
    }

    @Test
    void recordNeedsTheRightAttribute() throws MadFormatException {
        assertEquals(new LinkRecord(1, 2, 3, 4), sample().record(LinkRecord.CODEC));
        MadFormatException e = assertThrows(MadFormatException.class, () -> sample().record(PathRecord.CODEC));
        assertEquals(Problem.BAD_ATTRIBUTE, e.problem());
        assertEquals("AttributeID 0x0020, expected 0x0035", e.getMessage());
    }

    @Test
    void dataIsCopiedInAndOut() {
        byte[] data = new byte[200];
        SaMad mad = new SaMad(sample().header(), SaHeader.EMPTY, data);
        data[0] = 9;
        byte[] out = mad.data();
        out[1] = 9;
        assertArrayEquals(new byte[200], mad.data());
        assertNotEquals(mad, sample());
        assertThrows(IllegalArgumentException.class, () -> new SaMad(sample().header(), SaHeader.EMPTY, new byte[201]));
        MadHeader smp = new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, 1, 0, 0, 0, 0x11, 0);
        assertThrows(IllegalArgumentException.class, () -> new SaMad(smp, SaHeader.EMPTY, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new SaHeader(RmppHeader.INACTIVE, 0, 0x10000, 0));
    }

    @Test
    void malformedMadsAreRefusedNamingTheField() {
        byte[] good = sample().encode();
        assertProblem(new byte[255], Problem.TRUNCATED, "SA MAD needs 256 bytes at offset 0, the buffer has 255");
        byte[] base = good.clone();
        base[0] = 2;
        assertProblem(base, Problem.BAD_BASE_VERSION, "BaseVersion 2, expected 1");
        byte[] smp = good.clone();
        smp[1] = 0x01;
        assertProblem(smp, Problem.BAD_CLASS, "MgmtClass SubnMgt(LID), expected SubnAdm");
        byte[] v1 = good.clone();
        v1[2] = 1;
        assertProblem(v1, Problem.BAD_CLASS_VERSION, "ClassVersion 1, expected 2");
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> SaHeader.decode(new byte[55], 0)).problem());
    }

    private static void assertProblem(byte[] mad, Problem problem, String message) {
        MadFormatException e = assertThrows(MadFormatException.class, () -> SaMad.decode(mad, 0));
        assertEquals(problem, e.problem());
        assertEquals(message, e.getMessage());
    }
}
