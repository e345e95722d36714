package org.infiniscope.lab.umad;

import java.time.Duration;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;

/**
 * The discovery service's sweep (what {@code ./infiniscope discover} runs) timed in one JVM under umad2sim, for
 * {@code bench/discover-vs-ibnetdiscover.sh}; prints one line:
 * {@code discover window=W smps=N nodes=K cold=S1 seconds=S}: the first sweep's time, and the best of the later ones.
 */
public final class DiscoverBench {

    private DiscoverBench() {
    }

    /** @param args the window, and how many sweeps to run in this JVM (default 5) */
    public static void main(String[] args) throws Exception {
        int window = Integer.parseInt(args[0]);
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SweepOptions options = new SweepOptions(window, Duration.ofSeconds(1), 3);
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"),
                new TransportConfig(window, window))) {
            double cold = 0;
            double best = Double.MAX_VALUE;
            FabricSnapshot snapshot = null;
            for (int i = 0; i < sweeps; i++) {
                long start = System.nanoTime();
                snapshot = new DiscoveryImpl().sweep(transport, options);
                double seconds = (System.nanoTime() - start) / 1e9;
                cold = i == 0 ? seconds : cold;
                best = i == 0 && sweeps > 1 ? best : Math.min(best, seconds);
            }
            System.out.printf("discover window=%d smps=%d nodes=%d cold=%.4f seconds=%.4f%n", window,
                    snapshot.smpsSent(), snapshot.nodes().size(), cold, best);
        }
    }
}
