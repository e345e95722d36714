package org.infiniscope.ui.counters.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.ui.counters.SmSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a subnet manager through an {@link SmSource} (the local service, or a remote runtime's) for the SM part: its
 * status, routing chain and sweep history (the SM's own, the last {@link SmSource#SWEEPS}, newest first) once a second
 * and at once when the source has news (the end of a sweep, a remote runtime's event); all on a thread of its own,
 * handing the part an immutable {@link SmView} on the UI thread when something changed.
 */
final class SmFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SmFeed.class);

    /**
     * What the part shows.
     *
     * @param status the SM's status, with its routing chain and last sweeps
     * @param where where it was read: {@code local} or the remote runtime's address
     */
    record SmView(SmSource.Status status, String where) {
    }

    private final ScheduledExecutorService timer;
    private final Display display;
    private final Consumer<SmView> sink;
    private volatile SmSource source;
    private volatile SmView lastView;

    SmFeed(SmSource source, Display display, Consumer<SmView> sink) {
        this.display = display;
        this.sink = sink;
        this.timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("ui-sm-feed").unstarted(r));
        follow(source);
        timer.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
    }

    private void follow(SmSource next) {
        this.source = next;
        next.onChange(() -> {
            if (source == next) {
                refresh();
            }
        });
    }

    /** Reads another source from now on and closes the one before. */
    void use(SmSource next) {
        SmSource before = source;
        follow(next);
        before.close();
        refresh();
    }

    /** @return the source read now, whose actions the part asks for */
    SmSource source() {
        return source;
    }

    /** Reads the source again now. */
    void refresh() {
        try {
            timer.execute(this::poll);
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    private void poll() {
        SmSource from = source;
        try {
            SmView view = new SmView(from.status(), from.where());
            if (!view.equals(lastView)) {
                lastView = view;
                if (!display.isDisposed()) {
                    display.asyncExec(() -> sink.accept(view));
                }
            }
        } catch (java.io.IOException e) {
            LOG.info("reading the subnet manager ({}) failed: {}", from.where(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("reading the subnet manager failed", e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        source.close();
    }
}
