package org.infiniscope.ui.counters;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.vendor.CounterValues;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where the counters and health views read a performance manager: the local service, or a remote headless runtime
 * over its REST API (File › Connect…). The views read a source the same way whichever it is; a source is read off the
 * UI thread, and a remote one answers from what it last read wherever it can (only the history of the ports a view
 * watches is asked for each time).
 */
@ProviderType
public interface PerfSource extends AutoCloseable {

    /** @return what the source reads, for the views' status line: {@code local} or the runtime's address */
    String where();

    /** @return whether there is a performance manager to read */
    boolean running() throws IOException;

    /** @return its last sweep, empty before one */
    Optional<SweepSummary> lastSweep() throws IOException;

    /** @return every port it knows after that sweep, in GUID and port order */
    List<PortStats> ports() throws IOException;

    /** @return a port's readings, oldest first; empty when the port was not read */
    List<Sample> history(PortKey key) throws IOException;

    /** @return what the vendors' counter sets read in the last sweep; empty when none is installed or known */
    List<CounterValues> vendorCounters() throws IOException;

    /**
     * Tells this callback when there is news (a sweep ended), on any thread. A source that cannot tell never calls it
     * and is polled.
     */
    void onChange(Runnable changed);

    /** Stops following the manager; the source is not read again. */
    @Override
    void close();
}
