package org.infiniscope.firmware.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.infiniscope.firmware.ImageSpec;

/**
 * Builds an FS4 image for the simulated adapters, laid out as mstflint expects one (every CRC computed as it
 * computes them). The code sections hold a deterministic stand-in, not firmware.
 *
 * <pre>
 * 0x0000 magic, 0x0010 boot version, 0x0018 HW pointers, 0x0500 tools area,
 * 0x1000 boot2, 0x2000 ITOC, 0x3000 IMAGE_INFO, 0x4000 MAIN_CODE (8 KiB),
 * 0xE000 MFG_INFO, 0xE400 DEV_INFO, 0xF000 DTOC          (64 KiB in all)
 * </pre>
 */
public final class Fs4Builder {

    static final int SIZE = 0x10000;
    static final int TOOLS = 0x500;
    static final int BOOT2 = 0x1000;
    static final int BOOT2_DWORDS = 0x400;
    static final int ITOC = 0x2000;
    static final int IMAGE_INFO = 0x3000;
    static final int MAIN = 0x4000;
    static final int MAIN_SIZE = 0x2000;
    static final int MFG_INFO = 0xE000;
    static final int DEV_INFO = 0xE400;
    static final int DTOC = 0xF000;

    private Fs4Builder() {
    }

    /** @return a valid FS4 image of {@link #SIZE} bytes */
    public static byte[] build(ImageSpec spec) {
        byte[] b = new byte[SIZE];
        Arrays.fill(b, (byte) 0xFF);
        for (int i = 0; i < 4; i++) {
            Be.put32(b, 4 * i, Fs4.MAGIC[i]);
        }
        Be.put32(b, Fs4.BOOT_VERSION, Fs4.IMAGE_FORMAT_FS4 << 24);
        Be.put32(b, Fs4.BOOT_VERSION + 4, 0);
        for (int i = 0; i < Fs4.HW_POINTER_NAMES.length; i++) {
            int ptr = switch (i) {
                case Fs4.PTR_BOOT2 -> BOOT2;
                case Fs4.PTR_TOC -> ITOC;
                case Fs4.PTR_TOOLS -> TOOLS;
                case Fs4.PTR_IMAGE_INFO -> IMAGE_INFO;
                default -> 0;
            };
            int at = Fs4.HW_POINTERS + 8 * i;
            Be.put32(b, at, ptr);
            Be.put32(b, at + 4, 0);
            Be.put32(b, at + 4, HwCrc.of(b, at, 6));
        }
        toolsArea(b);
        boot2(b);
        imageInfo(b, spec);
        byte[] code = "INFINISCOPE SIMULATED MAIN CODE ".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < MAIN_SIZE; i++) {
            b[MAIN + i] = (byte) (code[i % code.length] ^ (i >>> 5));
        }
        int e = toc(b, ITOC, Fs4.ITOC_ASCII);
        e = entry(b, e, Fs4.TYPE_IMAGE_INFO, IMAGE_INFO, Fs4.IMAGE_INFO_SIZE, Fs4.CRC_IN_ENTRY);
        e = entry(b, e, Fs4.TYPE_MAIN_CODE, MAIN, MAIN_SIZE, Fs4.CRC_IN_ENTRY);
        end(b, e);
        mfgInfo(b, spec);
        devInfo(b, spec);
        e = toc(b, DTOC, Fs4.DTOC_ASCII);
        e = entry(b, e, Fs4.TYPE_MFG_INFO, MFG_INFO, Fs4.MFG_INFO_SIZE, Fs4.CRC_IN_ENTRY);
        e = entry(b, e, Fs4.TYPE_DEV_INFO, DEV_INFO, Fs4.DEV_INFO_SIZE, Fs4.CRC_IN_SECTION);
        end(b, e);
        return b;
    }

    private static void toolsArea(byte[] b) {
        Arrays.fill(b, TOOLS, TOOLS + Fs4.TOOLS_AREA_SIZE, (byte) 0);
        Be.putBits(b, TOOLS, 32, 16, 0x14); // log2 of the slot size (1 MiB)
        Be.put32(b, TOOLS + Fs4.TOOLS_AREA_SIZE - 4, Crc16.of(b, TOOLS, Fs4.TOOLS_AREA_SIZE / 4 - 1));
    }

    private static void boot2(byte[] b) {
        int size = BOOT2_DWORDS - 4;
        Be.put32(b, BOOT2, 0x0000_0000);
        Be.put32(b, BOOT2 + 4, size);
        for (int i = 2; i < BOOT2_DWORDS - 1; i++) {
            Be.put32(b, BOOT2 + 4 * i, 0x1B00_0000 + i);
        }
        Crc16 crc = new Crc16();
        for (int i = 0; i < BOOT2_DWORDS - 1; i++) {
            crc.add(Be.u32(b, BOOT2 + 4 * i));
        }
        Be.put32(b, BOOT2 + 4 * (BOOT2_DWORDS - 1), crc.finish());
    }

    static void imageInfo(byte[] b, ImageSpec s) {
        imageInfo(b, IMAGE_INFO, s);
    }

    static void imageInfo(byte[] b, int at, ImageSpec s) {
        Arrays.fill(b, at, at + Fs4.IMAGE_INFO_SIZE, (byte) 0);
        Be.putBits(b, at, 16, 1, s.security().contains("secure-fw") ? 1 : 0);
        Be.putBits(b, at, 17, 1, s.security().contains("signed-fw") ? 1 : 0);
        Be.putBits(b, at, 18, 1, s.security().contains("debug") ? 1 : 0);
        Be.putBits(b, at + 4, 0, 16, s.major());
        Be.putBits(b, at + 4, 32, 16, s.minor());
        Be.putBits(b, at + 4, 48, 16, s.subMinor());
        Be.putBits(b, at + 4, 96, 16, s.year());
        Be.putBits(b, at + 4, 112, 8, s.month());
        Be.putBits(b, at + 4, 120, 8, s.day());
        Be.putBits(b, at, 224, 16, s.deviceId());
        Be.putBits(b, at, 240, 16, 0x15B3);
        Be.putString(b, at, 312, 16, s.psid());
        Be.put32(b, at + 280, hardwareId(s.deviceId())); // supported_hw_id[0]
        Be.putString(b, at, 3736, 256, s.description());
    }

    /**
     * @return the hardware ID (what CR-space 0xF0014 holds) of a PCI device ID, as mstflint knows them; 0 for one
     *         it does not
     */
    static int hardwareId(int deviceId) {
        return switch (deviceId) {
            case 0x1013 -> 0x209; // ConnectX-4
            case 0x1015 -> 0x20B; // ConnectX-4 Lx
            case 0x1017, 0x1019 -> 0x20D; // ConnectX-5 (Ex)
            case 0x101B -> 0x20F; // ConnectX-6
            case 0xCF08 -> 0x24B; // Switch-IB 2
            default -> 0;
        };
    }

    private static void uids(byte[] b, int at, ImageSpec s) {
        Be.putBits(b, at, 24, 8, s.guids() & 0xFF);
        Be.putBits(b, at, 8, 8, s.guids() >>> 8);
        Be.putBits(b, at, 16, 8, 1); // step
        Be.put64(b, at + 8, s.baseGuid());
        Be.putBits(b, at + 16, 24, 8, s.macs() & 0xFF);
        Be.putBits(b, at + 16, 8, 8, s.macs() >>> 8);
        Be.putBits(b, at + 16, 16, 8, 1);
        Be.put64(b, at + 24, s.baseMac());
    }

    static void mfgInfo(byte[] b, ImageSpec s) {
        mfgInfo(b, MFG_INFO, s);
    }

    static void mfgInfo(byte[] b, int at, ImageSpec s) {
        Arrays.fill(b, at, at + Fs4.MFG_INFO_SIZE, (byte) 0);
        Be.putString(b, at, 24, 16, s.psid());
        Be.putBits(b, at, 224, 8, 1); // format version 1.0
        uids(b, at + 32, s);
    }

    static void devInfo(byte[] b, ImageSpec s) {
        devInfo(b, DEV_INFO, s);
        Be.put32(b, DEV_INFO + Fs4.DEV_INFO_SIZE - 4, Crc16.of(b, DEV_INFO, Fs4.DEV_INFO_SIZE / 4 - 1));
    }

    /** DEV_INFO without the CRC in its last dword (FS4 keeps one there, FS3 in the ITOC entry). */
    static void devInfo(byte[] b, int at, ImageSpec s) {
        Arrays.fill(b, at, at + Fs4.DEV_INFO_SIZE, (byte) 0);
        for (int i = 0; i < 4; i++) {
            Be.put32(b, at + 4 * i, Fs4.DEV_INFO_SIGNATURE[i]);
        }
        Be.putBits(b, at, 143, 9, 2); // format version 2.0
        uids(b, at + 32, s);
    }

    static int toc(byte[] b, int at, int ascii) {
        Arrays.fill(b, at, at + Fs4.TOC_HEADER_SIZE, (byte) 0);
        Be.put32(b, at, ascii);
        for (int i = 0; i < 3; i++) {
            Be.put32(b, at + 4 + 4 * i, Fs4.TOC_RAND[i]);
        }
        Be.putBits(b, at, 152, 8, 0); // version
        Be.put32(b, at + 28, Crc16.of(b, at, 7));
        return at + Fs4.TOC_HEADER_SIZE;
    }

    private static int entry(byte[] b, int e, int type, int address, int size, int crcMode) {
        Arrays.fill(b, e, e + Fs4.TOC_ENTRY_SIZE, (byte) 0);
        Be.putBits(b, e, 0, 8, type);
        Be.putBits(b, e, 8, 22, size / 4);
        Be.putBits(b, e, 161, 29, address / 4);
        Be.putBits(b, e, 205, 3, crcMode);
        if (crcMode == Fs4.CRC_IN_ENTRY) {
            Be.putBits(b, e, 208, 16, Crc16.of(b, address, size / 4));
        }
        Be.put32(b, e + 28, Crc16.of(b, e, 7));
        return e + Fs4.TOC_ENTRY_SIZE;
    }

    static void end(byte[] b, int e) {
        Arrays.fill(b, e, e + Fs4.TOC_ENTRY_SIZE, (byte) 0xFF);
    }
}
