package org.infiniscope.firmware.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;

/**
 * Reads an FS4 image the way mstflint verifies one: magic, boot version, HW pointers (each with its CRC), tools
 * area, boot2, the ITOC and its sections, then the device data of the DTOC where FS4 places it (see {@link #dtoc()}). Every length and pointer is checked against the image before it is followed.
 */
final class Fs4Parser {

    private final byte[] b;
    private final int start;
    private final List<ImageSection> sections = new ArrayList<>();
    private final ImageFields fields = new ImageFields();
    private int imageEnd;

    private Fs4Parser(byte[] image, int start) {
        this.b = image;
        this.start = start;
    }

    /** @return the offset where an image with this magic starts, or -1 */
    static int findStart(byte[] image, int[] magic) {
        for (int s : Fs4.STARTS) {
            if (s + 16 > image.length) {
                break;
            }
            boolean match = true;
            for (int i = 0; i < 4 && match; i++) {
                match = Be.u32(image, s + 4 * i) == magic[i];
            }
            if (match) {
                return s;
            }
        }
        return -1;
    }

    static FirmwareImage parse(byte[] image) throws ImageFormatException {
        int start = findStart(image, Fs4.MAGIC);
        if (start < 0) {
            throw new ImageFormatException("no FS4 magic pattern at any image start", 0);
        }
        return new Fs4Parser(image, start).read();
    }

    private void need(long at, long length, String what) throws ImageFormatException {
        if (at < 0 || length < 0 || at + length > b.length) {
            throw new ImageFormatException(String.format("%s of 0x%x bytes runs past the end of the image (0x%x bytes)",
                    what, length, b.length), Math.max(0, Math.min(at, b.length)));
        }
    }

    private FirmwareImage read() throws ImageFormatException {
        need(start + Fs4.BOOT_VERSION, 4, "the boot version");
        int formatVersion = Be.bits(b, start + Fs4.BOOT_VERSION, 0, 8);
        if (formatVersion != Fs4.IMAGE_FORMAT_FS4) {
            throw new ImageFormatException(
                    "image format version " + formatVersion + " is not FS4's (" + Fs4.IMAGE_FORMAT_FS4 + ")",
                    start + Fs4.BOOT_VERSION);
        }
        int[] pointers = hwPointers();
        fields.securityVersion = pointers[Fs4.PTR_SECURITY_VERSION]; // the HW pointer holds the version itself
        int tools = pointers[Fs4.PTR_TOOLS];
        need(start + (long) tools, Fs4.TOOLS_AREA_SIZE, "the tools area");
        crcOver("TOOLS_AREA", -1, start + tools, Fs4.TOOLS_AREA_SIZE / 4 - 1,
                Be.u32(b, start + tools + Fs4.TOOLS_AREA_SIZE - 4) & 0xFFFF, Fs4.TOOLS_AREA_SIZE);
        boot2(start + pointers[Fs4.PTR_BOOT2]);
        int toc = start + pointers[Fs4.PTR_TOC];
        if (!tocHeaderValid(toc, Fs4.ITOC_ASCII)) {
            toc += Fs4.SECTOR; // the first ITOC may be empty; mstflint looks one sector further
            if (!tocHeaderValid(toc, Fs4.ITOC_ASCII)) {
                throw new ImageFormatException("no valid ITOC header", start + pointers[Fs4.PTR_TOC]);
            }
        }
        addTocHeader(toc, "ITOC_HEADER");
        entries(toc, false);
        if (pointers[Fs4.PTR_IMAGE_INFO] != 0 && fields.version.isEmpty()) {
            need(start + (long) pointers[Fs4.PTR_IMAGE_INFO], Fs4.IMAGE_INFO_SIZE, "IMAGE_INFO");
            fields.imageInfo(b, start + pointers[Fs4.PTR_IMAGE_INFO]);
        }
        if (fields.version.isEmpty()) {
            throw new ImageFormatException("no IMAGE_INFO section: the image has no version", toc);
        }
        int dtoc = dtoc();
        if (dtoc >= 0) {
            addTocHeader(dtoc, "DTOC_HEADER");
            entries(dtoc, true);
        }
        return fields.image("FS4", sections);
    }

