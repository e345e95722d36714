package org.infiniscope.perf.internal;

import org.infiniscope.discovery.DiscoveredPort;

/** The data rate of an active link: lanes × lane speed, after 8b/10b (SDR–QDR) or 64b/66b (FDR and faster). */
final class LinkRate {

    private LinkRate() {
    }

    /** @return bits a second the link carries, 0 when its width or speed is unknown */
    static double bitsPerSecond(DiscoveredPort port) {
        int lanes = switch (port.widthActive()) {
            case 1 -> 1;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            case 16 -> 2;
            default -> 0;
        };
        double lane = switch (port.speedExtActive()) {
            case 1 -> 14.0625e9 * 64 / 66;
            case 2 -> 25.78125e9 * 64 / 66;
            case 4 -> 53.125e9 * 64 / 66;
            case 8 -> 106.25e9 * 64 / 66;
            default -> switch (port.speedActive()) {
                case 1 -> 2.0e9;
                case 2 -> 4.0e9;
                case 4 -> 8.0e9;
                default -> 0;
            };
        };
        return lanes * lane;
    }
}
