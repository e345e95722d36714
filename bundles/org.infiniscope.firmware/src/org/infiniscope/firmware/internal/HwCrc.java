package org.infiniscope.firmware.internal;

/**
 * The CRC the adapter's hardware checks over a HW pointer entry (its 4-byte pointer and the 2 high bytes of its CRC
 * dword): a reflected CRC-16 with polynomial 0xD008 (reflected form), initial value 0xFFFF, the first two bytes
 * inverted, the result byte-swapped. mstflint's verify accepts this or the image CRC ({@link Crc16}); images for
 * real hardware carry this one.
 */
final class HwCrc {

    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? c >>> 1 ^ 0xD008 : c >>> 1;
            }
            TABLE[i] = c;
        }
    }

    private HwCrc() {
    }

    /** @return the CRC of {@code length} bytes from {@code offset} */
    static int of(byte[] b, int offset, int length) {
        int crc = 0xFFFF;
        for (int i = 0; i < length; i++) {
            int data = (i > 1 ? b[offset + i] : ~b[offset + i]) & 0xFF;
            crc = crc >>> 8 ^ TABLE[(crc ^ data) & 0xFF];
        }
        return (crc << 8 & 0xFF00) | (crc >>> 8 & 0xFF);
    }
}