    /** The dtoc_offset values mstflint's DTOC address takes (size / (2 * dtoc_offset) - 4 KiB), 0 for none. */
    static final int MAX_DTOC_OFFSET = 8;

    /**
     * Where the DTOC is, as FS4 places it: in the last 4 KiB of the image (or flash) it belongs to, which is the
     * whole, or, when IMAGE_INFO's dtoc_offset is non-zero, its {@code 1 / (2 * dtoc_offset)} part ({@code size /
     * (2 * dtoc_offset) - 0x1000}: the device data of a slot within a larger flash or file). Every such place after
     * the ITOC's sections is tried, the last 4 KiB first.
     *
     * @return the DTOC's offset, or -1 when the image has none: it ends with its ITOC's sections (a reduced image) or
     *         all that follows them is erased
     * @throws ImageFormatException when data follows the ITOC's sections but no place FS4 allows holds a DTOC
     */
    private int dtoc() throws ImageFormatException {
        if (b.length <= imageEnd) {
            return -1;
        }
        int last = b.length - Fs4.SECTOR;
        if (last >= imageEnd && tocHeaderValid(last, Fs4.DTOC_ASCII)) {
            return last;
        }
        for (int k = 1; k <= MAX_DTOC_OFFSET; k++) {
            int at = b.length / (2 * k) - Fs4.SECTOR;
            if (at >= imageEnd && at % Fs4.SECTOR == 0 && tocHeaderValid(at, Fs4.DTOC_ASCII)) {
                return at;
            }
        }
        for (int i = imageEnd; i < b.length; i++) {
            if (b[i] != (byte) 0xFF) {
                throw new ImageFormatException(String.format(
                        "no valid DTOC header where FS4 places one (0x%x, the image's last 4 KiB, or its size / "
                                + "(2 x dtoc_offset) - 4 KiB), though data follows the ITOC's sections at 0x%x",
                        Math.max(last, 0), i), Math.max(last, 0));
            }
        }
        return -1;
    }

    private int[] hwPointers() throws ImageFormatException {
        int at = start + Fs4.HW_POINTERS;
        need(at, Fs4.HW_POINTERS_SIZE, "the HW pointers");
        int[] pointers = new int[Fs4.HW_POINTER_NAMES.length];
        for (int i = 0; i < pointers.length; i++) {
            int entry = at + 8 * i;
            int ptr = Be.u32(b, entry);
            if (ptr == -1) {
                continue; // absent
            }
            pointers[i] = ptr;
            int stored = Be.u32(b, entry + 4);
            // the hardware's CRC, or the image CRC that some devices use instead (mstflint accepts either)
            int computed = stored == Crc16.of(b, entry, 1) ? stored : HwCrc.of(b, entry, 6);
            sections.add(new ImageSection("HW_POINTERS", -1, entry, 8, stored, computed));
            if (i != Fs4.PTR_SECURITY_VERSION && ptr != 0 && (ptr < 0 || (long) start + ptr >= b.length)) {
                throw new ImageFormatException(
                        String.format("HW pointer %s (0x%x) points outside the image", Fs4.HW_POINTER_NAMES[i], ptr),
                        entry);
            }
        }
        for (int required : new int[]{Fs4.PTR_BOOT2, Fs4.PTR_TOC, Fs4.PTR_TOOLS}) {
            if (pointers[required] == 0) {
                throw new ImageFormatException("HW pointer " + Fs4.HW_POINTER_NAMES[required] + " is missing",
                        at + 8 * required);
            }
        }
        return pointers;
    }

    private void crcOver(String name, int type, int at, int dwords, int stored, int length) {
        sections.add(new ImageSection(name, type, at, length, stored, Crc16.of(b, at, dwords)));
    }

