package org.infiniscope.rest.internal;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.SweepSummary;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A {@code counters} event after each sweep of the performance manager, so that a remote GUI reads the counters
 * again when they changed and not on a timer of its own. The manager tells its listeners only of broken rules, not of
 * sweeps: its last sweep (a field in memory) is looked at {@value #CHECK_MILLIS} ms apart instead.
 */
@Component(immediate = true)
public final class CounterSweepEvents {

    static final long CHECK_MILLIS = 250;

    private static final Logger LOG = LoggerFactory.getLogger(CounterSweepEvents.class);

    private final PerfManager perf;
    private final EventHub hub;
    private final ScheduledExecutorService timer;
    private Instant published; // the timer's thread only

    @Activate
    public CounterSweepEvents(@Reference PerfManager perf, @Reference EventHub hub) {
        this.perf = perf;
        this.hub = hub;
        // a sweep done before the API started is not news
        this.published = perf.lastSweep().map(SweepSummary::started).orElse(null);
        this.timer = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("infiniscope-rest-counter-events").unstarted(r));
        timer.scheduleWithFixedDelay(this::check, CHECK_MILLIS, CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Publishes the last sweep when it is one not published yet (package-private for tests). */
    void check() {
        try {
            Optional<SweepSummary> last = perf.lastSweep();
            if (last.isEmpty() || last.get().started().equals(published)) {
                return;
            }
            SweepSummary s = last.get();
            published = s.started();
            hub.publish("counters", data(s));
        } catch (RuntimeException e) {
            LOG.warn("reading the performance manager's last sweep failed", e);
        }
    }

    static ObjectNode data(SweepSummary s) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("started", s.started().toString());
        data.put("seconds", s.elapsed().toNanos() / 1e9);
        data.put("nodes", s.nodes());
        data.put("ports", s.ports());
        data.put("unreachable", s.unreachable().size());
        return data;
    }

    @Deactivate
    void stop() {
        timer.shutdownNow();
    }
}
