package org.infiniscope.mad.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Big-endian accessors for the wire form of MADs. InfiniBand lays fields out most significant bit
 * first: a field is given by the bit offset of its most significant bit from the start of a structure and
 * its width, as in the IBA spec's attribute tables and libibmad's field tables.
 * <p>
 * Callers check bounds once per structure (see {@link #require}); these accessors then run without
 * allocating.
 */
public final class Bits {

    private static final VarHandle U16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Bits() {
    }

    public static int u8(byte[] buf, int offset) {
        return buf[offset] & 0xFF;
    }

    public static int u16(byte[] buf, int offset) {
        return (short) U16.get(buf, offset) & 0xFFFF;
    }

    /** @return the 32 bits as an int (callers that need it unsigned use {@link Integer#toUnsignedLong}) */
    public static int u32(byte[] buf, int offset) {
        return (int) U32.get(buf, offset);
    }

    public static long u64(byte[] buf, int offset) {
        return (long) U64.get(buf, offset);
    }

    public static void put8(byte[] buf, int offset, int value) {
        buf[offset] = (byte) value;
    }

    public static void put16(byte[] buf, int offset, int value) {
        U16.set(buf, offset, (short) value);
    }

    public static void put32(byte[] buf, int offset, int value) {
        U32.set(buf, offset, value);
    }

    public static void put64(byte[] buf, int offset, long value) {
        U64.set(buf, offset, value);
    }

    /**
     * Reads a field of at most 32 bits.
     *
     * @param base byte offset of the structure
     * @param bitOffset offset of the field's most significant bit from {@code base}, MSB first
     * @param width 1 to 32
     * @return the field, unsigned (a 32-bit field comes back as the int with the same bits)
     */
    public static int get(byte[] buf, int base, int bitOffset, int width) {
        int first = base + (bitOffset >>> 3);
        int spanBits = (bitOffset & 7) + width;
        int spanBytes = (spanBits + 7) >>> 3;
        long word = span(buf, first, spanBytes) >>> ((spanBytes << 3) - spanBits);
        return (int) (word & ((1L << width) - 1));
    }

    /** Writes a field of at most 32 bits; the bits around it are kept. See {@link #get}. */
    public static void set(byte[] buf, int base, int bitOffset, int width, int value) {
        int first = base + (bitOffset >>> 3);
        int spanBits = (bitOffset & 7) + width;
        int spanBytes = (spanBits + 7) >>> 3;
        long word = span(buf, first, spanBytes);
        int shift = (spanBytes << 3) - spanBits;
        long mask = ((1L << width) - 1) << shift;
        word = (word & ~mask) | (((long) value << shift) & mask);
        for (int i = spanBytes - 1; i >= 0; i--) {
            buf[first + i] = (byte) word;
            word >>>= 8;
        }
    }

    /** The bytes a field spans, as one big-endian number (at most 5 bytes: a 32-bit field off a byte boundary). */
    private static long span(byte[] buf, int first, int spanBytes) {
        long word = 0;
        for (int i = 0; i < spanBytes; i++) {
            word = (word << 8) | (buf[first + i] & 0xFF);
        }
        return word;
    }

    /**
     * Checks that {@code length} bytes from {@code offset} lie inside the buffer.
     *
     * @throws MadFormatException ({@link MadFormatException.Problem#TRUNCATED}) when they do not
     */
    public static void require(byte[] buf, int offset, int length, String what) throws MadFormatException {
        if (buf == null) {
            throw new MadFormatException(MadFormatException.Problem.TRUNCATED, 0, what + ": no bytes");
        }
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new MadFormatException(MadFormatException.Problem.TRUNCATED, offset,
                    what + " needs " + length + " bytes at offset " + offset + ", the buffer has " + buf.length);
        }
    }
}
