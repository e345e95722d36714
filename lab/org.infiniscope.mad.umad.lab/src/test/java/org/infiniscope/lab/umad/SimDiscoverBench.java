package org.infiniscope.lab.umad;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;

/**
 * The discovery service's sweep of the embedded simulator, in one JVM, for {@code bench/discover-sim.sh}; prints
 * one line: {@code sim-discover spec=S window=W nodes=N smps=K build=B cold=C seconds=S fabricMiB=F snapshotMiB=M}:
 * the time to build the simulated fabric, the first sweep, the best later sweep, and the heap the fabric and one
 * snapshot hold (used heap after a full GC, measured before and after each is made).
 */
public final class SimDiscoverBench {

    private SimDiscoverBench() {
    }

    /** @param args the generator spec (default ft3:36, the 11,664-host fat tree), the window, the number of sweeps */
    public static void main(String[] args) throws Exception {
        String spec = args.length > 0 ? args[0] : "ft3:36";
        int window = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int sweeps = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long empty = used(memory);
        long start = System.nanoTime();
        SimFabric fabric = SimFabric.of(TopologySpec.parse(spec));
        double build = (System.nanoTime() - start) / 1e9;
        long withFabric = used(memory);
        SweepOptions options = new SweepOptions(window, Duration.ofSeconds(1), 3);
        double cold = 0;
        double best = Double.MAX_VALUE;
        FabricSnapshot snapshot = null;
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(window, window))) {
            for (int i = 0; i < sweeps; i++) {
                snapshot = null;
                long t0 = System.nanoTime();
                snapshot = new DiscoveryImpl().sweep(transport, options);
                double seconds = (System.nanoTime() - t0) / 1e9;
                cold = i == 0 ? seconds : cold;
                best = i == 0 && sweeps > 1 ? best : Math.min(best, seconds);
            }
        }
        long withSnapshot = used(memory);
        System.out.printf(
                "sim-discover spec=%s window=%d nodes=%d smps=%d build=%.3f cold=%.3f seconds=%.3f "
                        + "fabricMiB=%.1f snapshotMiB=%.1f%n",
                spec, window, snapshot.nodes().size(), snapshot.smpsSent(), build, cold, best,
                (withFabric - empty) / 1048576.0, (withSnapshot - withFabric) / 1048576.0);
        if (fabric.hashCode() == 0) {
            System.out.println(); // keeps the fabric reachable until the last measurement
        }
    }

    private static long used(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
