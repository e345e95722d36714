package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;

/** The formats this bundle reads itself (FS4, FS3), chosen by the image's magic: what its flasher burns. */
final class BuiltInFormats {

    private BuiltInFormats() {
    }

    /**
     * @throws ImageFormatException when the image is neither, or its structure is broken
     */
    static FirmwareImage parse(byte[] image) throws ImageFormatException {
        if (Fs4Parser.findStart(image, Fs4.MAGIC) >= 0) {
            return Fs4Parser.parse(image);
        }
        if (Fs4Parser.findStart(image, Fs4.FS3_MAGIC) >= 0) {
            return Fs3Parser.parse(image);
        }
        throw new ImageFormatException("neither an FS4 nor an FS3 magic pattern at any image start", 0);
    }
}
