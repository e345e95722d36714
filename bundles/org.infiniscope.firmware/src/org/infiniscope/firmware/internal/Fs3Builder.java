package org.infiniscope.firmware.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.infiniscope.firmware.ImageSpec;

/**
 * Builds an FS3 image (the ConnectX-4 generation's layout) for tests and the simulator, laid out as mstflint
 * expects one, every CRC computed as it computes them. The code section holds a deterministic stand-in.
 *
 * <pre>
 * 0x0000 magic and boot record, 0x0038 boot2 (1 KiB), 0x1000 ITOC, 0x2000 IMAGE_INFO,
 * 0x3000 MAIN_CODE (8 KiB), 0xE000 MFG_INFO (device data), 0xE400 DEV_INFO (device data)   (64 KiB in all)
 * </pre>
 */
public final class Fs3Builder {

    static final int SIZE = 0x10000;
    static final int BOOT2_DWORDS = 0x100;
    static final int ITOC = 0x1000;
    static final int IMAGE_INFO = 0x2000;
    static final int MAIN = 0x3000;
    static final int MAIN_SIZE = 0x2000;
    static final int MFG_INFO = 0xE000;
    static final int DEV_INFO = 0xE400;

    private Fs3Builder() {
    }

    /** @return a valid FS3 image of {@link #SIZE} bytes */
    public static byte[] build(ImageSpec spec) {
        byte[] b = new byte[SIZE];
        Arrays.fill(b, (byte) 0xFF);
        Arrays.fill(b, 0, Fs3.BOOT_START, (byte) 0);
        for (int i = 0; i < 4; i++) {
            Be.put32(b, 4 * i, Fs4.FS3_MAGIC[i]);
        }
        Be.put32(b, Fs3.FORMAT_VERSION, Fs3.IMAGE_FORMAT_FS3 << 24);
        // the preboot's CRC in its last dword (mstflint does not check it; the boot ROM would)
        Be.put32(b, Fs3.BOOT_START - 4, Crc16.of(b, 0, Fs3.BOOT_START / 4 - 1));
        boot2(b);
        Fs4Builder.imageInfo(b, IMAGE_INFO, spec);
        byte[] code = "INFINISCOPE SIMULATED FS3 CODE. ".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < MAIN_SIZE; i++) {
            b[MAIN + i] = (byte) (code[i % code.length] ^ (i >>> 6));
        }
        Fs4Builder.mfgInfo(b, MFG_INFO, spec);
        Fs4Builder.devInfo(b, DEV_INFO, spec);
        int e = Fs4Builder.toc(b, ITOC, Fs4.ITOC_ASCII);
        e = entry(b, e, Fs4.TYPE_IMAGE_INFO, IMAGE_INFO, Fs4.IMAGE_INFO_SIZE, false);
        e = entry(b, e, Fs4.TYPE_MAIN_CODE, MAIN, MAIN_SIZE, false);
        e = entry(b, e, Fs4.TYPE_MFG_INFO, MFG_INFO, Fs4.MFG_INFO_SIZE, true);
        e = entry(b, e, Fs4.TYPE_DEV_INFO, DEV_INFO, Fs4.DEV_INFO_SIZE, true);
        Fs4Builder.end(b, e);
        return b;
    }

    private static void boot2(byte[] b) {
        int at = Fs3.BOOT_START;
        Be.put32(b, at, 0);
        Be.put32(b, at + 4, BOOT2_DWORDS - 4);
        for (int i = 2; i < BOOT2_DWORDS - 1; i++) {
            Be.put32(b, at + 4 * i, 0x1B30_0000 + i);
        }
        Be.put32(b, at + 4 * (BOOT2_DWORDS - 1), Crc16.of(b, at, BOOT2_DWORDS - 1));
    }

    /** An ITOC entry: image sections relative to the image start, device data at flash (file) addresses. */
    private static int entry(byte[] b, int e, int type, int address, int size, boolean deviceData) {
        Arrays.fill(b, e, e + Fs4.TOC_ENTRY_SIZE, (byte) 0);
        Be.putBits(b, e, 0, 8, type);
        Be.putBits(b, e, 8, 22, size / 4);
        Be.putBits(b, e, Fs3.ENTRY_RELATIVE_BIT, 1, deviceData ? 0 : 1);
        Be.putBits(b, e, Fs3.ENTRY_ADDRESS_BIT, 29, address / 4);
        Be.putBits(b, e, Fs3.ENTRY_DEVICE_DATA_BIT, 1, deviceData ? 1 : 0);
        Be.putBits(b, e, Fs3.ENTRY_CRC_BIT, 16, Crc16.of(b, address, size / 4));
        Be.put32(b, e + 28, Crc16.of(b, e, 7));
        return e + Fs4.TOC_ENTRY_SIZE;
    }
}
