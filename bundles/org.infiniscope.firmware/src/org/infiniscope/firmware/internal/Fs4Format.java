package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.osgi.service.component.annotations.Component;

/** The FS4 image format of ConnectX-5 and later adapters and Switch-IB 2 and later switches. */
@Component(service = FirmwareFormat.class)
public final class Fs4Format implements FirmwareFormat {

    @Override
    public String name() {
        return "FS4";
    }

    @Override
    public boolean recognizes(byte[] image) {
        return Fs4Parser.findStart(image, Fs4.MAGIC) >= 0;
    }

    @Override
    public FirmwareImage parse(byte[] image) throws ImageFormatException {
        try {
            return Fs4Parser.parse(image);
        } catch (RuntimeException bug) {
            // the parser checks every bound; should one slip, the image is still refused, with what broke
            throw new ImageFormatException("unreadable structure: " + bug, 0);
        }
    }
}
