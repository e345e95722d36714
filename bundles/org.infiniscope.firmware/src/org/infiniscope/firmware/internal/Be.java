package org.infiniscope.firmware.internal;

import java.nio.charset.StandardCharsets;

/**
 * Big-endian fields as mstflint's image layouts describe them: bit offsets counted from the most significant bit
 * of the first big-endian dword; character arrays (PSID, VSD, description) start at the dword that holds their
 * start bit and run in byte order, as Debian's mstflint 4.21 reads them from an image file.
 */
final class Be {

    private Be() {
    }

    static int u32(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }

    static void put32(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static long u64(byte[] b, int at) {
        return (long) u32(b, at) << 32 | u32(b, at + 4) & 0xFFFF_FFFFL;
    }

    static void put64(byte[] b, int at, long v) {
        put32(b, at, (int) (v >>> 32));
        put32(b, at + 4, (int) v);
    }

    /** @return {@code width} bits (at most 32) from bit {@code bit}, counted from the MSB of byte {@code base} */
    static int bits(byte[] b, int base, int bit, int width) {
        int dword = u32(b, base + bit / 32 * 4);
        int shift = 32 - bit % 32 - width;
        return width == 32 ? dword : dword >>> shift & ((1 << width) - 1);
    }

    static void putBits(byte[] b, int base, int bit, int width, int value) {
        int at = base + bit / 32 * 4;
        if (width == 32) {
            put32(b, at, value);
            return;
        }
        int shift = 32 - bit % 32 - width;
        int mask = ((1 << width) - 1) << shift;
        put32(b, at, u32(b, at) & ~mask | value << shift & mask);
    }

    /** @return the byte of element {@code i} of a character array whose layout offset is bit {@code start} */
    static int arrayByte(int start, int i) {
        return (start >> 5 << 2) + i;
    }

    /** @return the ASCII string of an 8-bit array, up to its first NUL */
    static String string(byte[] b, int base, int start, int length) {
        byte[] s = new byte[length];
        int n = 0;
        for (int i = 0; i < length; i++) {
            byte c = b[base + arrayByte(start, i)];
            if (c == 0) {
                break;
            }
            s[n++] = c;
        }
        return new String(s, 0, n, StandardCharsets.ISO_8859_1);
    }

    static void putString(byte[] b, int base, int start, int length, String value) {
        byte[] s = value.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < length; i++) {
            b[base + arrayByte(start, i)] = i < s.length ? s[i] : 0;
        }
    }
}
