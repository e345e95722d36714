package org.infiniscope.ui.topology.internal.graph;

import org.infiniscope.model.Port;

/**
 * A link's width and speed as PortInfo encodes them, and whether the link runs below what both its ends support
 * (a width or speed mismatch: a bad cable, a port that trained down).
 */
final class LinkRates {

    // LinkWidthActive bits 1x, 4x, 8x, 12x, 2x, in increasing lanes
    private static final int[] WIDTH_BITS = {1, 16, 2, 4, 8};
    private static final String[] WIDTH_NAMES = {"1X", "2X", "4X", "8X", "12X"};
    // LinkSpeedActive 1 SDR, 2 DDR, 4 QDR; LinkSpeedExtActive 1 FDR, 2 EDR, 4 HDR, 8 NDR, 16 XDR
    private static final String[] SPEED_NAMES = {"SDR", "DDR", "QDR", "FDR", "EDR", "HDR", "NDR", "XDR"};

    private LinkRates() {
    }

    static boolean mismatch(Port a, Port b) {
        int width = Math.min(widthRank(a.getWidthActive()), widthRank(b.getWidthActive()));
        int widthCommon = highestWidth(a.getWidthSupported() & b.getWidthSupported());
        int speed = Math.min(speedRank(a.getSpeedActive(), a.getSpeedExtActive()),
                speedRank(b.getSpeedActive(), b.getSpeedExtActive()));
        int speedCommon = Math.min(highestSpeed(a.getSpeedSupported(), a.getSpeedExtSupported()),
                highestSpeed(b.getSpeedSupported(), b.getSpeedExtSupported()));
        return width >= 0 && widthCommon >= 0 && width < widthCommon
                || speed >= 0 && speedCommon >= 0 && speed < speedCommon;
    }

    static String describe(Port a, Port b) {
        int w = widthRank(a.getWidthActive());
        int s = speedRank(a.getSpeedActive(), a.getSpeedExtActive());
        return (w >= 0 ? WIDTH_NAMES[w] : "?") + " " + (s >= 0 ? SPEED_NAMES[s] : "?") + " "
                + (a.getState() == null ? "?" : a.getState().getLiteral());
    }

    private static int widthRank(int active) {
        for (int i = 0; i < WIDTH_BITS.length; i++) {
            if (active == WIDTH_BITS[i]) {
                return i;
            }
        }
        return -1;
    }

    private static int highestWidth(int supported) {
        for (int i = WIDTH_BITS.length - 1; i >= 0; i--) {
            if ((supported & WIDTH_BITS[i]) != 0) {
                return i;
            }
        }
        return -1;
    }

    private static int speedRank(int active, int extActive) {
        if (extActive != 0) {
            int bit = Integer.numberOfTrailingZeros(extActive);
            return bit < 5 ? 3 + bit : -1;
        }
        return active == 1 ? 0 : active == 2 ? 1 : active == 4 ? 2 : -1;
    }

    private static int highestSpeed(int supported, int extSupported) {
        if (extSupported != 0) {
            int bit = 31 - Integer.numberOfLeadingZeros(extSupported & 0x1f);
            return bit >= 0 ? 3 + bit : -1;
        }
        int bit = 31 - Integer.numberOfLeadingZeros(supported & 0x7);
        return bit;
    }
}
