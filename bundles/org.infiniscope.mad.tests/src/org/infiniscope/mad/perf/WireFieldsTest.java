package org.infiniscope.mad.perf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;

import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.Test;

/** The planned field access must read and write exactly what {@link Bits}' generic field access does. */
class WireFieldsTest {

    // Every kind of word: bytes shared by two fields, 16-bit fields off a byte boundary, a 24-bit field read as
    // 32 bits, a 32-bit field spanning five bytes, aligned 32- and 64-bit fields.
    private static final int[] OFFSETS = {0, 3, 8, 20, 24, 52, 84, 96, 128};
    private static final int[] WIDTHS = {3, 5, 12, 4, 24, 32, 12, 32, 64};
    private static final int LENGTH = 24;

    @Test
    void readsAndWritesAsTheGenericAccessors() {
        int[] slots = {8, 7, 6, 5, 4, 3, 2, 1, 0};
        WireFields fields = new WireFields(LENGTH, OFFSETS, WIDTHS, slots);
        Random random = new Random(3);
        for (int i = 0; i < 1000; i++) {
            byte[] wire = new byte[LENGTH + 5];
            random.nextBytes(wire);
            long[] read = new long[9];
            fields.readInto(wire, 5, read);
            long[] values = new long[9];
            byte[] expected = new byte[LENGTH + 5];
            for (int k = 0; k < OFFSETS.length; k++) {
                long value = WIDTHS[k] == 64
                        ? Bits.u64(wire, 5 + OFFSETS[k] / 8)
                        : Integer.toUnsignedLong(Bits.get(wire, 5, OFFSETS[k], WIDTHS[k]));
                assertEquals(value, read[slots[k]], "field at bit " + OFFSETS[k]);
                // Bits above the width must be dropped on the way out.
                values[slots[k]] = value | (WIDTHS[k] == 64 ? 0 : random.nextLong() << WIDTHS[k]);
                if (WIDTHS[k] == 64) {
                    Bits.put64(expected, 5 + OFFSETS[k] / 8, value);
                } else {
                    Bits.set(expected, 5, OFFSETS[k], WIDTHS[k], (int) value);
                }
            }
            byte[] written = new byte[LENGTH + 5];
            fields.writeFrom(values, written, 5);
            assertArrayEquals(expected, written);
        }
    }

    @Test
    void portCountersHandWrittenLayoutIsThePlannedOne() {
        PerfCounterCodec<PortCounter> codec = PerfAttributes.PORT_COUNTERS;
        assertSame(PortCountersLayout.INSTANCE, codec.layout());
        CounterLayout planned = codec.planned();
        Random random = new Random(11);
        for (int i = 0; i < 1000; i++) {
            byte[] wire = new byte[50];
            random.nextBytes(wire);
            long[] expected = new long[PortCounter.values().length];
            planned.readCounters(wire, 3, expected);
            long[] read = new long[expected.length];
            PortCountersLayout.INSTANCE.readCounters(wire, 3, read);
            assertArrayEquals(expected, read);
            long select = planned.readSelect(wire, 3);
            assertEquals(select, PortCountersLayout.INSTANCE.readSelect(wire, 3));

            byte[] plannedBytes = new byte[50];
            planned.writeSelect(select, plannedBytes, 3);
            planned.writeCounters(read, plannedBytes, 3);
            byte[] written = new byte[50];
            PortCountersLayout.INSTANCE.writeSelect(select, written, 3);
            PortCountersLayout.INSTANCE.writeCounters(read, written, 3);
            assertArrayEquals(plannedBytes, written);
        }
    }

    @Test
    void aWordThatWouldPassTheEndIsNotRead() {
        // 20 bits from bit 0 fit a 32-bit word, but the attribute has 3 bytes: the buffer ends there.
        WireFields fields = new WireFields(3, new int[]{0, 20}, new int[]{20, 4}, new int[]{0, 20});
        byte[] wire = {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF};
        assertEquals(0xFABCDEL, fields.readMask(wire, 0));
        byte[] written = new byte[3];
        fields.writeMask(0xFABCDEL, written, 0);
        assertArrayEquals(wire, written);
        long[] values = new long[21];
        fields.readInto(wire, 0, values);
        assertEquals(0xABCDEL, values[0]);
        assertEquals(0xFL, values[20]);
    }

    @Test
    void fieldsOutsideTheAttributeAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new WireFields(4, new int[]{24}, new int[]{16}, new int[]{0}));
        assertThrows(IllegalArgumentException.class,
                () -> new WireFields(16, new int[]{4}, new int[]{64}, new int[]{0}));
        assertThrows(IllegalArgumentException.class,
                () -> new WireFields(16, new int[]{0}, new int[]{8}, new int[]{64}));
    }
}
