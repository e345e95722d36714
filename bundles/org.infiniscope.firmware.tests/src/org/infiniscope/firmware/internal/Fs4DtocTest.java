package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.junit.jupiter.api.Test;

/**
 * Where an FS4 image's DTOC is taken from: the last 4 KiB of the image, or (mstflint's DTOC address with a
 * non-zero dtoc_offset) {@code size / (2 x dtoc_offset) - 4 KiB}, as in a flash slot that is larger than the image
 * it holds; an image that ends with its ITOC's sections, or whose rest is erased, has no device data; data after the
 * ITOC's sections with no DTOC where FS4 places one is refused, with the reason and the offset.
 */
class Fs4DtocTest {

    private static byte[] padded(byte[] image, int size) {
        byte[] b = Arrays.copyOf(image, size);
        Arrays.fill(b, image.length, size, (byte) 0xFF);
        return b;
    }

    @Test
    void theDtocOfAnImageInALargerSlotIsFound() throws Exception {
        byte[] image = Fs4Builder.build(Images.HCA);
        for (int size : new int[]{0x10000, 0x20000, 0x40000, 0x80000, 0x100000}) {
            FirmwareImage i = Fs4Parser.parse(padded(image, size));
            assertEquals(Images.HCA.baseGuid(), i.baseGuid(), "slot of 0x" + Integer.toHexString(size));
            assertEquals(Images.HCA.baseMac(), i.baseMac());
            assertTrue(
                    i.sections().stream()
                            .anyMatch(s -> s.name().equals("DTOC_HEADER") && s.offset() == Fs4Builder.DTOC),
                    "the DTOC at 0xF000");
        }
    }

    @Test
    void aReducedOrErasedTailHasNoDeviceData() throws Exception {
        byte[] image = Fs4Builder.build(Images.HCA);
        FirmwareImage reduced = Fs4Parser.parse(Arrays.copyOf(image, Fs4Builder.MAIN + Fs4Builder.MAIN_SIZE));
        assertEquals(0, reduced.baseGuid());
        assertTrue(reduced.sections().stream().noneMatch(s -> s.name().startsWith("DTOC")));
        byte[] erased = image.clone();
        Arrays.fill(erased, Fs4Builder.MAIN + Fs4Builder.MAIN_SIZE, erased.length, (byte) 0xFF);
        assertEquals(0, Fs4Parser.parse(erased).baseGuid());
    }

    @Test
    void aDtocWhereFs4PlacesNoneIsRefused() {
        byte[] image = padded(Fs4Builder.build(Images.HCA), 0x30000);
        // 0x30000 / 2 - 0x1000 = 0x17000, 0x30000 / 4 - 0x1000 = 0xB000 ...: 0xF000 is none of them
        ImageFormatException e = assertThrows(ImageFormatException.class, () -> Fs4Parser.parse(image));
        assertTrue(e.getMessage().contains("no valid DTOC header where FS4 places one"), e.getMessage());
        assertEquals(0x2F000, e.offset());
        // moved into the last 4 KiB, it is found
        byte[] moved = padded(Fs4Builder.build(Images.HCA), 0x30000);
        System.arraycopy(moved, Fs4Builder.DTOC, moved, 0x2F000, 0x1000);
        Arrays.fill(moved, Fs4Builder.DTOC, Fs4Builder.DTOC + 0x1000, (byte) 0xFF);
        FirmwareImage i = assertDoesNotThrow(moved);
        assertEquals(Images.HCA.baseGuid(), i.baseGuid());
    }

    private static FirmwareImage assertDoesNotThrow(byte[] image) {
        try {
            return Fs4Parser.parse(image);
        } catch (ImageFormatException e) {
            throw new AssertionError("refused: " + e.getMessage(), e);
        }
    }
}
