package org.infiniscope.ui.verbs.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads every {@link ResourceSource} for the QP part: at once when a source tells of a change (a QP created,
 * destroyed, moved to another state, an async event), and once a second for the counters; on a thread of its own,
 * handing the part an immutable {@link QpView} on the UI thread when it changed.
 */
final class QpFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QpFeed.class);

    /**
     * What the part shows.
     *
     * @param qps the QPs, node by node
     * @param cmIds the CM IDs
     * @param sources the sources read
     * @param problems why a source could not be read, one line each
     */
    record QpView(List<QpResource> qps, List<CmIdResource> cmIds, List<String> sources, List<String> problems) {
    }

    private final ScheduledExecutorService timer;
    private final ServiceTracker<ResourceSource, ResourceSource> tracker;
    private final Map<ServiceReference<ResourceSource>, AutoCloseable> listeners = new ConcurrentHashMap<>();
    private final AtomicBoolean queued = new AtomicBoolean();
    private final Display display;
    private final Consumer<QpView> sink;
    private volatile QpView last;

    QpFeed(BundleContext context, Display display, Consumer<QpView> sink) {
        this.display = display;
        this.sink = sink;
        this.timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("ui-qp-feed").unstarted(r));
        this.tracker = new ServiceTracker<>(context, ResourceSource.class, null) {
            @Override
            public ResourceSource addingService(ServiceReference<ResourceSource> reference) {
                ResourceSource s = super.addingService(reference);
                if (s != null) {
                    listeners.put(reference, s.addListener(QpFeed.this::refresh));
                    refresh();
                }
                return s;
            }

            @Override
            public void removedService(ServiceReference<ResourceSource> reference, ResourceSource service) {
                AutoCloseable l = listeners.remove(reference);
                if (l != null) {
                    try {
                        l.close();
                    } catch (Exception e) {
                        LOG.debug("removing a resource listener", e);
                    }
                }
                super.removedService(reference, service);
                refresh();
            }
        };
        tracker.open();
        timer.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
    }

    /** Reads the sources again soon (once for a burst of calls). */
    void refresh() {
        if (queued.compareAndSet(false, true)) {
            try {
                timer.execute(() -> {
                    queued.set(false);
                    poll();
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                queued.set(false); // closed
            }
        }
    }

    /** @return the last view read, or null */
    QpView last() {
        return last;
    }

    private void poll() {
        try {
            List<ResourceSource> sources = new ArrayList<>(tracker.getTracked().values());
            sources.sort(Comparator.comparing(ResourceSource::name));
            List<QpResource> qps = new ArrayList<>();
            List<CmIdResource> cm = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (ResourceSource s : sources) {
                names.add(s.name());
                String why = s.unavailableReason();
                if (!why.isEmpty()) {
                    problems.add(s.name() + ": " + why);
                    continue;
                }
                try {
                    qps.addAll(s.qps());
                    cm.addAll(s.cmIds());
                } catch (IOException e) {
                    problems.add(s.name() + ": " + e.getMessage());
                }
            }
            qps.sort(Comparator.comparing(QpResource::node).thenComparing(QpResource::device)
                    .thenComparingInt(QpResource::lqpn));
            QpView view = new QpView(List.copyOf(qps), List.copyOf(cm), List.copyOf(names), List.copyOf(problems));
            if (!view.equals(last)) {
                last = view;
                if (!display.isDisposed()) {
                    display.asyncExec(() -> sink.accept(view));
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("reading the queue pairs failed", e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        tracker.close();
    }
}
