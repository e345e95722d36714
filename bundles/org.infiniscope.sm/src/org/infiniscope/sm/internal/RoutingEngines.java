package org.infiniscope.sm.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;

/**
 * The {@link RoutingEngine} whiteboard: engines by name, the highest {@code service.ranking} first (then the oldest),
 * and the chain of a sweep, tried in order as OpenSM's {@code routing_engine} list, with min-hop ending every chain.
 * <p>
 * A vendor's engine (one of another bundle than this one) is called through {@link VendorCalls}, like every vendor
 * SPI: within the routing time limit ({@value #VENDOR_DEFAULT_SECONDS} s when there is none), its
 * {@link RoutingException} the engine's own answer, while an unchecked exception or no answer in time quarantines it
 * (logged once, naming its bundle; it is not called again until its bundle registers it anew). Either way the chain
 * goes on with the next engine, and min-hop ends it.
 */
final class RoutingEngines {

    /** The engine every chain ends with. */
    static final String MINHOP = "minhop";
    /** The bound of a vendor engine's call when the SM has no routing time limit. */
    static final long VENDOR_DEFAULT_SECONDS = 120;

    private final VendorCalls calls;
    private final Predicate<RoutingEngine> vendor;

    RoutingEngines() {
        this(VendorCalls.shared(), RoutingEngines::ofAnotherBundle);
    }

    /** @param vendor which engines are a vendor's, called through {@code calls} (tests) */
    RoutingEngines(VendorCalls calls, Predicate<RoutingEngine> vendor) {
        this.calls = calls;
        this.vendor = vendor;
    }

    private static boolean ofAnotherBundle(RoutingEngine engine) {
        org.osgi.framework.Bundle mine = org.osgi.framework.FrameworkUtil.getBundle(RoutingEngines.class);
        org.osgi.framework.Bundle theirs = org.osgi.framework.FrameworkUtil.getBundle(engine.getClass());
        return theirs != null && !theirs.equals(mine);
    }

    private record Ranked(RoutingEngine engine, int ranking, long serviceId) {
    }

    private static final Comparator<Ranked> PRECEDENCE = Comparator.comparingInt(Ranked::ranking).reversed()
            .thenComparingLong(Ranked::serviceId);

    private final List<Ranked> engines = new CopyOnWriteArrayList<>();

    void add(RoutingEngine engine, int ranking, long serviceId) {
        engines.add(new Ranked(engine, ranking, serviceId));
    }

    void remove(long serviceId) {
        engines.removeIf(r -> r.serviceId() == serviceId);
    }

    void remove(RoutingEngine engine) {
        engines.removeIf(r -> r.engine() == engine);
    }

    /** @return the engine that answers to a name */
    Optional<RoutingEngine> engine(String name) {
        return engines.stream().sorted(PRECEDENCE).map(Ranked::engine).filter(e -> name.equals(e.name())).findFirst();
    }

    /** @return the names installed, sorted */
    List<String> names() {
        return engines.stream().map(r -> r.engine().name()).distinct().sorted().toList();
    }

    /** What the chain computed, and what the engines before the one that did said. */
    record Routed(RoutingResult result, List<String> fallbacks) {
    }

    /**
     * Runs the chain.
     *
     * @throws RoutingException when no engine of the chain (min-hop included) is installed or could route the graph
     */
    Routed route(List<String> chain, RoutingGraph graph, RoutingRequest request)
            throws RoutingException, InterruptedException {
        return route(chain, graph, request, Duration.ZERO);
    }

    /**
     * Runs the chain, each engine but the last (min-hop, which ends it) within a time limit: an engine still running
     * then is interrupted (engines stop at their next check of the interrupt flag) and the next one is tried.
     *
     * @param limit the time each engine has; zero: no limit, the engines run on the caller's thread
     * @throws RoutingException when no engine of the chain (min-hop included) is installed or could route the graph
     */
    Routed route(List<String> chain, RoutingGraph graph, RoutingRequest request, Duration limit)
            throws RoutingException, InterruptedException {
        List<String> names = new ArrayList<>(chain);
        if (!names.contains(MINHOP)) {
            names.add(MINHOP);
        }
        List<String> fallbacks = new ArrayList<>();
        for (String name : names) {
            Optional<RoutingEngine> engine = engine(name);
            if (engine.isEmpty()) {
                fallbacks.add(name + ": no such engine is installed (installed: "
                        + (names().isEmpty() ? "none" : String.join(", ", names())) + ")");
                continue;
            }
            try {
                boolean last = name.equals(names.get(names.size() - 1));
                RoutingResult r;
                if (vendor.test(engine.get())) {
                    r = vendorRoute(engine.get(), graph, request, limit);
                } else {
                    r = limit.isZero() || last
                            ? engine.get().route(graph, request)
                            : timed(engine.get(), graph, request, limit);
                }
                if (r.switchCount() != graph.switchCount()) {
                    fallbacks.add(
                            name + ": gave " + r.switchCount() + " tables for " + graph.switchCount() + " switches");
                    continue;
                }
                return new Routed(r, fallbacks);
            } catch (RoutingException e) {
                fallbacks.add(name + ": " + e.getMessage());
            } catch (RuntimeException e) {
                fallbacks.add(name + ": failed: " + e);
            }
        }
        throw new RoutingException("no engine of the chain " + String.join(",", chain) + " routed the subnet: "
                + String.join("; ", fallbacks));
    }

    /** Runs a vendor's engine through {@link VendorCalls}; whatever goes wrong is a {@link RoutingException}. */
    private RoutingResult vendorRoute(RoutingEngine engine, RoutingGraph graph, RoutingRequest request, Duration limit)
            throws RoutingException, InterruptedException {
        Duration bound = limit.isZero() ? Duration.ofSeconds(VENDOR_DEFAULT_SECONDS) : limit;
        try {
            RoutingResult r = calls.call(engine, "route", bound, () -> engine.route(graph, request));
            if (r == null) {
                throw new RoutingException("gave no result (" + VendorCalls.bundleOf(engine) + ")");
            }
            return r;
        } catch (VendorCallException e) {
            if (e.kind() == VendorCallException.Kind.DECLARED && e.getCause() instanceof RoutingException r) {
                throw r;
            }
            throw new RoutingException(e.getMessage());
        }
    }

    /** Runs an engine on a thread of its own, interrupted when it has not answered within {@code limit}. */
    private static RoutingResult timed(RoutingEngine engine, RoutingGraph graph, RoutingRequest request, Duration limit)
            throws RoutingException, InterruptedException {
        FutureTask<RoutingResult> task = new FutureTask<>(() -> engine.route(graph, request));
        Thread t = new Thread(task, "routing " + engine.name());
        t.setDaemon(true);
        t.start();
        try {
            return task.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            throw new RoutingException(
                    "no result within the routing time limit of " + limit.toMillis() + " ms: interrupted");
        } catch (InterruptedException e) {
            t.interrupt();
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RoutingException r) {
                throw r;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new RoutingException("interrupted: " + cause);
        }
    }
}
