package org.infiniscope.mad.perf;

import java.util.Arrays;

import org.infiniscope.mad.wire.Bits;

/**
 * The fields of one attribute layout, planned once so that decoding and encoding run as a loop over primitive
 * arrays: each field is read as the smallest big-endian word that holds it (a byte, a 16-, 32- or 64-bit word),
 * then shifted and masked, which the JIT turns into single loads where {@link Bits#get}'s byte-by-byte loop
 * would not be.
 */
final class WireFields {

    private static final int U8 = 0;
    private static final int U16 = 1;
    private static final int U32 = 2;
    private static final int U64 = 3;
    /** A field no single word inside the attribute holds (a 32-bit field off a byte boundary): {@link Bits}. */
    private static final int SPAN = 4;

    private final byte[] kind;
    private final int[] at;
    private final int[] shift;
    private final long[] mask;
    private final int[] slot;
    private final int[] bitOffset;
    private final int[] width;

    /**
     * @param length the attribute's length: no word read or written may reach past it
     * @param bitOffsets each field's MSB-first offset from the start of the attribute
     * @param widths each field's width, 1 to 32, or 64 on a byte boundary
     * @param slots where each field's value goes: an index or a bit position, as the caller uses it
     */
    WireFields(int length, int[] bitOffsets, int[] widths, int[] slots) {
        int count = bitOffsets.length;
        this.kind = new byte[count];
        this.at = new int[count];
        this.shift = new int[count];
        this.mask = new long[count];
        this.slot = slots.clone();
        this.bitOffset = bitOffsets.clone();
        this.width = widths.clone();
        for (int k = 0; k < count; k++) {
            int bits = widths[k];
            int first = bitOffsets[k] >>> 3;
            int span = (bitOffsets[k] & 7) + bits;
            if (bits < 1 || (bits > 32 && bits != 64) || bitOffsets[k] < 0 || (bitOffsets[k] + bits + 7) / 8 > length) {
                throw new IllegalArgumentException(
                        "field at bit " + bitOffsets[k] + ", " + bits + " bits, is not inside " + length + " bytes");
            }
            at[k] = first;
            mask[k] = bits == 64 ? -1L : (1L << bits) - 1;
            if (bits == 64) {
                if (span != 64) {
                    throw new IllegalArgumentException("64-bit field at bit " + bitOffsets[k] + " is not byte-aligned");
                }
                kind[k] = U64;
            } else if (span <= 8) {
                kind[k] = U8;
                shift[k] = 8 - span;
            } else if (span <= 16 && first + 2 <= length) {
                kind[k] = U16;
                shift[k] = 16 - span;
            } else if (span <= 32 && first + 4 <= length) {
                kind[k] = U32;
                shift[k] = 32 - span;
            } else {
                kind[k] = SPAN;
            }
        }
    }

    /** @return the number of fields */
    int size() {
        return kind.length;
    }

    /** @return where field {@code k}'s value goes */
    int slot(int k) {
        return slot[k];
    }

    /** @return field {@code k}, unsigned; the caller has checked that the attribute lies inside the buffer */
    long read(int k, byte[] buf, int base) {
        int a = base + at[k];
        return switch (kind[k]) {
            case U8 -> ((buf[a] & 0xFF) >>> shift[k]) & mask[k];
            case U16 -> (Bits.u16(buf, a) >>> shift[k]) & mask[k];
            case U32 -> (Integer.toUnsignedLong(Bits.u32(buf, a)) >>> shift[k]) & mask[k];
            case U64 -> Bits.u64(buf, a);
            default -> Integer.toUnsignedLong(Bits.get(buf, base, bitOffset[k], width[k]));
        };
    }

    /**
     * Writes field {@code k} into zeroed bytes: its bits are or-ed in, so the fields sharing its word must not
     * overlap it. Bits of {@code value} above the field's width are dropped.
     */
    void write(int k, byte[] buf, int base, long value) {
        int a = base + at[k];
        long bits = value & mask[k];
        switch (kind[k]) {
            case U8 -> buf[a] |= (byte) (bits << shift[k]);
            case U16 -> Bits.put16(buf, a, Bits.u16(buf, a) | (int) (bits << shift[k]));
            case U32 -> Bits.put32(buf, a, Bits.u32(buf, a) | (int) (bits << shift[k]));
            case U64 -> Bits.put64(buf, a, value);
            default -> Bits.set(buf, base, bitOffset[k], width[k], (int) bits);
        }
    }

    @Override
    public String toString() {
        return "WireFields" + Arrays.toString(bitOffset);
    }
}
