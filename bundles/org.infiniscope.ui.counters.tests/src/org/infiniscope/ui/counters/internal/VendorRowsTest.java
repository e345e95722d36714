package org.infiniscope.ui.counters.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.vendor.CounterValues;
import org.junit.jupiter.api.Test;

/** The counters table's rows of the vendors' counter sets. */
class VendorRowsTest {

    private static CounterValues values(PortKey port, long mads, long reads) {
        Map<String, Long> v = new LinkedHashMap<>();
        v.put("node_vendor_mads", mads);
        v.put("health_reads", reads);
        return new CounterValues("example.port", "org.infiniscope.examples.vendor", port, "n", v);
    }

    @Test
    void aRowACounterInTheSetsOrderAColumnPairAPortAndADashWhereTheSetReadNothing() {
        PortKey a = new PortKey(1, 1);
        PortKey b = new PortKey(2, 3);
        PortKey c = new PortKey(3, 1);
        List<String[]> rows = VendorRows.rows(List.of(a, b, c),
                Map.of(a, List.of(values(a, 12345, 2)), c, List.of(values(c, 7, 1))));
        assertEquals(2, rows.size());
        assertArrayEquals(new String[]{"example.port: node_vendor_mads", "12,345", "", "–", "", "7", ""}, rows.get(0));
        assertArrayEquals(new String[]{"example.port: health_reads", "2", "", "–", "", "1", ""}, rows.get(1));
    }

    @Test
    void noSetNoRow() {
        assertEquals(List.of(), VendorRows.rows(List.of(new PortKey(1, 1)), Map.of()));
    }
}
