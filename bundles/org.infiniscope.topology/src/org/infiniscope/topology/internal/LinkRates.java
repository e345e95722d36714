package org.infiniscope.topology.internal;

/** Active width and speed from enabled masks, and their text as infiniband-diags prints them. */
final class LinkRates {

    private LinkRates() {
    }

    /** @return the widest width bit of the mask (12X, 8X, 4X, 2X, 1X in that order, as ibsim picks) */
    static int activeWidth(int mask) {
        for (int bit : new int[]{8, 4, 2, 16, 1}) {
            if ((mask & bit) != 0) {
                return bit;
            }
        }
        return 0;
    }

    /** @return the fastest speed bit of a LinkSpeed or LinkSpeedExtended mask */
    static int activeSpeed(int mask) {
        return mask == 0 ? 0 : Integer.highestOneBit(mask);
    }

    static String widthText(int width) {
        return switch (width) {
            case 1 -> "1x";
            case 2 -> "4x";
            case 4 -> "8x";
            case 8 -> "12x";
            case 16 -> "2x";
            default -> "?x";
        };
    }

    static String speedText(int speed, int ext) {
        return switch (ext) {
            case 1 -> "FDR";
            case 2 -> "EDR";
            case 4 -> "HDR";
            case 8 -> "NDR";
            default -> switch (speed) {
                case 1 -> "SDR";
                case 2 -> "DDR";
                case 4 -> "QDR";
                default -> "?DR";
            };
        };
    }
}
