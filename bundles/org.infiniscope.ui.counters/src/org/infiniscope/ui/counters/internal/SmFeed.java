package org.infiniscope.ui.counters.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the subnet manager service for the SM part: its state, routing chain and sweep history
 * ({@link SubnetManager#sweepHistory()}, the last {@link #KEPT}) once a second and at the end of every sweep, and
 * checks the routes of each new subnet; all on a thread of its own, handing the part an immutable {@link SmView} on
 * the UI thread when something changed.
 */
final class SmFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SmFeed.class);

    /** How many sweeps the part lists. */
    static final int KEPT = 20;

    /**
     * What the part shows.
     *
     * @param running whether an SM service is there
     * @param state its state
     * @param priority its priority
     * @param portGuid the port it runs on
     * @param subnet the subnet it last published
     * @param check the route check of that subnet, once done
     * @param chain the routing engine chain configured now
     * @param sweeps the SM's last sweeps, newest first
     */
    record SmView(boolean running, SmState state, int priority, long portGuid, Optional<Subnet> subnet,
            Optional<RouteChecker.Report> check, List<String> chain, List<SweepHistoryEntry> sweeps) {
    }

    private final ServiceTracker<SubnetManager, SubnetManager> tracker;
    private final ScheduledExecutorService timer;
    private final Display display;
    private final Consumer<SmView> sink;
    private volatile SmView lastView;
    // the timer's thread only
    private Subnet checked;
    private RouteChecker.Report check;

    SmFeed(BundleContext context, Display display, Consumer<SmView> sink) {
        this.display = display;
        this.sink = sink;
        this.timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("ui-sm-feed").unstarted(r));
        this.tracker = new ServiceTracker<>(context, SubnetManager.class, null) {
            @Override
            public SubnetManager addingService(ServiceReference<SubnetManager> reference) {
                SubnetManager sm = super.addingService(reference);
                AutoCloseable handle = sm.addListener(new SmListener() {
                    @Override
                    public void swept(SweepReport report) {
                        timer.execute(SmFeed.this::poll);
                    }
                });
                handles.put(reference, handle);
                return sm;
            }

            @Override
            public void removedService(ServiceReference<SubnetManager> reference, SubnetManager service) {
                AutoCloseable h = handles.remove(reference);
                if (h != null) {
                    try {
                        h.close();
                    } catch (Exception e) {
                        LOG.debug("removing the SM listener", e);
                    }
                }
                super.removedService(reference, service);
            }
        };
        tracker.open();
        timer.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
    }

    private final java.util.Map<ServiceReference<SubnetManager>, AutoCloseable> handles = new java.util.concurrent.ConcurrentHashMap<>();

    /** @return the service, or null */
    SubnetManager service() {
        return tracker.getService();
    }

    /** Reads the service again now. */
    void refresh() {
        timer.execute(this::poll);
    }

    private void poll() {
        try {
            SubnetManager sm = tracker.getService();
            SmView view;
            if (sm == null) {
                view = new SmView(false, SmState.NOT_ACTIVE, 0, 0, Optional.empty(), Optional.empty(), List.of(),
                        List.of());
            } else {
                List<SweepHistoryEntry> history = sm.sweepHistory();
                List<SweepHistoryEntry> list = new ArrayList<>(
                        history.subList(Math.max(0, history.size() - KEPT), history.size()));
                Collections.reverse(list);
                Optional<Subnet> subnet = sm.subnet();
                if (subnet.isPresent() && subnet.get() != checked) {
                    checked = subnet.get();
                    check = RouteChecker.check(checked.graph(), checked.routing());
                }
                view = new SmView(true, sm.state(), sm.priority(), sm.portGuid(), subnet,
                        subnet.isPresent() ? Optional.ofNullable(check) : Optional.empty(), sm.routingChain(),
                        List.copyOf(list));
            }
            if (!view.equals(lastView)) {
                lastView = view;
                if (!display.isDisposed()) {
                    display.asyncExec(() -> sink.accept(view));
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("reading the subnet manager failed", e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        tracker.close();
    }
}
