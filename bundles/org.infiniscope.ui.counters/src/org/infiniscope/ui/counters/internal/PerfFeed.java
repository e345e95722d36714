package org.infiniscope.ui.counters.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.vendor.CounterValues;
import org.infiniscope.ui.counters.PerfSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a performance manager through a {@link PerfSource} (the local service, or a remote runtime's) on a thread of
 * its own and hands each new state to a view on the UI thread. The source is polled (in memory, or what a remote
 * source last read: the MADs are sent by the manager's poller, never from here) and read at once when it has news;
 * a view is told only when a sweep finished, the watched ports changed or the source changed, so the UI thread draws
 * at most once a sweep and never waits.
 */
final class PerfFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PerfFeed.class);

    private volatile PerfSource source;
    private final ScheduledExecutorService timer;
    private final Display display;
    private final Consumer<PerfView> sink;
    private volatile Set<PortKey> watched = Set.of();
    // read and written on the timer's thread only
    private Instant lastStarted;
    private Set<PortKey> lastWatched;
    private boolean lastRunning;

    PerfFeed(PerfSource source, Display display, Consumer<PerfView> sink, Duration period) {
        this.display = display;
        this.sink = sink;
        this.source = source;
        this.timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("ui-perf-feed").unstarted(r));
        source.onChange(this::news);
        timer.scheduleWithFixedDelay(this::poll, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Reads another source from now on (a remote runtime's, or the local one again) and closes the one before. */
    void use(PerfSource next) {
        PerfSource before = source;
        source = next;
        next.onChange(this::news);
        before.close();
        news();
    }

    /** @return the source read now */
    PerfSource source() {
        return source;
    }

    private void news() {
        if (!timer.isShutdown()) {
            try {
                timer.execute(() -> {
                    lastWatched = null; // read it all again, whatever the source says of its last sweep
                    poll();
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closed meanwhile
            }
        }
    }

    /** Watches these ports' histories from now on, and tells the view at once. */
    void watch(Collection<PortKey> keys) {
        watched = Set.copyOf(keys);
        timer.execute(this::poll);
    }

    private void poll() {
        try {
            PerfSource manager = source;
            Set<PortKey> keys = watched;
            if (!manager.running()) {
                if (lastRunning || lastWatched == null) {
                    lastRunning = false;
                    lastWatched = keys;
                    publish(PerfView.none());
                }
                return;
            }
            var last = manager.lastSweep();
            Instant started = last.map(s -> s.started()).orElse(null);
            if (lastRunning && Objects.equals(started, lastStarted) && keys.equals(lastWatched)) {
                return;
            }
            Map<PortKey, PortStats> ports = new TreeMap<>();
            for (PortStats s : manager.ports()) {
                ports.put(s.key(), s);
            }
            Map<PortKey, List<Sample>> history = new HashMap<>();
            for (PortKey k : keys) {
                history.put(k, manager.history(k));
            }
            lastRunning = true;
            lastStarted = started;
            lastWatched = keys;
            Map<PortKey, List<CounterValues>> vendor = new HashMap<>();
            for (CounterValues v : manager.vendorCounters()) {
                vendor.computeIfAbsent(v.port(), k -> new ArrayList<>()).add(v);
            }
            publish(new PerfView(true, last, ports, history, System.currentTimeMillis(), vendor, manager.where()));
        } catch (java.io.IOException e) {
            LOG.info("reading the performance manager ({}) failed: {}", source.where(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("reading the performance manager failed", e);
        }
    }

    private void publish(PerfView view) {
        if (!display.isDisposed()) {
            display.asyncExec(() -> sink.accept(view));
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        source.close();
    }
}
