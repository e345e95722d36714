package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;
import org.infiniscope.firmware.ImageSpec;
import org.junit.jupiter.api.Test;

/** FS3 images built by mkimage read back as built; broken ones show the bad section, or are refused with offset. */
class Fs3ImageTest {

    private static ImageFormatException refused(byte[] image) {
        return assertThrows(ImageFormatException.class, () -> Fs3Parser.parse(image));
    }

    @Test
    void builtImagesReadBackAsBuilt() throws Exception {
        for (ImageSpec spec : List.of(Images.HCA, Images.SWITCH, Images.SECURE)) {
            FirmwareImage i = new Fs3Format().parse(Fs3Builder.build(spec));
            assertEquals("FS3", i.format());
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
            assertEquals(
                    List.of("BOOT2", "ITOC_HEADER", "ITOC entry IMAGE_INFO", "IMAGE_INFO", "ITOC entry MAIN_CODE",
                            "MAIN_CODE", "ITOC entry MFG_INFO", "MFG_INFO", "ITOC entry DEV_INFO", "DEV_INFO"),
                    i.sections().stream().map(ImageSection::name).toList());
        }
        assertTrue(new Fs3Format().recognizes(Fs3Builder.build(Images.HCA)));
        assertEquals(false, new Fs4Format().recognizes(Fs3Builder.build(Images.HCA)));
        assertEquals(false, new Fs3Format().recognizes(Fs4Builder.build(Images.HCA)));
    }

    @Test
    void aFlippedBitIsAWrongCrcOfThatSection() throws Exception {
        for (int[] hit : new int[][]{{Fs3Builder.MAIN + 0x123, 0}, {Fs3Builder.IMAGE_INFO + 0x300, 1},
                {Fs3.BOOT_START + 0x20, 2}, {Fs3Builder.DEV_INFO + 0x100, 3}}) {
            byte[] image = Fs3Builder.build(Images.HCA);
            image[hit[0]] ^= 0x10;
            FirmwareImage i = Fs3Parser.parse(image);
            String expected = new String[]{"MAIN_CODE", "IMAGE_INFO", "BOOT2", "DEV_INFO"}[hit[1]];
            assertEquals(List.of(expected), i.badSections().stream().map(ImageSection::name).toList());
            assertTrue(ImageText.verify(i).contains("(" + expected + ") /0x"), ImageText.verify(i));
        }
        byte[] entry = Fs3Builder.build(Images.HCA);
        entry[Fs3Builder.ITOC + Fs4.TOC_HEADER_SIZE + Fs4.TOC_ENTRY_SIZE + 2] ^= 1; // MAIN_CODE's entry
        assertEquals(List.of("ITOC entry MAIN_CODE"),
                Fs3Parser.parse(entry).badSections().stream().map(ImageSection::name).toList());
    }

    @Test
    void brokenStructureIsRefusedWithTheReasonAndTheOffset() {
        byte[] boot2 = Fs3Builder.build(Images.HCA);
        Be.put32(boot2, Fs3.BOOT_START + 4, 0x7FFF_FFFF);
        ImageFormatException e = refused(boot2);
        assertEquals(Fs3.BOOT_START + 4, e.offset());
        assertTrue(e.getMessage().contains("boot2 size"), e.getMessage());

        byte[] itoc = Fs3Builder.build(Images.HCA);
        Be.put32(itoc, Fs3Builder.ITOC, 0x12345678);
        e = refused(itoc);
        assertTrue(e.getMessage().contains("no valid ITOC after boot2"), e.getMessage());

        byte[] section = Fs3Builder.build(Images.HCA);
        int entry = Fs3Builder.ITOC + Fs4.TOC_HEADER_SIZE + Fs4.TOC_ENTRY_SIZE;
        Be.putBits(section, entry, Fs3.ENTRY_ADDRESS_BIT, 29, 0x3FFF);
        Be.put32(section, entry + 28, Crc16.of(section, entry, 7));
        e = refused(section);
        assertEquals(entry, e.offset());
        assertTrue(e.getMessage().contains("MAIN_CODE section at 0xfffc"), e.getMessage());

        byte[] noMfg = Fs3Builder.build(Images.HCA);
        int mfgEntry = Fs3Builder.ITOC + Fs4.TOC_HEADER_SIZE + 2 * Fs4.TOC_ENTRY_SIZE;
        java.util.Arrays.fill(noMfg, mfgEntry, mfgEntry + Fs4.TOC_ENTRY_SIZE, (byte) 0xFF); // END in its place
        e = refused(noMfg);
        assertTrue(e.getMessage().contains("no MFG_INFO"), e.getMessage());
        assertEquals(mfgEntry, e.offset());

        assertTrue(refused(Fs4Builder.build(Images.HCA)).getMessage().contains("no FS3 magic"));
        assertTrue(refused(java.util.Arrays.copyOf(Fs3Builder.build(Images.HCA), 0x200)).getMessage()
                .contains("runs past the end"));
    }
}
