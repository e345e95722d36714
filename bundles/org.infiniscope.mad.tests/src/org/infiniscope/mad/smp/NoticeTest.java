package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class NoticeTest {

    private static Notice roundTrip(Notice notice) throws MadFormatException {
        byte[] bytes = new byte[Notice.LENGTH];
        Notice.CODEC.encode(notice, bytes, 0);
        Notice back = Notice.CODEC.decode(bytes, 0);
        assertEquals(notice, back);
        return back;
    }

    private static Notice generic(int trap, TrapDetails details) {
        return new Notice(true, 4, 2, trap, 0x12, true, 77, details);
    }

    @Test
    void headerFieldsSitWhereLibibmadPutsThem() {
        byte[] b = new byte[64];
        Notice.CODEC.encode(generic(128, new TrapDetails.LinkStateChange(0x1234)), b, 0);
        assertEquals(0x84, b[0] & 0xFF, "IsGeneric and type 4");
        assertEquals(2, Bits.get(b, 0, 8, 24), "producer: switch");
        assertEquals(128, Bits.u16(b, 4));
        assertEquals(0x12, Bits.u16(b, 6));
        assertEquals(0x8000 | 77, Bits.u16(b, 8), "toggle and count");
        assertEquals(0x1234, Bits.u16(b, 10), "trap 128: the LID opens the details");
    }

    @Test
    void gidInAndOutOfService() throws MadFormatException {
        for (int trap : new int[]{64, 65}) {
            Notice n = roundTrip(generic(trap, new TrapDetails.GidChange(0xfe80000000000000L, 0x0008f10400000101L)));
            byte[] b = new byte[64];
            Notice.CODEC.encode(n, b, 0);
            assertEquals(0x0008f10400000101L, Bits.u64(b, 10 + 14), "the GID starts 6 bytes into the details");
        }
    }

    @Test
    void portErrorTraps() throws MadFormatException {
        for (int trap : new int[]{129, 130, 131}) {
            byte[] b = new byte[64];
            Notice.CODEC.encode(roundTrip(generic(trap, new TrapDetails.PortError(0x21, 7))), b, 0);
            assertEquals(0x21, Bits.u16(b, 12));
            assertEquals(7, b[14]);
        }
    }

    @Test
    void capabilityMaskChange() throws MadFormatException {
        TrapDetails.CapabilityChange change = new TrapDetails.CapabilityChange(9, true, 0x0050c048, 0x5, 0x30);
        byte[] b = new byte[64];
        Notice.CODEC.encode(roundTrip(generic(144, change)), b, 0);
        assertEquals(9, Bits.u16(b, 12));
        assertEquals(1, b[15]);
        assertEquals(0x0050c048, Bits.u32(b, 16), "where libibmad reads NoticeDataTrap144CapMask");
        assertEquals(5, Bits.u16(b, 20));
        assertEquals(0x30, Bits.u16(b, 22));
    }

    @Test
    void badMKey() throws MadFormatException {
        List<Integer> path = new ArrayList<>(Collections.nCopies(30, 0));
        path.set(1, 3);
        path.set(29, 255);
        TrapDetails.BadMKey bad = new TrapDetails.BadMKey(4, 0xffff, 0x02, 0x15, 1, 0xdeadbeefL, true, false, 2, path);
        byte[] b = new byte[64];
        Notice.CODEC.encode(roundTrip(generic(256, bad)), b, 0);
        assertEquals(0xffff, Bits.u16(b, 14));
        assertEquals(2, b[16]);
        assertEquals(0x15, Bits.u16(b, 18));
        assertEquals(0xdeadbeefL, Bits.u64(b, 24));
        assertEquals(0x82, b[33] & 0xFF, "DRNotice and hop count 2");
        assertEquals(3, b[35]);
        assertEquals(-1, bad.toString().indexOf("deadbeef"), "the M_Key is a secret");
    }

    @Test
    void vendorNoticesAndOtherTrapsKeepTheirBytes() throws MadFormatException {
        byte[] details = new byte[54];
        details[0] = 1;
        details[53] = 2;
        Notice vendor = roundTrip(new Notice(false, 1, 0x0002c9, 0x1003, 3, false, 0, new TrapDetails.Raw(details)));
        assertArrayEquals(details, ((TrapDetails.Raw) vendor.details()).bytes());
        assertInstanceOf(TrapDetails.Raw.class, roundTrip(generic(145, new TrapDetails.Raw(details))).details());
    }

    @Test
    void detailsMustBelongToTheTrap() {
        assertThrows(IllegalArgumentException.class, () -> generic(129, new TrapDetails.LinkStateChange(1)));
        assertThrows(IllegalArgumentException.class,
                () -> new Notice(false, 1, 0, 128, 0, false, 0, new TrapDetails.LinkStateChange(1)));
        assertThrows(IllegalArgumentException.class, () -> new TrapDetails.Raw(new byte[53]));
        assertThrows(IllegalArgumentException.class,
                () -> new TrapDetails.BadMKey(0, 0, 0, 0, 0, 0, false, false, 0, List.of(1)));
    }

    @Test
    void theSaFormCarriesTheIssuerGid() throws MadFormatException {
        IssuedNotice issued = new IssuedNotice(generic(128, new TrapDetails.LinkStateChange(2)), 0xfe80000000000000L,
                0x0008f10500000100L);
        byte[] b = new byte[IssuedNotice.LENGTH];
        IssuedNotice.CODEC.encode(issued, b, 0);
        assertEquals(0x0008f10500000100L, Bits.u64(b, 72));
        assertEquals(issued, IssuedNotice.CODEC.decode(b, 0));
        SmaCodecsTest.roundTrip(IssuedNotice.CODEC, 10_000);
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> IssuedNotice.CODEC.decode(new byte[79], 0)).problem());
    }

    @Test
    void truncatedNoticesAreACheckedError() {
        MadFormatException e = assertThrows(MadFormatException.class, () -> Notice.CODEC.decode(new byte[70], 7));
        assertEquals(Problem.TRUNCATED, e.problem());
    }
}
