package org.infiniscope.ui.verbs.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.ui.verbs.QpSource;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads every {@link ResourceSource} of a {@link QpSource} (this application's services, or a remote runtime's) for
 * the QP part: at once when a source tells of a change (a QP created,
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
    private final AtomicBoolean queued = new AtomicBoolean();
    private final Display display;
    private final Consumer<QpView> sink;
    private volatile QpSource source;
    private volatile QpView last;

    QpFeed(QpSource source, Display display, Consumer<QpView> sink) {
        this.display = display;
        this.sink = sink;
        this.source = source;
        this.timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("ui-qp-feed").unstarted(r));
        source.onChange(this::refresh);
        timer.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
    }

    /** Reads another source from now on (a remote runtime's, or this application's again); closes the one before. */
    void use(QpSource next) {
        QpSource before = source;
        source = next;
        next.onChange(this::refresh);
        before.close();
        refresh();
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
            List<ResourceSource> sources = new ArrayList<>(source.sources());
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
        source.close();
    }
}
