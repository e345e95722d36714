package org.infiniscope.perf;

import java.util.List;
import java.util.Optional;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.transport.MadTransport;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The performance manager: sweeps the PMA of every port of a fabric and keeps what it read. Totals are 64 bits and
 * never go backwards: a counter that saturated stays where it was until it moves again, a counter someone reset
 * counts on from its new value. Hardware counters are never cleared, except near saturation when
 * {@link PollOptions#resetNearSaturation} allows it. Thread-safe; sweeps run one at a time.
 */
@ProviderType
public interface PerfManager {

    /**
     * Reads every port of the fabric that has a LID (a switch's ports through its port 0 LID) and is up.
     *
     * @param transport a started transport; it stays the caller's
     * @param fabric the fabric, as a discovery sweep or the SM found it
     * @throws InterruptedException when interrupted while waiting for answers
     */
    SweepSummary sweep(MadTransport transport, FabricSnapshot fabric, PollOptions options) throws InterruptedException;

    /** @return the last sweep, if there was one */
    Optional<SweepSummary> lastSweep();

    /** @return every port known, in GUID and port order */
    List<PortStats> ports();

    /** @return one port */
    Optional<PortStats> port(PortKey key);

    /** @return the readings of a port, oldest first, at most the history depth */
    List<Sample> history(PortKey key);

    /** @return the {@code n} ports with the highest values of a metric, highest first (zeros left out) */
    List<PortStats> top(Metric metric, int n);

    /** @return every link once, its two ends together, in GUID and port order of its first end */
    default List<LinkStats> links() {
        return LinkStats.of(ports());
    }

    /** @return every node's ports summed, in GUID order */
    default List<NodeStats> nodes() {
        return NodeStats.of(ports());
    }

    /**
     * @return the {@code n} links with the highest values of a metric, highest first (zeros left out): a link's value
     *         is the higher of its two ends' (the sum for {@link Metric#ERRORS})
     */
    default List<LinkStats> topLinks(Metric metric, int n) {
        java.util.function.ToDoubleFunction<LinkStats> value = l -> {
            double a = metric.of(l.a());
            double b = l.b() == null ? Double.NaN : metric.of(l.b());
            if (metric == Metric.ERRORS) {
                return a + (Double.isNaN(b) ? 0 : b);
            }
            return Double.isNaN(b) || a >= b ? a : b;
        };
        return links().stream().filter(l -> value.applyAsDouble(l) > 0)
                .sorted(java.util.Comparator.comparingDouble(value).reversed()).limit(n).toList();
    }

    /** @return the rules ports broke in the last sweep */
    List<PerfEvent> events();

    /** Forgets every total, history and event (the hardware counters are not touched). */
    void clear();

    /**
     * @return what the vendors' counter sets ({@link org.infiniscope.perf.vendor.CounterSet} services) read in the
     *         last sweep, by set name, node and port; empty when none is installed
     */
    default List<org.infiniscope.perf.vendor.CounterValues> vendorCounters() {
        return List.of();
    }
}
