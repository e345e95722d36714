package org.infiniscope.ui.counters.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.vendor.CounterValues;

/**
 * The rows the vendors' counter sets add to the counters table: one a counter, labelled with its set, a total column
 * and an empty delta column a port, as the table's other rows; a port the set did not read shows "–".
 */
final class VendorRows {

    private VendorRows() {
    }

    /**
     * @param ports the ports of the table's columns, in order
     * @param vendor what the sets read, by port
     */
    static List<String[]> rows(List<PortKey> ports, Map<PortKey, List<CounterValues>> vendor) {
        // the rows in the order the sets and counters first appear
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (int i = 0; i < ports.size(); i++) {
            for (CounterValues set : vendor.getOrDefault(ports.get(i), List.of())) {
                for (Map.Entry<String, Long> c : set.values().entrySet()) {
                    String label = set.set() + ": " + c.getKey();
                    String[] row = rows.computeIfAbsent(label, l -> empty(l, ports.size()));
                    row[1 + 2 * i] = Units.count(c.getValue());
                }
            }
        }
        return new ArrayList<>(rows.values());
    }

    private static String[] empty(String label, int ports) {
        String[] row = new String[1 + 2 * ports];
        row[0] = label;
        for (int i = 0; i < ports; i++) {
            row[1 + 2 * i] = "–";
            row[2 + 2 * i] = "";
        }
        return row;
    }
}
