package org.infiniscope.perf.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.perf.vendor.CounterValues;

/** The vendors' counter sets as {@code perf} prints them: a block a set, a line a port. */
final class VendorCounterText {

    private VendorCounterText() {
    }

    /** @return the text, empty when no set read anything */
    static String table(List<CounterValues> values) {
        StringBuilder out = new StringBuilder();
        String set = null;
        for (CounterValues v : values) {
            if (!v.set().equals(set)) {
                set = v.set();
                out.append(String.format(Locale.ROOT, "Vendor counters %s (%s):%n", set, v.bundle()));
            }
            out.append(String.format(Locale.ROOT, "  %-32s %4d ", v.nodeName(), v.port().port()));
            for (Map.Entry<String, Long> e : v.values().entrySet()) {
                out.append(' ').append(e.getKey()).append('=').append(Long.toUnsignedString(e.getValue()));
            }
            out.append('\n');
        }
        return out.toString();
    }
}
