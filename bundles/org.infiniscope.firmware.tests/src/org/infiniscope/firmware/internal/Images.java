package org.infiniscope.firmware.internal;

import java.util.List;

import org.infiniscope.firmware.ImageSpec;

/** Specs of test images. */
final class Images {

    static final ImageSpec HCA = FwTool.defaults(false);
    static final ImageSpec SWITCH = FwTool.defaults(true);
    static final ImageSpec SECURE = new ImageSpec(16, 41, 1010, 0x2025, 0x07, 0x14, "MT_0000000222", 0x1017,
            "secure test image", 0x0002C903000A0000L, 8, 0x0002C9A00000L, 8, List.of("secure-fw", "signed-fw"));

    private Images() {
    }
}
