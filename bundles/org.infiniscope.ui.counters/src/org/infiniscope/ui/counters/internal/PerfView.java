package org.infiniscope.ui.counters.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.vendor.CounterValues;

/**
 * What the performance manager held at one moment, copied off the UI thread for a view to show.
 *
 * @param running whether a performance manager service is there
 * @param last its last sweep, empty before one
 * @param ports every port it knows, by key
 * @param history the readings of the ports the view watches
 * @param takenMillis when this was taken
 * @param vendor what the vendors' counter sets read, by port
 * @param where where it was read: {@code local}, or the remote runtime's address
 */
record PerfView(boolean running, Optional<SweepSummary> last, Map<PortKey, PortStats> ports,
        Map<PortKey, List<Sample>> history, long takenMillis, Map<PortKey, List<CounterValues>> vendor, String where) {

    PerfView {
        ports = Map.copyOf(ports);
        history = Map.copyOf(history);
        vendor = Map.copyOf(vendor);
    }

    /** Read here. */
    PerfView(boolean running, Optional<SweepSummary> last, Map<PortKey, PortStats> ports,
            Map<PortKey, List<Sample>> history, long takenMillis, Map<PortKey, List<CounterValues>> vendor) {
        this(running, last, ports, history, takenMillis, vendor, "local");
    }

    /** @return the status line's note of where the counters come from: empty here, " on ADDRESS" for a remote one */
    String from() {
        return "local".equals(where) ? "" : " on " + where;
    }

    /** Without vendor counters. */
    PerfView(boolean running, Optional<SweepSummary> last, Map<PortKey, PortStats> ports,
            Map<PortKey, List<Sample>> history, long takenMillis) {
        this(running, last, ports, history, takenMillis, Map.of());
    }

    /** Nothing yet: no service. */
    static PerfView none() {
        return new PerfView(false, Optional.empty(), Map.of(), Map.of(), System.currentTimeMillis());
    }

    /** @return a port's name as the views write it: node description and port number */
    static String name(PortStats s) {
        return s.nodeName() + " [" + s.key().port() + "]";
    }
}