    private void boot2(int at) throws ImageFormatException {
        need(at, 8, "the boot2 header");
        long size = Be.u32(b, at + 4) & 0xFFFF_FFFFL;
        if (size < 4 || size > 1 << 20) {
            throw new ImageFormatException("boot2 size 0x" + Long.toHexString(size) + " dwords is not 4 to 1 Mi",
                    at + 4);
        }
        int dwords = (int) size + 4;
        need(at, 4L * dwords, "boot2");
        Crc16 crc = new Crc16();
        for (int i = 0; i < dwords - 1; i++) {
            crc.add(Be.u32(b, at + 4 * i));
        }
        sections.add(new ImageSection("BOOT2", -1, at, 4 * dwords, Be.u32(b, at + 4 * (dwords - 1)), crc.finish()));
    }

    private boolean tocHeaderValid(int at, int ascii) {
        return tocSignature(b, at, ascii);
    }

    /** @return whether a TOC header with this first signature (ITOC or DTOC) and the fixed ones starts there */
    static boolean tocSignature(byte[] b, int at, int ascii) {
        if (at < 0 || at + Fs4.TOC_HEADER_SIZE > b.length) {
            return false;
        }
        if (Be.u32(b, at) != ascii) {
            return false;
        }
        for (int i = 0; i < 3; i++) {
            if (Be.u32(b, at + 4 + 4 * i) != Fs4.TOC_RAND[i]) {
                return false;
            }
        }
        return true;
    }

    private void addTocHeader(int at, String name) {
        crcOver(name, -1, at, Fs4.TOC_HEADER_SIZE / 4 - 1, Be.u32(b, at + 28) & 0xFFFF, Fs4.TOC_HEADER_SIZE);
    }

    private void entries(int toc, boolean dtoc) throws ImageFormatException {
        for (int i = 0; i < Fs4.MAX_TOC_ENTRIES; i++) {
            int e = toc + Fs4.TOC_HEADER_SIZE + i * Fs4.TOC_ENTRY_SIZE;
            need(e, Fs4.TOC_ENTRY_SIZE, "TOC entry " + i);
            int type = Be.bits(b, e, 0, 8);
            if (type == Fs4.TYPE_END) {
                return;
            }
            String name = Fs4.sectionName(type);
            sections.add(new ImageSection((dtoc ? "DTOC" : "ITOC") + " entry " + name, type, e, Fs4.TOC_ENTRY_SIZE,
                    Be.u32(b, e + 28) & 0xFFFF, Crc16.of(b, e, 7)));
            long size = 4L * Be.bits(b, e, 8, 22);
            long addr = 4L * Be.bits(b, e, 161, 29) + (dtoc ? 0 : start);
            int crcMode = Be.bits(b, e, 205, 3);
            if (size == 0) {
                throw new ImageFormatException(name + " section has size 0", e);
            }
            if (addr + size > b.length) {
                throw new ImageFormatException(String.format(
                        "%s section at 0x%x of 0x%x bytes runs past the end of " + "the image (0x%x bytes)", name, addr,
                        size, b.length), e);
            }
            int at = (int) addr;
            int len = (int) size;
            if (!dtoc) {
                imageEnd = Math.max(imageEnd, at + len);
            }
            switch (crcMode) {
                case Fs4.CRC_IN_ENTRY -> sections
                        .add(new ImageSection(name, type, at, len, Be.bits(b, e, 208, 16), Crc16.of(b, at, len / 4)));
                case Fs4.CRC_IN_SECTION -> sections.add(new ImageSection(name, type, at, len,
                        Be.u32(b, at + len - 4) & 0xFFFF, Crc16.of(b, at, len / 4 - 1)));
                case Fs4.CRC_NONE -> sections.add(new ImageSection(name, type, at, len, -1, -1));
                default -> throw new ImageFormatException(
                        name + " entry has CRC mode " + crcMode + " (0 in entry, 1 none, 2 in section)", e + 24);
            }
            switch (type) {
                case Fs4.TYPE_IMAGE_INFO -> fields.imageInfo(b, at, len, e);
                case Fs4.TYPE_MFG_INFO -> fields.mfgInfo(b, at, len, e);
                case Fs4.TYPE_DEV_INFO -> fields.devInfo(b, at, len, e);
                default -> {
                    // code and configuration: only their CRC matters here
                }
            }
        }
        throw new ImageFormatException("TOC has no END entry within " + Fs4.MAX_TOC_ENTRIES + " entries", toc);
    }
}
