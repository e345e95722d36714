package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * The Mellanox ExtendedPortInfo (attribute 0xFF90), which carries FDR10. libibnetdisc asks for it and ibsim
 * answers it.
 *
 * @param stateChangeEnable 8 bits
 * @param linkSpeedSupported 8 bits, bit 0 FDR10
 * @param linkSpeedEnabled 8 bits, bit 0 FDR10
 * @param linkSpeedActive 8 bits, bit 0 FDR10
 */
public record ExtendedPortInfo(int stateChangeEnable, int linkSpeedSupported, int linkSpeedEnabled,
        int linkSpeedActive) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0xFF90;
    /** The FDR10 bit of the speed fields. */
    public static final int SPEED_FDR10 = 0x01;

    /** Checks the field widths. */
    public ExtendedPortInfo {
        check("stateChangeEnable", stateChangeEnable, 8);
        check("linkSpeedSupported", linkSpeedSupported, 8);
        check("linkSpeedEnabled", linkSpeedEnabled, 8);
        check("linkSpeedActive", linkSpeedActive, 8);
    }

    /** The wire form: the 16 bytes that carry fields (the rest of the 64 are reserved). */
    public static final AttributeCodec<ExtendedPortInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 16, "ExtendedPortInfo",
            (b, o) -> new ExtendedPortInfo(Bits.u8(b, o + 3), Bits.u8(b, o + 7), Bits.u8(b, o + 11),
                    Bits.u8(b, o + 15)),
            (v, b, o) -> {
                Bits.put8(b, o + 3, v.stateChangeEnable);
                Bits.put8(b, o + 7, v.linkSpeedSupported);
                Bits.put8(b, o + 11, v.linkSpeedEnabled);
                Bits.put8(b, o + 15, v.linkSpeedActive);
            });
}
