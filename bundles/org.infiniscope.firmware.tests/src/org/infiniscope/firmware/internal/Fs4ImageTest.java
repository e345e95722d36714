package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;
import org.infiniscope.firmware.ImageSpec;
import org.junit.jupiter.api.Test;

/** Images built by mkimage read back as built; broken ones are refused with the reason and the offset. */
class Fs4ImageTest {

    private static void same(ImageSpec spec, FirmwareImage i) {
        assertEquals("FS4", i.format());
        assertEquals(spec.version(), i.version());
        assertEquals(String.format("%x.%x.%x", spec.day(), spec.month(), spec.year()), i.releaseDate());
        assertEquals(spec.psid(), i.psid());
        assertEquals(spec.deviceId(), i.deviceId());
        assertEquals(spec.description(), i.description());
        assertEquals(spec.baseGuid(), i.baseGuid());
        assertEquals(spec.guids(), i.guids());
        assertEquals(spec.baseMac(), i.baseMac());
        assertEquals(spec.macs(), i.macs());
        assertEquals(spec.security(), i.security());
        assertEquals(List.of(), i.badSections());
    }

    @Test
    void builtImagesReadBackAsBuilt() throws Exception {
        for (ImageSpec spec : List.of(Images.HCA, Images.SWITCH, Images.SECURE)) {
            FirmwareImage i = Fs4Parser.parse(Fs4Builder.build(spec));
            same(spec, i);
            assertEquals(
                    List.of("HW_POINTERS", "TOOLS_AREA", "BOOT2", "ITOC_HEADER", "IMAGE_INFO", "MAIN_CODE",
                            "DTOC_HEADER", "MFG_INFO", "DEV_INFO"),
                    i.sections().stream().map(ImageSection::name).filter(n -> !n.contains(" entry ")).distinct()
                            .toList());
        }
    }

    @Test
    void anImageFoundAtALaterStartIsRead() throws Exception {
        byte[] image = Fs4Builder.build(Images.HCA);
        byte[] later = new byte[0x10000 + image.length];
        java.util.Arrays.fill(later, (byte) 0xFF);
        System.arraycopy(image, 0, later, 0x10000, image.length);
        assertEquals(Images.HCA.version(), Fs4Parser.parse(later).version());
    }

    @Test
    void aFlippedBitIsAWrongCrcOfThatSection() throws Exception {
        record Hit(int offset, String section) {
        }
        for (Hit h : List.of(new Hit(Fs4Builder.IMAGE_INFO + 0x30, "IMAGE_INFO"),
                new Hit(Fs4Builder.MAIN + 0x123, "MAIN_CODE"), new Hit(Fs4Builder.BOOT2 + 0x80, "BOOT2"),
                new Hit(Fs4Builder.TOOLS + 8, "TOOLS_AREA"), new Hit(Fs4Builder.DEV_INFO + 0x100, "DEV_INFO"),
                new Hit(Fs4Builder.ITOC + 0x10, "ITOC_HEADER"),
                new Hit(Fs4Builder.ITOC + 0x20 + 8, "ITOC entry IMAGE_INFO"))) {
            byte[] image = Fs4Builder.build(Images.HCA);
            image[h.offset()] ^= 0x04;
            FirmwareImage i = Fs4Parser.parse(image);
            assertEquals(List.of(h.section()), i.badSections().stream().map(ImageSection::name).toList(),
                    "a flip at 0x" + Integer.toHexString(h.offset()));
        }
    }

    private static ImageFormatException refused(byte[] image) {
        return assertThrows(ImageFormatException.class, () -> Fs4Parser.parse(image));
    }

    @Test
    void brokenStructureIsRefusedWithReasonAndOffset() {
        byte[] noMagic = Fs4Builder.build(Images.HCA);
        noMagic[3] = 0;
        assertEquals(0, refused(noMagic).offset());
        assertTrue(refused(noMagic).getMessage().contains("no FS4 magic"));

        byte[] format = Fs4Builder.build(Images.HCA);
        format[Fs4.BOOT_VERSION] = 7;
        ImageFormatException e = refused(format);
        assertEquals(Fs4.BOOT_VERSION, e.offset());
        assertTrue(e.getMessage().contains("image format version 7"), e.getMessage());

        byte[] pointer = Fs4Builder.build(Images.HCA);
        Be.put32(pointer, Fs4.HW_POINTERS + 8 * Fs4.PTR_TOC, 0x7FFF0000);
        e = refused(pointer);
        assertEquals(Fs4.HW_POINTERS + 8 * Fs4.PTR_TOC, e.offset());
        assertTrue(e.getMessage().contains("toc"), e.getMessage());

        byte[] boot2 = Fs4Builder.build(Images.HCA);
        Be.put32(boot2, Fs4Builder.BOOT2 + 4, 0x00FF_FFFF);
        e = refused(boot2);
        assertEquals(Fs4Builder.BOOT2 + 4, e.offset());
        assertTrue(e.getMessage().contains("boot2 size"), e.getMessage());

        byte[] itoc = Fs4Builder.build(Images.HCA);
        Be.put32(itoc, Fs4Builder.ITOC, 0x12345678);
        e = refused(itoc);
        assertTrue(e.getMessage().contains("no valid ITOC header"), e.getMessage());
        assertEquals(Fs4Builder.ITOC, e.offset());

        byte[] section = Fs4Builder.build(Images.HCA);
        int entry = Fs4Builder.ITOC + Fs4.TOC_HEADER_SIZE + Fs4.TOC_ENTRY_SIZE; // MAIN_CODE's entry
        Be.putBits(section, entry, 161, 29, 0x3FFF);
        e = refused(section);
        assertEquals(entry, e.offset());
        assertTrue(e.getMessage().contains("MAIN_CODE section at 0xfffc"), e.getMessage());

        byte[] truncated = java.util.Arrays.copyOf(Fs4Builder.build(Images.HCA), 0x2010);
        e = refused(truncated);
        assertTrue(e.getMessage().contains("points outside the image"), e.getMessage());

        byte[] fs3 = Fs4Builder.build(Images.HCA);
        for (int i = 0; i < 4; i++) {
            Be.put32(fs3, 4 * i, Fs4.FS3_MAGIC[i]);
        }
        assertTrue(refused(fs3).getMessage().contains("no FS4 magic pattern"), "FS3 is Fs3Parser's");
    }

    @Test
    void anEmptySectionIsRefusedAtItsEntry() {
        byte[] image = Fs4Builder.build(Images.HCA);
        int entry = Fs4Builder.ITOC + Fs4.TOC_HEADER_SIZE + Fs4.TOC_ENTRY_SIZE;
        Be.putBits(image, entry, 8, 22, 0);
        ImageFormatException e = refused(image);
        assertEquals(entry, e.offset());
        assertTrue(e.getMessage().contains("MAIN_CODE section has size 0"), e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }
}
