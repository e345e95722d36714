package org.infiniscope.ui.counters.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.ui.counters.SmSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subnet manager of this application (an OSGi service): its status, routing chain and sweep history
 * ({@link SubnetManager#sweepHistory()}) read in memory, each new subnet's routes checked once, its sweeps heard
 * through an {@link SmListener}.
 */
final class LocalSmSource implements SmSource {

    private static final Logger LOG = LoggerFactory.getLogger(LocalSmSource.class);

    private final ServiceTracker<SubnetManager, SubnetManager> tracker;
    private final Map<ServiceReference<SubnetManager>, AutoCloseable> handles = new ConcurrentHashMap<>();
    private final List<Consumer<Swept>> swept = new CopyOnWriteArrayList<>();
    private final List<Runnable> changed = new CopyOnWriteArrayList<>();
    private final Object checking = new Object();
    private Subnet checked; // under checking
    private RouteCheck check; // under checking

    LocalSmSource(BundleContext context) {
        tracker = new ServiceTracker<>(context, SubnetManager.class, null) {
            @Override
            public SubnetManager addingService(ServiceReference<SubnetManager> reference) {
                SubnetManager sm = super.addingService(reference);
                handles.put(reference, sm.addListener(new SmListener() {
                    @Override
                    public void swept(SweepReport report) {
                        Swept s = LocalSmSource.swept(report);
                        swept.forEach(c -> c.accept(s));
                        changed.forEach(Runnable::run);
                    }
                }));
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
    }

    static Swept swept(SweepReport r) {
        return new Swept(r.kind().name().toLowerCase(java.util.Locale.ROOT), r.phases(), r.smps(), r.up(), r.problem());
    }

    @Override
    public String where() {
        return "local";
    }

    @Override
    public Status status() {
        SubnetManager sm = tracker.getService();
        if (sm == null) {
            return Status.NONE;
        }
        return new Status(true, sm.state(), sm.priority(), sm.portGuid(), sm.subnet().map(this::facts),
                sm.routingChain(), newestFirst(sm.sweepHistory()));
    }

    /** @return the last {@link SmSource#SWEEPS} of a history kept oldest first, newest first */
    static List<SweepHistoryEntry> newestFirst(List<SweepHistoryEntry> history) {
        List<SweepHistoryEntry> last = new ArrayList<>(
                history.subList(Math.max(0, history.size() - SWEEPS), history.size()));
        Collections.reverse(last);
        return last;
    }

    private SubnetFacts facts(Subnet s) {
        int switches = (int) s.nodes().stream().filter(n -> n.isSwitch()).count();
        List<KnownSmRow> known = s.sms().stream()
                .map(k -> new KnownSmRow(k.portGuid(), k.lid(), stateName(k), k.info().priority())).toList();
        return new SubnetFacts(s.sweep(), s.smLid(), s.smPortGuid(), s.subnetPrefix(), s.nodes().size(), switches,
                s.links().size(), s.graph().maxLid(), s.routing().engine(), Optional.of(check(s)), known);
    }

    private RouteCheck check(Subnet s) {
        synchronized (checking) {
            if (s != checked) {
                RouteChecker.Report r = RouteChecker.check(s.graph(), s.routing());
                check = new RouteCheck(r.pairs(), r.unreachable(), r.loops(), r.creditLoopLayers());
                checked = s;
            }
            return check;
        }
    }

    private static String stateName(KnownSm k) {
        SmInfo info = k.info();
        try {
            return SmState.of(info.smState()).name();
        } catch (IllegalArgumentException e) {
            return info.stateName();
        }
    }

    @Override
    public CompletableFuture<Swept> resweep() {
        SubnetManager sm = tracker.getService();
        return sm == null ? none() : sm.sweep(SweepKind.HEAVY).thenApply(LocalSmSource::swept);
    }

    @Override
    public CompletableFuture<Swept> reroute() {
        SubnetManager sm = tracker.getService();
        return sm == null ? none() : sm.reroute().thenApply(LocalSmSource::swept);
    }

    private static CompletableFuture<Swept> none() {
        return CompletableFuture.failedFuture(new IllegalStateException("No subnet manager is running."));
    }

    @Override
    public void onSwept(Consumer<Swept> callback) {
        swept.add(callback);
    }

    @Override
    public void onChange(Runnable callback) {
        changed.add(callback);
    }

    @Override
    public void close() {
        swept.clear();
        changed.clear();
        tracker.close();
    }
}
