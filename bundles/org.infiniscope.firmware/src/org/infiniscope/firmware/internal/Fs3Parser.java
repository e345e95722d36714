package org.infiniscope.firmware.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;

/**
 * Reads an FS3 image the way mstflint verifies one: magic, boot2 and its CRC, then the first 4 KiB boundary after
 * boot2 that holds an ITOC signature, its header CRC, each entry's CRC and each section's CRC (unless the entry says
 * it has none). IMAGE_INFO, MFG_INFO and DEV_INFO have the layouts FS4 inherited, so they are read as FS4's are.
 * Every length and pointer is checked against the image before it is followed.
 */
final class Fs3Parser {

    private final byte[] b;
    private final int start;
    private final List<ImageSection> sections = new ArrayList<>();
    private final ImageFields fields = new ImageFields();

    private Fs3Parser(byte[] image, int start) {
        this.b = image;
        this.start = start;
    }

    static FirmwareImage parse(byte[] image) throws ImageFormatException {
        int start = Fs4Parser.findStart(image, Fs4.FS3_MAGIC);
        if (start < 0) {
            throw new ImageFormatException("no FS3 magic pattern at any image start", 0);
        }
        return new Fs3Parser(image, start).read();
    }

    private void need(long at, long length, String what) throws ImageFormatException {
        if (at < 0 || length < 0 || at + length > b.length) {
            throw new ImageFormatException(String.format("%s of 0x%x bytes runs past the end of the image (0x%x bytes)",
                    what, length, b.length), Math.max(0, Math.min(at, b.length)));
        }
    }

    private FirmwareImage read() throws ImageFormatException {
        need(start + Fs3.FORMAT_VERSION, 4, "the image format version");
        int formatVersion = Be.bits(b, start + Fs3.FORMAT_VERSION, 0, 8);
        if (formatVersion != Fs3.IMAGE_FORMAT_FS3) {
            throw new ImageFormatException("image format version " + formatVersion + " is not FS3's ("
                    + Fs3.IMAGE_FORMAT_FS3 + "; 0 is FS2, which is not read)", start + Fs3.FORMAT_VERSION);
        }
        int boot2 = start + Fs3.BOOT_START;
        int boot2Bytes = boot2(boot2);
        int toc = boot2 + boot2Bytes;
        toc = (toc + Fs4.SECTOR - 1) / Fs4.SECTOR * Fs4.SECTOR;
        boolean found = false;
        for (; toc + Fs4.TOC_HEADER_SIZE <= b.length; toc += Fs4.SECTOR) {
            if (Fs4Parser.tocSignature(b, toc, Fs4.ITOC_ASCII)) {
                found = true;
                break;
            }
        }
        if (!found) {
            throw new ImageFormatException("no valid ITOC after boot2 (searched every 4 KiB boundary)",
                    Math.min(boot2 + boot2Bytes, b.length));
        }
        sections.add(new ImageSection("ITOC_HEADER", -1, toc, Fs4.TOC_HEADER_SIZE, Be.u32(b, toc + 28) & 0xFFFF,
                Crc16.of(b, toc, Fs4.TOC_HEADER_SIZE / 4 - 1)));
        entries(toc);
        if (fields.version.isEmpty()) {
            throw new ImageFormatException("no IMAGE_INFO section: the image has no version", toc);
        }
        return fields.image("FS3", sections);
    }

    private int boot2(int at) throws ImageFormatException {
        need(at, 8, "the boot2 header");
        long size = Be.u32(b, at + 4) & 0xFFFF_FFFFL;
        if (size < 4 || size > 1 << 20) {
            throw new ImageFormatException("boot2 size 0x" + Long.toHexString(size) + " dwords is not 4 to 1 Mi",
                    at + 4);
        }
        int dwords = (int) size + 4;
        need(at, 4L * dwords, "boot2");
        sections.add(new ImageSection("BOOT2", -1, at, 4 * dwords, Be.u32(b, at + 4 * (dwords - 1)),
                Crc16.of(b, at, dwords - 1)));
        return 4 * dwords;
    }

    private void entries(int toc) throws ImageFormatException {
        boolean mfg = false;
        for (int i = 0; i < Fs4.MAX_TOC_ENTRIES; i++) {
            int e = toc + Fs4.TOC_HEADER_SIZE + i * Fs4.TOC_ENTRY_SIZE;
            need(e, Fs4.TOC_ENTRY_SIZE, "ITOC entry " + i);
            int type = Be.bits(b, e, 0, 8);
            if (type == Fs4.TYPE_END) {
                if (!mfg) {
                    throw new ImageFormatException("the ITOC has no MFG_INFO section", e);
                }
                return;
            }
            String name = Fs4.sectionName(type);
            ImageSection entry = new ImageSection("ITOC entry " + name, type, e, Fs4.TOC_ENTRY_SIZE,
                    Be.u32(b, e + 28) & 0xFFFF, Crc16.of(b, e, 7));
            sections.add(entry);
            if (!entry.crcOk()) {
                return; // mstflint stops at a bad entry: its fields cannot be trusted
            }
            long size = 4L * Be.bits(b, e, 8, 22);
            boolean relative = Be.bits(b, e, Fs3.ENTRY_RELATIVE_BIT, 1) != 0;
            long addr = 4L * Be.bits(b, e, Fs3.ENTRY_ADDRESS_BIT, 29) + (relative ? start : 0);
            if (size == 0) {
                throw new ImageFormatException(name + " section has size 0", e);
            }
            if (addr + size > b.length) {
                throw new ImageFormatException(
                        String.format("%s section at 0x%x of 0x%x bytes runs past the end of the image (0x%x bytes)",
                                name, addr, size, b.length),
                        e);
            }
            int at = (int) addr;
            int len = (int) size;
            if (Be.bits(b, e, Fs3.ENTRY_NO_CRC_BIT, 1) != 0) {
                sections.add(new ImageSection(name, type, at, len, -1, -1));
            } else {
                sections.add(new ImageSection(name, type, at, len, Be.bits(b, e, Fs3.ENTRY_CRC_BIT, 16),
                        Crc16.of(b, at, len / 4)));
            }
            switch (type) {
                case Fs4.TYPE_IMAGE_INFO -> fields.imageInfo(b, at, len, e);
                case Fs4.TYPE_MFG_INFO -> {
                    mfg = true;
                    fields.mfgInfo(b, at, len, e);
                }
                case Fs4.TYPE_DEV_INFO -> fields.devInfo(b, at, len, e);
                default -> {
                    // code and configuration: only their CRC matters here
                }
            }
        }
        throw new ImageFormatException("the ITOC has no END entry within " + Fs4.MAX_TOC_ENTRIES + " entries", toc);
    }
}
