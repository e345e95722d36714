package org.infiniscope.mad.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;

import org.junit.jupiter.api.Test;

class BitsTest {

    @Test
    void bigEndianWords() {
        byte[] buf = {0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbc, (byte) 0xde, (byte) 0xf0, 0x01};
        assertEquals(0x12, Bits.u8(buf, 0));
        assertEquals(0x1234, Bits.u16(buf, 0));
        assertEquals(0xbcde, Bits.u16(buf, 5));
        assertEquals(0x12345678, Bits.u32(buf, 0));
        assertEquals(0x123456789abcdef0L, Bits.u64(buf, 0));
        byte[] out = new byte[9];
        Bits.put64(out, 0, 0x123456789abcdef0L);
        Bits.put8(out, 8, 1);
        assertArrayEquals(buf, out);
    }

    @Test
    void bitFieldsAreMostSignificantBitFirst() {
        // PortInfo byte 34 (bits 272..279): LinkWidthEnabled; nibbles such as PortState sit in one byte
        byte[] buf = new byte[8];
        Bits.set(buf, 0, 4, 4, 0xA);
        assertEquals(0x0A, buf[0]);
        Bits.set(buf, 0, 0, 4, 0x5);
        assertEquals(0x5A, buf[0]);
        Bits.set(buf, 0, 12, 12, 0xABC); // across a byte boundary
        assertEquals(0x0A, buf[1]);
        assertEquals((byte) 0xBC, buf[2]);
        assertEquals(0xABC, Bits.get(buf, 0, 12, 12));
        assertEquals(0x5, Bits.get(buf, 0, 0, 4));
        Bits.set(buf, 0, 33, 31, 0x7FFFFFFF);
        assertEquals(0x7FFFFFFF, Bits.get(buf, 0, 33, 31));
        assertEquals(0, Bits.get(buf, 0, 32, 1), "the bit before the field is kept");
    }

    @Test
    void randomFieldsRoundTripAndLeaveNeighboursAlone() {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            byte[] buf = new byte[16];
            random.nextBytes(buf);
            byte[] before = buf.clone();
            int width = 1 + random.nextInt(32);
            int offset = random.nextInt(128 - 40);
            int value = random.nextInt() & (int) ((1L << width) - 1);
            Bits.set(buf, 0, offset, width, value);
            assertEquals(value, Bits.get(buf, 0, offset, width));
            for (int bit = 0; bit < 128; bit++) {
                if (bit < offset || bit >= offset + width) {
                    assertEquals(Bits.get(before, 0, bit, 1), Bits.get(buf, 0, bit, 1), "bit " + bit);
                }
            }
        }
    }

    @Test
    void requireNamesWhatIsMissing() {
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> Bits.require(new byte[10], 4, 8, "NodeInfo"));
        assertEquals(MadFormatException.Problem.TRUNCATED, e.problem());
        assertEquals("NodeInfo needs 8 bytes at offset 4, the buffer has 10", e.getMessage());
        assertThrows(MadFormatException.class, () -> Bits.require(null, 0, 1, "x"));
        assertThrows(MadFormatException.class, () -> Bits.require(new byte[10], -1, 1, "x"));
        assertThrows(MadFormatException.class, () -> Bits.require(new byte[10], Integer.MAX_VALUE, 2, "x"));
    }
}
