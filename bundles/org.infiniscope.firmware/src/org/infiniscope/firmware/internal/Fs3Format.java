package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.osgi.service.component.annotations.Component;

/** The FS3 image format of ConnectX-4 generation adapters and Switch-IB switches. */
@Component(service = FirmwareFormat.class)
public final class Fs3Format implements FirmwareFormat {

    @Override
    public String name() {
        return "FS3";
    }

    @Override
    public boolean recognizes(byte[] image) {
        return Fs4Parser.findStart(image, Fs4.FS3_MAGIC) >= 0;
    }

    @Override
    public FirmwareImage parse(byte[] image) throws ImageFormatException {
        try {
            return Fs3Parser.parse(image);
        } catch (RuntimeException bug) {
            // the parser checks every bound; should one slip, the image is still refused, with what broke
            throw new ImageFormatException("unreadable structure: " + bug, 0);
        }
    }
}
