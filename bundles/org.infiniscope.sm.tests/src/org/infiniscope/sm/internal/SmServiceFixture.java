package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.internal.routing.UpDownEngine;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.TopologySpec;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * The SM service of the headless runtime, made by hand as Declarative Services makes it (its configuration a map of
 * properties; min-hop and up/down; a simulator that keeps one fabric per topology, as the runtime's does), what it
 * brought up, and its configuration changed as Configuration Admin changes it ({@link #update}, {@link #moveTo}).
 */
final class SmServiceFixture implements AutoCloseable {

    private static final AtomicLong IDS = new AtomicLong(1_000_000);

    final SubnetManagerService sm;
    final BlockingQueue<Subnet> ups = new LinkedBlockingQueue<>();
    final BlockingQueue<SweepReport> reports = new LinkedBlockingQueue<>();
    final Map<String, Object> config = new HashMap<>();

    /** An SM told to run on {@code fabric}, without timer sweeps. */
    SmServiceFixture(Path guid2lid, String fabric) {
        config.put("enabled", "true");
        config.put("guid2lid.file", guid2lid.toString());
        config.put("sweep_interval", "0");
        config.put("fabric", fabric);
        sm = new SubnetManagerService(FrameworkUtil.getBundle(SmServiceFixture.class).getBundleContext(), config,
                SimSm.discovery());
        sm.addListener(new SmListener() {
            @Override
            public void subnetUp(Subnet subnet) {
                ups.add(subnet);
            }

            @Override
            public void swept(SweepReport report) {
                reports.add(report);
            }
        });
        sm.addEngine(reference(), (RoutingEngine) new MinHopEngine());
        sm.addEngine(reference(), (RoutingEngine) new UpDownEngine());
        sm.addProvider(reference(), new SimProvider());
    }

    @SuppressWarnings("unchecked")
    private static <T> ServiceReference<T> reference() {
        long id = IDS.incrementAndGet();
        return (ServiceReference<T>) Proxy.newProxyInstance(SmServiceFixture.class.getClassLoader(),
                new Class<?>[]{ServiceReference.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getProperty" -> Constants.SERVICE_ID.equals(args[0]) ? (Object) id : null;
                    case "hashCode" -> Long.hashCode(id);
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
    }

    /** Moves the SM as the fabric connection does: the same configuration, with another fabric. */
    void moveTo(String fabric) {
        update(Map.of("fabric", fabric));
    }

    /** Changes the configuration as Configuration Admin does: the service's {@code @Modified} method. */
    void update(Map<String, Object> changes) {
        ups.clear();
        reports.clear();
        config.putAll(changes);
        sm.modified(new HashMap<>(config));
    }

    /** @return the next SUBNET UP of a fabric of {@code nodes} nodes */
    Subnet awaitUp(int nodes) throws InterruptedException {
        return awaitUp(nodes, s -> true, "any");
    }

    /**
     * @return the next SUBNET UP of a fabric of {@code nodes} nodes that is {@code wanted}, passing over those of
     *         sweeps that ran when the configuration changed (a heavy sweep in flight ends as it began)
     */
    Subnet awaitUp(int nodes, Predicate<Subnet> wanted, String what) throws InterruptedException {
        long deadline = System.nanoTime() + SimSm.WAIT.toNanos();
        List<String> passed = new ArrayList<>();
        while (true) {
            long left = deadline - System.nanoTime();
            Subnet s = left > 0 ? ups.poll(left, TimeUnit.NANOSECONDS) : null;
            assertNotNull(s, "SUBNET UP (" + what + ") within " + SimSm.WAIT + "; passed over " + passed + "; history "
                    + sm.sweepHistory());
            if (s.nodes().size() == nodes && wanted.test(s)) {
                return s;
            }
            passed.add(s.nodes().size() + " nodes routed by " + s.routing().engine());
        }
    }

    /** @return the next sweep's report */
    SweepReport awaitSweep() throws InterruptedException {
        SweepReport r = reports.poll(SimSm.WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(r, "a sweep within " + SimSm.WAIT + "; history " + sm.sweepHistory());
        return r;
    }

    @Override
    public void close() {
        sm.deactivate();
    }

    /** The runtime's simulator: one fabric per topology for its life, kept across the SM's moves. */
    static final class SimProvider implements ChannelProvider {
        private final Map<String, SimFabric> fabrics = new ConcurrentHashMap<>();

        @Override
        public boolean handles(String fabric) {
            return fabric.startsWith("sim:");
        }

        @Override
        public MadChannel open(String fabric) {
            SimFabric sim = fabrics.computeIfAbsent(fabric, f -> {
                try {
                    return SimFabric.of(TopologySpec.parse(f.substring(4)));
                } catch (Exception e) {
                    throw new IllegalArgumentException(e);
                }
            });
            return sim.openChannel(sim.defaultAttachPoint());
        }
    }
}
