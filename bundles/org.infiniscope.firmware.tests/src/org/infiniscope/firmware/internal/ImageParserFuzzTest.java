package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated images: the parser answers each with an image (whose CRCs may be wrong) or a clear refusal
 * carrying an offset inside the image, never with anything else. The parsers are called directly (FS4 or FS3 by the magic), not through
 * {@link Fs4Format}, whose safety net would hide a slip. The long run ({@code -Dinfiniscope.fuzz.cases=N}) lives in
 * bench; the default is a few thousand cases.
 */
class ImageParserFuzzTest {

    private static final int CASES = Integer.getInteger("infiniscope.fuzz.cases", 4000);

    private static int[] outcome = new int[2];

    private static void check(byte[] image, String what) {
        try {
            FirmwareImage i = BuiltInFormats.parse(image);
            assertTrue(i.version().matches("\\d+\\.\\d+\\.\\d+"), what);
            outcome[0]++;
        } catch (ImageFormatException e) {
            assertTrue(e.offset() >= 0 && (e.offset() <= image.length), what + ": offset " + e.offset());
            assertTrue(e.getMessage().contains("offset 0x"), e.getMessage());
            outcome[1]++;
        } catch (RuntimeException e) {
            fail(what + ": " + e, e);
        }
    }

    @Test
    void randomBytesAreRefused() {
        SplittableRandom r = new SplittableRandom(20261129);
        for (int n = 0; n < CASES / 4; n++) {
            byte[] image = new byte[r.nextInt(0, 0x12000)];
            r.nextBytes(image);
            if (r.nextBoolean() && image.length >= 16) { // a magic, so that the parser goes further
                int[] magic = r.nextBoolean() ? Fs4.MAGIC : Fs4.FS3_MAGIC;
                for (int i = 0; i < 4; i++) {
                    Be.put32(image, 4 * i, magic[i]);
                }
            }
            check(image, "random image " + n);
        }
    }

    @Test
    void mutatedImagesAreReadOrRefused() {
        SplittableRandom r = new SplittableRandom(10);
        byte[] valid = Fs4Builder.build(Images.SECURE);
        // the structures a mutation should hit most: header, pointers, tools, boot2 header, TOCs and their entries
        int[] hot = {0, Fs4.HW_POINTERS, Fs4Builder.TOOLS, Fs4Builder.BOOT2, Fs4Builder.ITOC, Fs4Builder.IMAGE_INFO,
                Fs4Builder.DTOC, Fs4Builder.DEV_INFO, Fs4Builder.MFG_INFO};
        outcome = new int[2];
        for (int n = 0; n < CASES; n++) {
            byte[] image = valid.clone();
            int mutations = 1 + r.nextInt(8);
            for (int m = 0; m < mutations; m++) {
                int at = r.nextBoolean() ? hot[r.nextInt(hot.length)] + r.nextInt(0x100) : r.nextInt(image.length);
                at = Math.min(at, image.length - 4) & ~3;
                switch (r.nextInt(4)) {
                    case 0 -> image[at + r.nextInt(4)] ^= (byte) (1 << r.nextInt(8));
                    case 1 -> Be.put32(image, at, r.nextInt());
                    case 2 -> Be.put32(image, at, r.nextBoolean() ? -1 : 0);
                    default -> image = Arrays.copyOf(image, r.nextInt(image.length));
                }
                if (image.length < 4) {
                    break;
                }
            }
            check(image, "mutation " + n);
        }
        assertTrue(outcome[0] > 0 && outcome[1] > 0, "both reads and refusals happen: " + Arrays.toString(outcome));
    }

    @Test
    void mutatedFs3ImagesAreReadOrRefused() {
        SplittableRandom r = new SplittableRandom(3);
        byte[] valid = Fs3Builder.build(Images.SECURE);
        int[] hot = {0, Fs3.BOOT_START, Fs3Builder.ITOC, Fs3Builder.IMAGE_INFO, Fs3Builder.MFG_INFO,
                Fs3Builder.DEV_INFO};
        outcome = new int[2];
        for (int n = 0; n < CASES; n++) {
            byte[] image = valid.clone();
            int mutations = 1 + r.nextInt(8);
            for (int m = 0; m < mutations; m++) {
                int at = r.nextBoolean() ? hot[r.nextInt(hot.length)] + r.nextInt(0x100) : r.nextInt(image.length);
                at = Math.min(at, image.length - 4) & ~3;
                switch (r.nextInt(4)) {
                    case 0 -> image[at + r.nextInt(4)] ^= (byte) (1 << r.nextInt(8));
                    case 1 -> Be.put32(image, at, r.nextInt());
                    case 2 -> Be.put32(image, at, r.nextBoolean() ? -1 : 0);
                    default -> image = Arrays.copyOf(image, r.nextInt(image.length));
                }
                if (image.length < 4) {
                    break;
                }
            }
            check(image, "FS3 mutation " + n);
        }
        assertTrue(outcome[0] > 0 && outcome[1] > 0, "both reads and refusals happen: " + Arrays.toString(outcome));
    }
}
