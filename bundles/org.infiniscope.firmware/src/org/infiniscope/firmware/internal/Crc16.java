package org.infiniscope.firmware.internal;

/**
 * The CRC-16 mstflint computes over image structures (polynomial 0x100B, initial value 0xFFFF, 32 bits a step
 * from each big-endian dword, 16 zero bits to finish, then inverted): section, ITOC entry, HW pointer and boot2
 * checksums all use it.
 */
final class Crc16 {

    private int crc = 0xFFFF;

    /** Adds one dword, most significant bit first. */
    void add(int dword) {
        int o = dword;
        for (int i = 0; i < 32; i++) {
            int next = (crc << 1 | o >>> 31) & 0xFFFF;
            crc = (crc & 0x8000) != 0 ? next ^ 0x100B : next;
            o <<= 1;
        }
    }

    /** @return the finished CRC */
    int finish() {
        for (int i = 0; i < 16; i++) {
            crc = (crc & 0x8000) != 0 ? (crc << 1 ^ 0x100B) & 0xFFFF : crc << 1 & 0xFFFF;
        }
        return crc ^ 0xFFFF;
    }

    /** @return the CRC of {@code dwords} big-endian dwords from {@code offset} */
    static int of(byte[] b, int offset, int dwords) {
        Crc16 c = new Crc16();
        for (int i = 0; i < dwords; i++) {
            c.add(Be.u32(b, offset + 4 * i));
        }
        return c.finish();
    }
}
