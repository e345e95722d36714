package org.infiniscope.mad.perf;

import java.util.Arrays;

import org.infiniscope.mad.wire.Bits;

/**
 * The fields of one attribute layout, planned once so that decoding and encoding run as a loop over primitive
 * arrays: each field is read as the smallest big-endian word that holds it (a byte, a 16-, 32- or 64-bit word),
 * then shifted and masked, which compiles to single loads where {@link Bits#get}'s byte-by-byte loop does not.
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
     * @param slots where each field's value goes, 0 to 63: an index or a bit position, as the caller uses it
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
            plan(k, length);
        }
    }

    private void plan(int k, int length) {
        int bits = width[k];
        int first = bitOffset[k] >>> 3;
        int span = (bitOffset[k] & 7) + bits;
        if (bits < 1 || (bits > 32 && bits != 64) || bitOffset[k] < 0 || (bitOffset[k] + bits + 7) / 8 > length) {
            throw new IllegalArgumentException(
                    "field at bit " + bitOffset[k] + ", " + bits + " bits, is not inside " + length + " bytes");
        }
        if (slot[k] < 0 || slot[k] > 63) {
            throw new IllegalArgumentException("slot " + slot[k] + " is outside 0..63");
        }
        at[k] = first;
        mask[k] = -1L >>> (64 - bits);
        if (bits == 64) {
            if (span != 64) {
                throw new IllegalArgumentException("64-bit field at bit " + bitOffset[k] + " is not byte-aligned");
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

    private long read(int k, byte[] buf, int base) {
        int a = base + at[k];
        return switch (kind[k]) {
            case U8 -> ((buf[a] & 0xFF) >>> shift[k]) & mask[k];
            case U16 -> (Bits.u16(buf, a) >>> shift[k]) & mask[k];
            case U32 -> (Integer.toUnsignedLong(Bits.u32(buf, a)) >>> shift[k]) & mask[k];
            case U64 -> Bits.u64(buf, a);
            default -> Integer.toUnsignedLong(Bits.get(buf, base, bitOffset[k], width[k]));
        };
    }

    /** Or-s the field's bits into its word: the fields sharing the word do not overlap it. */
    private void write(int k, byte[] buf, int base, long value) {
        int a = base + at[k];
        long bits = value & mask[k];
        switch (kind[k]) {
            case U8 -> buf[a] |= (byte) (bits << shift[k]);
            case U16 -> Bits.put16(buf, a, Bits.u16(buf, a) | (int) (bits << shift[k]));
            case U32 -> Bits.put32(buf, a, Bits.u32(buf, a) | (int) (bits << shift[k]));
            case U64 -> Bits.put64(buf, a, bits);
            default -> Bits.set(buf, base, bitOffset[k], width[k], (int) bits);
        }
    }

    /** Reads every field, unsigned, into {@code out[slot]}. */
    void readInto(byte[] buf, int base, long[] out) {
        for (int k = 0; k < kind.length; k++) {
            out[slot[k]] = read(k, buf, base);
        }
    }

    /** Writes every field from {@code in[slot]} into zeroed bytes. */
    void writeFrom(long[] in, byte[] buf, int base) {
        for (int k = 0; k < kind.length; k++) {
            write(k, buf, base, in[slot[k]]);
        }
    }

    /** @return the fields combined as one mask, each shifted left by its slot */
    long readMask(byte[] buf, int base) {
        long combined = 0;
        for (int k = 0; k < kind.length; k++) {
            combined |= read(k, buf, base) << slot[k];
        }
        return combined;
    }

    /** Writes each field from {@code combined} shifted right by its slot, into zeroed bytes. */
    void writeMask(long combined, byte[] buf, int base) {
        for (int k = 0; k < kind.length; k++) {
            write(k, buf, base, combined >>> slot[k]);
        }
    }

    @Override
    public String toString() {
        return "WireFields at bits " + Arrays.toString(bitOffset);
    }
}
