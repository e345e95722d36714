package org.infiniscope.ui.counters.internal;

import java.util.Locale;

/** Numbers as the views write them. */
final class Units {

    private Units() {
    }

    /** @return a byte rate with a decimal prefix: {@code 1.25 GB/s} */
    static String bytesPerSecond(double v) {
        return scaled(v, "B/s");
    }

    /** @return a packet rate: {@code 12.0 k/s} */
    static String perSecond(double v) {
        return scaled(v, "/s");
    }

    private static String scaled(double v, String unit) {
        String[] prefixes = {"", "k", "M", "G", "T"};
        int i = 0;
        double x = v;
        while (Math.abs(x) >= 1000 && i < prefixes.length - 1) {
            x /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, i == 0 ? "%.0f %s%s" : "%.2f %s%s", x, prefixes[i], unit);
    }

    /** @return a count with thousands separators */
    static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** @return a percentage with one decimal */
    static String percent(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    /** @return a GUID as the tools print it */
    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    /** @return seconds with three decimals, as the SM prints its phases */
    static String seconds(java.time.Duration d) {
        return String.format(Locale.ROOT, "%.3f s", d.toNanos() / 1e9);
    }
}
