package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/** An SM runner on a port of a simulated fabric, for the tests: it counts the SMP Sets it sends, by attribute. */
final class SimSm implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(60);

    final SimFabric sim;
    final CountingChannel channel;
    final MadTransport transport;
    final SmRunner runner;
    final BlockingQueue<Subnet> ups = new LinkedBlockingQueue<>();
    /** The SMP Gets by attribute counted at each SUBNET UP, taken on the sweep thread before a next sweep starts. */
    final BlockingQueue<Map<Integer, Long>> getsAtUp = new LinkedBlockingQueue<>();
    final List<SweepReport> reports = new CopyOnWriteArrayList<>();

    SimSm(SimFabric sim, SimFabric.AttachPoint at, SmSettings settings) throws IOException {
        this(sim, at, settings, PartitionPolicy.DEFAULT);
    }

    /** An SM that programs what {@code policy} says (a {@link FabricPolicy}: partitions and QoS). */
    SimSm(SimFabric sim, SimFabric.AttachPoint at, SmSettings settings, PartitionPolicy policy) throws IOException {
        this(sim, at, settings, policy, minHop());
    }

    private static RoutingEngines minHop() {
        RoutingEngines engines = new RoutingEngines();
        engines.add(new MinHopEngine(), 0, 1);
        return engines;
    }

    /** An SM with these routing engines. */
    SimSm(SimFabric sim, SimFabric.AttachPoint at, SmSettings settings, PartitionPolicy policy, RoutingEngines engines)
            throws IOException {
        this.sim = sim;
        this.channel = new CountingChannel(sim.openChannel(at));
        this.transport = MadTransports.over(channel, new TransportConfig(settings.window(), settings.window()));
        this.runner = new SmRunner(transport, discovery(), engines, policy, settings);
        runner.addListener(new SmListener() {
            @Override
            public void subnetUp(Subnet subnet) {
                Map<Integer, Long> counted = new HashMap<>();
                channel.gets.forEach((attribute, n) -> counted.put(attribute, n.get()));
                getsAtUp.add(counted);
                ups.add(subnet);
            }

            @Override
            public void swept(SweepReport report) {
                reports.add(report);
            }
        });
    }

    /** Settings for tests: short time-outs, no timer sweeps, polls every 100 ms. */
    static SmSettings settings(Path guid2lid) {
        return SmSettings.defaults(guid2lid).withTimers(Duration.ZERO, Duration.ofMillis(100), 2);
    }

    SimSm start() throws IOException {
        runner.start();
        return this;
    }

    /** @return the subnet of the next SUBNET UP */
    Subnet awaitUp() throws InterruptedException {
        Subnet s = ups.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(s, "SUBNET UP within " + WAIT + "; reports: " + reports);
        return s;
    }

    @Override
    public void close() {
        runner.close();
        transport.close();
    }

    static Discovery discovery() {
        BundleContext context = FrameworkUtil.getBundle(SimSm.class).getBundleContext();
        Bundle provider = FrameworkUtil.getBundle(Discovery.class);
        try {
            if (provider.getState() != Bundle.ACTIVE) {
                provider.start();
            }
            ServiceTracker<Discovery, Discovery> tracker = new ServiceTracker<>(context, Discovery.class, null);
            tracker.open();
            try {
                Discovery d = tracker.waitForService(30_000);
                assertTrue(d != null, "the Discovery service is registered");
                return d;
            } finally {
                tracker.close();
            }
        } catch (Exception e) {
            throw new AssertionError("no Discovery service", e);
        }
    }

    /** A channel that counts the SMP Sets sent through it, by attribute ID. */
    static final class CountingChannel implements MadChannel {
        private final MadChannel inner;
        final java.util.concurrent.ConcurrentHashMap<Integer, java.util.concurrent.atomic.AtomicLong> sets = new java.util.concurrent.ConcurrentHashMap<>();

        CountingChannel(MadChannel inner) {
            this.inner = inner;
        }

        /** SMP Gets sent, by attribute. */
        final java.util.concurrent.ConcurrentHashMap<Integer, java.util.concurrent.atomic.AtomicLong> gets = new java.util.concurrent.ConcurrentHashMap<>();

        long gets(int attributeId) {
            java.util.concurrent.atomic.AtomicLong n = gets.get(attributeId);
            return n == null ? 0 : n.get();
        }

        long sets(int attributeId) {
            java.util.concurrent.atomic.AtomicLong n = sets.get(attributeId);
            return n == null ? 0 : n.get();
        }

        void reset() {
            sets.clear();
            gets.clear();
        }

        @Override
        public LocalPort localPort() throws IOException {
            return inner.localPort();
        }

        @Override
        public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods)
                throws IOException {
            inner.register(mgmtClass, classVersion, rmpp, unsolicitedMethods);
        }

        @Override
        public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
            if (length >= 24 && (mad[1] & 0x7F) == 0x01 && mad[3] == 0x02) {
                sets.computeIfAbsent(Bits.u16(mad, 16), k -> new java.util.concurrent.atomic.AtomicLong())
                        .incrementAndGet();
            } else if (length >= 24 && (mad[1] & 0x7F) == 0x01 && mad[3] == 0x01) {
                gets.computeIfAbsent(Bits.u16(mad, 16), k -> new java.util.concurrent.atomic.AtomicLong())
                        .incrementAndGet();
            }
            Hold h = hold;
            if (h != null && h.held(mad, length, destination, responseTimeoutMillis)) {
                return;
            }
            inner.send(mad, length, destination, responseTimeoutMillis);
        }

        /** A test's say over what is sent: a MAD it holds back (to send it later through {@link #release}). */
        @FunctionalInterface
        interface Hold {
            /** @return whether the MAD is held back rather than sent now */
            boolean held(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException;
        }

        /** Null: every MAD goes out as it comes. */
        volatile Hold hold;

        /** A test's say that another user waits for this channel's port ({@link MadChannel#contended}). */
        volatile boolean waitedFor;

        @Override
        public boolean contended() {
            return waitedFor || inner.contended();
        }

        /** Sends a MAD a {@link Hold} held back. */
        void release(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
            inner.send(mad, length, destination, responseTimeoutMillis);
        }

        @Override
        public void start(Receiver receiver) throws IOException {
            inner.start(receiver);
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    /** @return how many switch ports of the fabric have a link (a link between two switches counts twice) */
    static long switchPortsWithALink(SimFabric sim) {
        return sim.topology().links().stream().mapToLong(l -> (sim.topology().node(l.a()).get().isSwitch() ? 1 : 0)
                + (sim.topology().node(l.b()).get().isSwitch() ? 1 : 0)).sum();
    }
}
