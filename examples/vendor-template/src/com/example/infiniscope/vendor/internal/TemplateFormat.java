package com.example.infiniscope.vendor.internal;

import java.util.List;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.osgi.service.component.annotations.Component;

/**
 * A firmware format to replace with your own: the {@code @Component} registers it as a service when the bundle
 * starts, and {@code fw query}/{@code fw verify} use it for images it recognizes. Other SPIs (VendorCodec,
 * CounterSet, SimAgent, RoutingEngine, FirmwareFlasher, VerbsProvider) are services in the same way: see
 * docs/extending.md and the sample, examples/org.infiniscope.examples.vendor.
 */
@Component(service = FirmwareFormat.class)
public final class TemplateFormat implements FirmwareFormat {

    private static final byte[] MAGIC = {'T', 'M', 'P', 'L'};

    @Override
    public String name() {
        return "TMPL";
    }

    @Override
    public boolean recognizes(byte[] image) {
        return image.length >= MAGIC.length && image[0] == MAGIC[0] && image[1] == MAGIC[1] && image[2] == MAGIC[2]
                && image[3] == MAGIC[3];
    }

    @Override
    public FirmwareImage parse(byte[] image) throws ImageFormatException {
        if (!recognizes(image)) {
            throw new ImageFormatException("no TMPL magic", 0);
        }
        // read your header here; refuse anything malformed with an ImageFormatException naming the offset
        return new FirmwareImage("TMPL", "0.0.0", "", "", 0, "template image", 0, 0, 0, 0, "", "", 0, List.of(),
                List.of());
    }
}
