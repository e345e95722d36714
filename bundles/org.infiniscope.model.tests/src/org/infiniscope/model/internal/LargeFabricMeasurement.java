package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Instant;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.topology.Generators;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;

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

        long t2 = System.nanoTime();
        FabricDelta same = service.update(snapshot, null, Instant.EPOCH);
        long t3 = System.nanoTime();
        FabricDelta one = service.update(pulled, null, Instant.EPOCH);
        long t4 = System.nanoTime();
        assertEquals(1, same.changes().size(), "only the sweep time");
        assertEquals(3, one.changes().size(), "the link and its two ends: " + one);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long t5 = System.nanoTime();
        service.save(out);
        long t6 = System.nanoTime();
        Fabric loaded = FabricXmi.load(new ByteArrayInputStream(out.toByteArray()));
        long t7 = System.nanoTime();
        assertEquals(topology.links().size() - 1, loaded.getLinks().size());

        System.out.printf(
                "model ft3:36: %d nodes, %d ports, %d links; first update %.0f ms (%d changes), model heap %.1f MB;"
                        + " same snapshot again %.0f ms; one cable pulled %.0f ms; XMI save %.0f ms (%.1f MB),"
                        + " load %.0f ms%n",
                topology.nodes().size(), ports, topology.links().size(), (t1 - t0) / 1e6, first.changes().size(),
                heap / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t6 - t5) / 1e6, out.size() / 1e6, (t7 - t6) / 1e6);
    }
}
