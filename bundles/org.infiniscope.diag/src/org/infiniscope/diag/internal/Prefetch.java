package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.diag.counters.Thresholds;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;

/**
 * The PMA queries {@link Errors} is going to make, asked ahead with many in flight, as the performance manager sweeps
 * (a virtual thread a query, a semaphore as the window): every node's ClassPortInfo, then each switch's AllPortSelect
 * sums, then the ports of the nodes whose sums (or lack of AllPortSelect) call for them. {@link Errors} then walks the
 * fabric in ibqueryerrors' order as before and is served each answer (or failure) once, from here; what it asks that
 * was not asked ahead, and every reset, goes to the PMA then. So its output is what it was, without a round trip per
 * query.
 */
final class Prefetch implements PortCounterReader {

    private final PortCounterReader live;
    private final Semaphore window;
    /** The answers not used yet: a value, or the {@link CounterQueryException} it failed with. */
    private final Map<String, Object> answers = new ConcurrentHashMap<>();

    private Prefetch(PortCounterReader live, int window) {
        this.live = live;
        this.window = new Semaphore(Math.max(1, window));
    }

    /** @return a reader holding the answers to what {@code errors} will ask on this fabric */
    static Prefetch of(PortCounterReader live, int window, FabricSnapshot fabric, ErrorsArgs args,
            Thresholds thresholds) throws InterruptedException {
        Prefetch p = new Prefetch(live, window);
        p.run(fabric, args, thresholds);
        return p;
    }

    /** Where a node's PMA is asked, as {@link Errors} asks it: a switch at port 0, a CA at its first port. */
    private record Node(DiscoveredNode node, int lid, int first) {
    }

    private void run(FabricSnapshot fabric, ErrorsArgs args, Thresholds thresholds) throws InterruptedException {
        List<Node> nodes = new ArrayList<>();
        for (DiscoveredNode node : fabric.nodes()) {
            if (!args.wants(node.type())) {
                continue;
            }
            int lid = 0;
            int first = 0;
            if (node.isSwitch()) {
                lid = node.port(0).map(DiscoveredPort::lid).orElse(0);
            } else {
                for (DiscoveredPort p : node.ports()) {
                    if (p.number() >= 1) {
                        first = p.number();
                        lid = p.lid();
                        break;
                    }
                }
            }
            if (lid != 0) {
                nodes.add(new Node(node, lid, first));
            }
        }
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> tasks = new ArrayList<>();
            for (Node n : nodes) {
                tasks.add(threads.submit(() -> {
                    node(threads, n, args, thresholds);
                    return null;
                }));
            }
            for (Future<?> f : tasks) {
                get(f);
            }
        }
    }

    /** One node's queries, in the order they depend on each other. */
    private void node(ExecutorService threads, Node n, ErrorsArgs args, Thresholds thresholds)
            throws InterruptedException {
        ClassPortInfo info;
        try {
            info = ask("cpi:" + n.lid() + ":" + n.first(), () -> live.classPortInfo(n.lid(), n.first()));
        } catch (CounterQueryException e) {
            return; // Errors goes on without capabilities: nothing more to guess ahead
        }
        if (args.countersOnly()) {
            return; // what --counters reads is asked when it is needed
        }
        boolean allPorts = info.hasCapability(PerfCapability.ALL_PORT_SELECT);
        ExtendedCounterVariant variant = extended(info) ? PerfCapability.extendedVariant(info) : null;
        if (allPorts && !above(n, PerfCounters.ALL_PORTS, variant, thresholds)) {
            return; // nothing above its threshold anywhere: Errors reads no port
        }
        int start = n.node().isSwitch() && n.node().enhancedPort0() ? 0 : 1;
        List<Future<?>> ports = new ArrayList<>();
        for (DiscoveredPort p : n.node().ports()) {
            if (p.number() >= start && p.number() <= n.node().portCount()) {
                ports.add(threads.submit(() -> {
                    above(n, p.number(), variant, thresholds);
                    return null;
                }));
            }
        }
        for (Future<?> f : ports) {
            get(f);
        }
    }

    private static boolean extended(ClassPortInfo info) {
        return info.hasCapability(PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED)
                || info.hasCapability(PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF);
    }

    /**
     * Asks a port's PortCounters (and PortCountersExtended, as Errors does when the agent has it).
     *
     * @return whether an error counter is above its threshold in either (suppressed or not: then Errors may read
     *         more than it needs, never less), or the query failed (Errors then warns and goes on)
     */
    private boolean above(Node n, int port, ExtendedCounterVariant variant, Thresholds thresholds)
            throws InterruptedException {
        PerfCounters<PortCounter> pc;
        PerfCounters<ExtendedPortCounter> pce = null;
        try {
            pc = ask("pc:" + n.lid() + ":" + port, () -> live.portCounters(n.lid(), port));
            if (variant != null) {
                pce = ask("pce:" + n.lid() + ":" + port + ":" + variant,
                        () -> live.portCountersExtended(n.lid(), port, variant));
            }
        } catch (CounterQueryException e) {
            return true;
        }
        for (PortCounter c : Errors.ERRORS) {
            long limit = thresholds.of(c.label());
            if (Long.compareUnsigned(pc.find(c).orElse(0), limit) > 0) {
                return true;
            }
            if (pce != null) {
                ExtendedPortCounter e = ExtendedPortCounter.valueOf(c.name());
                if (Long.compareUnsigned(pce.find(e).orElse(0), limit) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    @FunctionalInterface
    private interface Query<T> {
        T call() throws CounterQueryException;
    }

    /** Asks once, within the window, and keeps the answer or the failure for {@link Errors}. */
    private <T> T ask(String key, Query<T> query) throws CounterQueryException, InterruptedException {
        window.acquire();
        try {
            T value = query.call();
            answers.put(key, value);
            return value;
        } catch (CounterQueryException e) {
            answers.put(key, e);
            throw e;
        } finally {
            window.release();
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T served(String key, Query<T> otherwise) throws CounterQueryException {
        Object answer = answers.remove(key);
        if (answer instanceof CounterQueryException e) {
            throw e;
        }
        return answer != null ? (T) answer : otherwise.call();
    }

    private static void get(Future<?> f) throws InterruptedException {
        try {
            f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a counter query failed unexpectedly", e.getCause());
        }
    }

    @Override
    public ClassPortInfo classPortInfo(int lid, int port) throws CounterQueryException {
        return served("cpi:" + lid + ":" + port, () -> live.classPortInfo(lid, port));
    }

    @Override
    public PerfCounters<PortCounter> portCounters(int lid, int port) throws CounterQueryException {
        return served("pc:" + lid + ":" + port, () -> live.portCounters(lid, port));
    }

    @Override
    public PerfCounters<ExtendedPortCounter> portCountersExtended(int lid, int port, ExtendedCounterVariant variant)
            throws CounterQueryException {
        return served("pce:" + lid + ":" + port + ":" + variant, () -> live.portCountersExtended(lid, port, variant));
    }

    @Override
    public void resetPortCounters(int lid, int port, long select) throws CounterQueryException {
        live.resetPortCounters(lid, port, select);
    }

    @Override
    public void resetPortCountersExtended(int lid, int port, long select) throws CounterQueryException {
        live.resetPortCountersExtended(lid, port, select);
    }
}
