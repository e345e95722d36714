package org.infiniscope.ui.counters.internal;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.vendor.CounterValues;
import org.infiniscope.ui.counters.PerfSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A remote runtime's performance manager over the REST API. Its last sweep is read once and then again at each
 * {@code counters} event (a sweep ended there) of the runtime's event stream; every port's counters are read once a
 * sweep, when first asked for; a watched port's history is read each time it is asked for. A runtime without a
 * performance manager answers 404: not running. Vendor counter sets are not served by the API: none.
 */
final class RemotePerfSource implements PerfSource {

    private final RemoteFabric remote;
    private final RemoteFabric.Listener listener;
    private final List<Runnable> callbacks = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    /** Whether the summary must be read again: set by the event stream's thread, which never waits for a read. */
    private volatile boolean stale = true;
    // under lock
    private boolean running;
    private Optional<SweepSummary> last = Optional.empty();
    private SweepSummary portsOf;
    private List<PortStats> ports = List.of();

    RemotePerfSource(RemoteFabric remote) {
        this.remote = remote;
        this.listener = new RemoteFabric.Listener() {
            @Override
            public void event(RemoteFabric.RemoteEvent event) {
                if (event.type().equals("counters") || event.type().equals("overflow")) {
                    stale = true;
                    callbacks.forEach(Runnable::run);
                }
            }

            @Override
            public void stateChanged(RemoteFabric.State state, String message) {
                if (state == RemoteFabric.State.LIVE) { // again after a drop: whatever was missed
                    stale = true;
                    callbacks.forEach(Runnable::run);
                }
            }
        };
        remote.addListener(listener);
    }

    @Override
    public String where() {
        return remote.base().toString();
    }

    private void readSummary() throws IOException {
        synchronized (lock) {
            if (!stale) {
                return;
            }
            stale = false; // an event during the read marks it stale again
            try {
                JsonNode summary = remote.get("/api/v1/counters/summary");
                last = PerfJson.lastSweep(summary);
                running = true;
            } catch (RemoteFabricException e) {
                if (e.status() != 404) {
                    stale = true;
                    throw new IOException(e.getMessage(), e);
                }
                running = false;
                last = Optional.empty();
            }
        }
    }

    @Override
    public boolean running() throws IOException {
        readSummary();
        synchronized (lock) {
            return running;
        }
    }

    @Override
    public Optional<SweepSummary> lastSweep() throws IOException {
        readSummary();
        synchronized (lock) {
            return last;
        }
    }

    @Override
    public List<PortStats> ports() throws IOException {
        readSummary();
        synchronized (lock) {
            if (!running || last.isEmpty()) {
                return List.of();
            }
            if (!last.get().equals(portsOf)) {
                try {
                    ports = remote.getAll("/api/v1/counters").stream().map(PerfJson::stats).toList();
                } catch (RemoteFabricException e) {
                    throw new IOException(e.getMessage(), e);
                }
                portsOf = last.get();
            }
            return ports;
        }
    }

    @Override
    public List<Sample> history(PortKey key) throws IOException {
        try {
            return PerfJson.history(remote.get(PerfJson.path(key) + "/counters/history"));
        } catch (RemoteFabricException e) {
            if (e.status() == 404) {
                return List.of();
            }
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public List<CounterValues> vendorCounters() {
        return List.of();
    }

    @Override
    public void onChange(Runnable changed) {
        callbacks.add(changed);
    }

    @Override
    public void close() {
        remote.removeListener(listener);
        callbacks.clear();
    }
}
