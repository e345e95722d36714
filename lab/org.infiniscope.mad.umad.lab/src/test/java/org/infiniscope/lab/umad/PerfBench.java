package org.infiniscope.lab.umad;

import java.lang.management.ManagementFactory;
import java.time.Duration;

import com.sun.management.OperatingSystemMXBean;

import org.infiniscope.diag.internal.PortCountersComponent;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.internal.PerfManagerImpl;

/**
 * The performance manager's sweep of every port under umad2sim, in one JVM, for
 * {@code bench/perf-vs-ibqueryerrors.sh}; prints one line:
 * {@code perf window=W nodes=N ports=P queries=Q discover=D cold=C seconds=S cpu=U unreachable=U}: the discovery
 * sweep that gives the topology, the first counter sweep (ClassPortInfo of every node, then the counters), the best of
 * the later ones (the topology and capabilities known, as in a running manager) and the CPU time this JVM used in it.
 */
public final class PerfBench {

    private PerfBench() {
    }

    /** @param args the window, and how many counter sweeps to run (default 5) */
    public static void main(String[] args) throws Exception {
        int window = Integer.parseInt(args[0]);
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"),
                new TransportConfig(window, window))) {
            long t0 = System.nanoTime();
            FabricSnapshot snapshot = new DiscoveryImpl().sweep(transport,
                    new SweepOptions(window, Duration.ofSeconds(1), 3));
            double discover = (System.nanoTime() - t0) / 1e9;
            PerfManagerImpl manager = new PerfManagerImpl(new PortCountersComponent(), 10);
            PollOptions options = new PollOptions(window, Duration.ofSeconds(1), false);
            OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            double cold = 0;
            double best = Double.MAX_VALUE;
            double bestCpu = 0;
            SweepSummary summary = null;
            for (int i = 0; i < sweeps; i++) {
                long cpu = os.getProcessCpuTime();
                summary = manager.sweep(transport, snapshot, options);
                double used = (os.getProcessCpuTime() - cpu) / 1e9;
                double seconds = summary.elapsed().toNanos() / 1e9;
                cold = i == 0 ? seconds : cold;
                if ((i > 0 || sweeps == 1) && seconds < best) {
                    best = seconds;
                    bestCpu = used;
                }
            }
            // cpu: what this JVM's threads used (user and system, every core) during the best sweep
            System.out.printf(
                    "perf window=%d nodes=%d ports=%d queries=%d discover=%.4f cold=%.4f seconds=%.4f cpu=%.4f"
                            + " unreachable=%d%n",
                    window, summary.nodes(), summary.ports(), summary.queries(), discover, cold, best, bestCpu,
                    summary.unreachable().size());
        }
    }
}
