package org.infiniscope.mad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClassPortInfoTest {

    /** Bytes 64–135 of ibsim's PerfMgt GetResp(ClassPortInfo) to {@code perfquery -dd 8 1} (CapMask 0x1200). */
    private static final byte[] IBSIM_PMA = HexFormat.of().parseHex("0101120000000012" + "00".repeat(64));

    @Test
    void decodesWhatIbsimAnswersPerfquery() throws MadFormatException {
        ClassPortInfo info = ClassPortInfo.CODEC.decode(IBSIM_PMA, 0);
        assertEquals(new ClassPortInfo(1, 1, 0x1200, 0, 18, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE, 0),
                info);
        assertEquals(Duration.ofNanos(4096L << 18), info.responseTime());
        assertTrue(info.hasCapability(1 << 9 | 1 << 12));
        assertFalse(info.hasCapability(1 << 8));
        byte[] out = new byte[72];
        ClassPortInfo.CODEC.encode(info, out, 0);
        assertArrayEquals(IBSIM_PMA, out);
    }

    @Test
    void placesEveryRedirectAndTrapFieldBitExactly() throws MadFormatException {
        ClassPortInfo.Address redirect = new ClassPortInfo.Address(new Gid(0xfe80000000000000L, 0x0008f10400000201L),
                0xAB, 0xC, 0xDEF12, 0x1234, 0xFFFF, 0x00ABCDEF, 0x80010000);
        ClassPortInfo.Address trap = new ClassPortInfo.Address(new Gid(1, 2), 0x11, 0x2, 0x33445, 0x5566, 0x7788,
                0x99AABB, 0xCCDDEEFF);
        ClassPortInfo info = new ClassPortInfo(1, 2, 0x8003, 0x4000001, 0x13, redirect, trap, 0x40);
        byte[] out = new byte[72];
        ClassPortInfo.CODEC.encode(info, out, 0);
        assertEquals("0102800380000033" + "fe800000000000000008f10400000201" + "abcdef12" + "1234ffff" + "00abcdef"
                + "80010000" + "00000000000000010000000000000002" + "11233445" + "55667788" + "4099aabb" + "ccddeeff",
                HexFormat.of().formatHex(out));
        assertEquals(info, ClassPortInfo.CODEC.decode(out, 0));
        assertEquals("fe80::8:f104:0:201", redirect.gid().toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 56, 64, 184})
    void roundTripsRandomValuesAtAnyOffset(int offset) throws MadFormatException {
        Random random = new Random(0x1B0CA1);
        for (int i = 0; i < 500; i++) {
            byte[] wire = new byte[256];
            random.nextBytes(wire);
            ClassPortInfo info = ClassPortInfo.CODEC.decode(wire, offset);
            byte[] out = wire.clone();
            ClassPortInfo.CODEC.encode(info, out, offset);
            // Only the reserved byte before RedirectQP may differ: it is written as zero.
            wire[offset + 32] = 0;
            assertArrayEquals(wire, out);
            assertEquals(info, ClassPortInfo.CODEC.decode(out, offset));
        }
    }

    @Test
    void leavesTheBytesAroundItAlone() {
        byte[] buf = new byte[256];
        Arrays.fill(buf, (byte) 0x5A);
        ClassPortInfo.CODEC.encode(
                new ClassPortInfo(1, 1, 0, 0, 0, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE, 0), buf, 64);
        assertEquals(0x5A, buf[63]);
        assertEquals(0x5A, buf[136]);
    }

    @Test
    void truncatedInputIsACheckedError() {
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> ClassPortInfo.CODEC.decode(new byte[256], 200));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains("ClassPortInfo"), e.getMessage());
        assertThrows(MadFormatException.class, () -> ClassPortInfo.CODEC.decode(null, 0));
    }

    @Test
    void rejectsFieldsWiderThanTheirBits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClassPortInfo(1, 1, 0,
                1 << 27, 0, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE, 0));
        assertTrue(e.getMessage().contains("CapabilityMask2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ClassPortInfo.Address(Gid.ZERO, 0, 16, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new ClassPortInfo.Address(Gid.ZERO, 0, 0, 0, 0, 0, 1 << 24, 0));
    }
}
