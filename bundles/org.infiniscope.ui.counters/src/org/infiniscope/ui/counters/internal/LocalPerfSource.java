package org.infiniscope.ui.counters.internal;

import java.util.List;
import java.util.Optional;

import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.vendor.CounterValues;
import org.infiniscope.ui.counters.PerfSource;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/** The performance manager of this application (an OSGi service), read in memory; it has no news to tell: polled. */
final class LocalPerfSource implements PerfSource {

    private final ServiceTracker<PerfManager, PerfManager> tracker;

    LocalPerfSource(BundleContext context) {
        tracker = new ServiceTracker<>(context, PerfManager.class, null);
        tracker.open();
    }

    @Override
    public String where() {
        return "local";
    }

    @Override
    public boolean running() {
        return tracker.getService() != null;
    }

    @Override
    public Optional<SweepSummary> lastSweep() {
        PerfManager m = tracker.getService();
        return m == null ? Optional.empty() : m.lastSweep();
    }

    @Override
    public List<PortStats> ports() {
        PerfManager m = tracker.getService();
        return m == null ? List.of() : m.ports();
    }

    @Override
    public List<Sample> history(PortKey key) {
        PerfManager m = tracker.getService();
        return m == null ? List.of() : m.history(key);
    }

    @Override
    public List<CounterValues> vendorCounters() {
        PerfManager m = tracker.getService();
        return m == null ? List.of() : m.vendorCounters();
    }

    @Override
    public void onChange(Runnable changed) {
        // the manager tells no one of its sweeps: the feed polls it (in memory)
    }

    @Override
    public void close() {
        tracker.close();
    }
}
