package org.infiniscope.mad.cm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.junit.jupiter.api.Test;

/**
 * Bit positions written out by hand from IBA chapter 12's tables (as Linux's {@code ibta_vol1_c12.h} gives them:
 * byte offset from the end of the MAD header, bit offset from the byte's MSB, width).
 */
class CmLayoutTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final Gid LOCAL = new Gid(0xfe80000000000000L, 0x0008f10400000100L);
    private static final Gid REMOTE = new Gid(0xfe80000000000000L, 0x0008f10400000200L);
    private static final CmPath PATH = new CmPath(1, 2, LOCAL, REMOTE, 0x12345, 0x06, 0x20, 0x40, 0xA, true, 0x13);
    private static final Octets HELLO = Octets.of("hello".getBytes(StandardCharsets.US_ASCII));

    @Test
    void reqFieldsSitWhereTable106PutsThem() throws MadFormatException {
        Req req = new Req(0x11223344, 0x0102030405060708L, 0x0008f10400000100L, 0xdeadbeef, 0xabc, 4, 1, 5, 2, 0x17, 1,
                true, 0x123456, 0x14, 7, 0xffff, 4, false, 7, 15, true, 0, PATH, CmPath.NONE, true, HELLO);
        byte[] wire = new byte[232];
        Req.CODEC.encode(req, wire, 0);
        String path = "00010002" + "fe800000000000000008f10400000100" + "fe800000000000000008f10400000200" + "12345006"
                + "2040a898";
        String expected = "11223344" + "00000000" + "0102030405060708" + "0008f10400000100" + "00000000" + "deadbeef"
                + "000abc04" + "00000105" + "000002bb" + "123456a7" + "ffff" + "47" + "f8" + path + "00".repeat(43)
                + "04" + "68656c6c6f";
        assertEquals(expected, HEX.formatHex(wire, 0, 145));
        assertEquals(req, Req.CODEC.decode(wire, 0));
        assertEquals(92, req.privateData().length());
        assertEquals(HELLO, req.privateData().stripTrailingZeros());
    }

    @Test
    void lapOrdersItsPathDifferently() throws MadFormatException {
        Lap lap = new Lap(0x01020304, 0x05060708, 0xabc, 0x17, PATH, Octets.EMPTY);
        byte[] wire = new byte[232];
        Lap.CODEC.encode(lap, wire, 0);
        assertEquals("0102030405060708" + "00000000" + "000abcb8" + "00000000" + "00010002"
                + "fe800000000000000008f10400000100" + "fe800000000000000008f10400000200" + "123450" + "20" + "40"
                + "06" + "a8" + "98", HEX.formatHex(wire, 0, 64));
        assertEquals(lap, Lap.CODEC.decode(wire, 0));
    }

    @Test
    void repRejMraAprSidrFields() throws MadFormatException {
        Rep rep = new Rep(1, 2, 0x80010000, 0xabcdef, 0x123, 0x654321, 3, 4, 0x1f, 2, true, 5, true,
                0x0008f10400000200L, null);
        byte[] wire = new byte[232];
        Rep.CODEC.encode(rep, wire, 0);
        assertEquals("00000001" + "00000002" + "80010000" + "abcdef00" + "00012300" + "65432100" + "03" + "04" + "fd"
                + "b0" + "0008f10400000200", HEX.formatHex(wire, 0, 36));

        Rej rej = new Rej(1, 2, Rej.REP, RejectReason.INVALID_SERVICE_ID.code(), Octets.of((byte) 0xAA, (byte) 0xBB),
                null);
        Rej.CODEC.encode(rej, wire, 0);
        assertEquals("00000001" + "00000002" + "40" + "04" + "0008" + "aabb" + "0000", HEX.formatHex(wire, 0, 16));
        assertEquals("Invalid service ID (8)", Rej.CODEC.decode(wire, 0).reasonDescription());

        Mra mra = new Mra(1, 2, Mra.LAP, 0x1f, null);
        Mra.CODEC.encode(mra, wire, 0);
        assertEquals("00000001" + "00000002" + "80" + "f8", HEX.formatHex(wire, 0, 10));

        Apr apr = new Apr(1, 2, 3, Octets.of((byte) 9), null);
        Apr.CODEC.encode(apr, wire, 0);
        assertEquals("00000001" + "00000002" + "01" + "03" + "0000" + "09", HEX.formatHex(wire, 0, 13));

        SidrRep sidr = new SidrRep(7, SidrRep.REDIRECT, 0x123456, 0x1122334455667788L, 0x80010000, Octets.EMPTY, null);
        SidrRep.CODEC.encode(sidr, wire, 0);
        assertEquals("00000007" + "04" + "00" + "0000" + "12345600" + "1122334455667788" + "80010000",
                HEX.formatHex(wire, 0, 24));

        SidrReq sidrReq = new SidrReq(7, 0x8001, 0x1122334455667788L, HELLO);
        SidrReq.CODEC.encode(sidrReq, wire, 0);
        assertEquals("00000007" + "8001" + "0000" + "1122334455667788" + "68656c6c6f", HEX.formatHex(wire, 0, 21));

        Dreq dreq = new Dreq(1, 2, 0xabcdef, HELLO);
        Dreq.CODEC.encode(dreq, wire, 0);
        assertEquals("00000001" + "00000002" + "abcdef00" + "68656c6c6f", HEX.formatHex(wire, 0, 17));
    }
}
