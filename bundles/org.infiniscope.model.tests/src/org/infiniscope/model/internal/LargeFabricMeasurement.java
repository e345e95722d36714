package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.time.Instant;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Generators;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Time and heap of the model for the 11,664-host 3-level fat tree (radix 36): a measurement, not a test, so it
 * runs only with {@code -Dinfiniscope.model.large=true} and prints its figures; it checks the results, never the
 * times.
 */
class LargeFabricMeasurement {

    private static long usedHeap(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    @Test
    void applyTheRadix36FatTree() throws Exception {
        assumeTrue(Boolean.getBoolean("infiniscope.model.large"), "set -Dinfiniscope.model.large=true to measure");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        Topology topology = Generators.fatTree3(36);
        FabricSnapshot snapshot = TopologySnapshots.of(topology);
        FabricSnapshot pulled = TopologySnapshots.unplug(snapshot, snapshot.links().get(snapshot.links().size() / 2));
        long base = usedHeap(memory);

        FabricModelServiceImpl service = new FabricModelServiceImpl();
        long t0 = System.nanoTime();
        FabricDelta first = service.update(snapshot, "ft3:36", Instant.now());
        long t1 = System.nanoTime();
        long heap = usedHeap(memory) - base;
        int ports = service.read(f -> f.getNodes().stream().mapToInt(n -> n.getPorts().size()).sum());
        assertEquals(topology.nodes().size(), service.read(f -> f.getNodes().size()));
        assertEquals(topology.links().size(), service.read(f -> f.getLinks().size()));

        // the best of 5 (the machine is shared, and the JIT warms up): the same snapshot again, then one cable
        // pulled and plugged back in turn
        long sameNanos = Long.MAX_VALUE;
        long oneNanos = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t2 = System.nanoTime();
            FabricDelta same = service.update(snapshot, null, Instant.EPOCH);
            long t3 = System.nanoTime();
            FabricDelta one = service.update(pulled, null, Instant.EPOCH);
            long t4 = System.nanoTime();
            service.update(snapshot, null, Instant.EPOCH);
            assertEquals(i == 0 ? 1 : 0, same.changes().size(), "only the sweep time, the first time");
            assertEquals(3, one.changes().size(), "the link and its two ends: " + one);
            sameNanos = Math.min(sameNanos, t3 - t2);
            oneNanos = Math.min(oneNanos, t4 - t3);
        }
        service.update(pulled, null, Instant.EPOCH);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long t5 = System.nanoTime();
        service.save(out);
        long t6 = System.nanoTime();
        Fabric loaded = FabricXmi.load(new ByteArrayInputStream(out.toByteArray()));
        long t7 = System.nanoTime();
        assertEquals(topology.links().size() - 1, loaded.getLinks().size());

        System.out.printf(
                "model ft3:36: %d nodes, %d ports, %d links; first update %.0f ms (%d changes), model heap %.1f MB;"
                        + " same snapshot again %.0f ms; one cable pulled %.0f ms (best of 5); XMI save %.0f ms (%.1f MB),"
                        + " load %.0f ms%n",
                topology.nodes().size(), ports, topology.links().size(), (t1 - t0) / 1e6, first.changes().size(),
                heap / 1e6, sameNanos / 1e6, oneNanos / 1e6, (t6 - t5) / 1e6, out.size() / 1e6, (t7 - t6) / 1e6);
    }

    @Test
    void sweepTheRadix36FatTreeOnTheEmbeddedSimulatorIntoTheModel() throws Exception {
        assumeTrue(Boolean.getBoolean("infiniscope.model.large"), "set -Dinfiniscope.model.large=true to measure");
        BundleContext context = FrameworkUtil.getBundle(LargeFabricMeasurement.class).getBundleContext();
        Bundle discoveryBundle = FrameworkUtil.getBundle(Discovery.class);
        if (discoveryBundle.getState() != Bundle.ACTIVE) {
            discoveryBundle.start();
        }
        ServiceTracker<Discovery, Discovery> tracker = new ServiceTracker<>(context, Discovery.class, null);
        tracker.open();
        Discovery discovery = tracker.waitForService(30_000);
        tracker.close();
        Topology topology = Generators.fatTree3(36);
        SimFabric sim = SimFabric.of(topology);
        SweepOptions options = new SweepOptions(64, Duration.ofSeconds(1), 3);
        FabricSnapshot first;
        long t0 = System.nanoTime();
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(64, 64))) {
            first = discovery.sweep(transport, options);
        }
        long t1 = System.nanoTime();
        FabricModelServiceImpl service = new FabricModelServiceImpl();
        FabricDelta added = service.update(first, "sim ft3:36", Instant.now());
        long t2 = System.nanoTime();
        assertEquals(topology.nodes().size(), service.read(f -> f.getNodes().size()));
        assertEquals(topology.links().size(), service.read(f -> f.getLinks().size()));

        // a second sweep after a cable is pulled in the simulator
        org.infiniscope.topology.Link cable = topology.links().get(topology.links().size() / 2);
        sim.faults().unplug(cable.a(), cable.portA());
        FabricSnapshot second;
        long t3 = System.nanoTime();
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(64, 64))) {
            second = discovery.sweep(transport, options);
        }
        long t4 = System.nanoTime();
        FabricDelta one = service.update(second, null, Instant.now());
        long t5 = System.nanoTime();
        assertEquals(1, one.elements(ModelChange.Kind.REMOVED, org.infiniscope.model.Link.class).size(), "" + one);
        System.out.printf(
                "model from the simulator ft3:36: sweep %.0f ms (%d SMPs), first update %.0f ms (%d changes);"
                        + " cable pulled: sweep %.0f ms, update %.0f ms (%d changes: %s)%n",
                (t1 - t0) / 1e6, first.smpsSent(), (t2 - t1) / 1e6, added.changes().size(), (t4 - t3) / 1e6,
                (t5 - t4) / 1e6, one.changes().size(),
                one.changes().stream().map(c -> c.kind() + " " + c.element().eClass().getName()
                        + c.features().stream().map(f -> f.getName()).toList()).toList());
    }
}
