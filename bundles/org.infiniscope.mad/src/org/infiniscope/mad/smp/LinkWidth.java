package org.infiniscope.mad.smp;

import java.util.Optional;

/** Link widths as PortInfo encodes them (one bit each in LinkWidthActive). */
public enum LinkWidth {
    X1(0x01, 1),
    X4(0x02, 4),
    X8(0x04, 8),
    X12(0x08, 12),
    X2(0x10, 2);

    private final int bit;
    private final int lanes;

    LinkWidth(int bit, int lanes) {
        this.bit = bit;
        this.lanes = lanes;
    }

    /** @return the bit in LinkWidthActive/Supported/Enabled */
    public int bit() {
        return bit;
    }

    /** @return the number of lanes */
    public int lanes() {
        return lanes;
    }

    /** @return the width LinkWidthActive encodes, or empty when it is not exactly one known bit */
    public static Optional<LinkWidth> ofActive(int linkWidthActive) {
        for (LinkWidth width : values()) {
            if (width.bit == linkWidthActive) {
                return Optional.of(width);
            }
        }
        return Optional.empty();
    }

    /** @return "4X" and so on, as the tools print it */
    @Override
    public String toString() {
        return lanes + "X";
    }
}
