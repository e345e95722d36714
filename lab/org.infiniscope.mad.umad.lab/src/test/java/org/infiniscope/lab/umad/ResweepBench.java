package org.infiniscope.lab.umad;

import java.time.Duration;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.Resweep;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;

/**
 * The light re-sweep ({@code Discovery.resweep}) against a full sweep in one JVM under umad2sim, for
 * {@code bench/resweep-ibsim.sh}; prints one line:
 * {@code resweep window=W full=S1 fullSmps=N1 light=S2 lightSmps=N2 changes=C}, each time the best of the runs after
 * the first.
 */
public final class ResweepBench {

    private ResweepBench() {
    }

    /** @param args the window, and how many runs of each (default 5) */
    public static void main(String[] args) throws Exception {
        int window = Integer.parseInt(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SweepOptions options = new SweepOptions(window, Duration.ofSeconds(1), 3);
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"),
                new TransportConfig(window, window))) {
            DiscoveryImpl discovery = new DiscoveryImpl();
            FabricSnapshot full = discovery.sweep(transport, options);
            double fullBest = Double.MAX_VALUE;
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                full = discovery.sweep(transport, options);
                fullBest = Math.min(fullBest, (System.nanoTime() - start) / 1e9);
            }
            Resweep light = discovery.resweep(transport, options, full);
            double lightBest = Double.MAX_VALUE;
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                light = discovery.resweep(transport, options, full);
                lightBest = Math.min(lightBest, (System.nanoTime() - start) / 1e9);
            }
            System.out.printf("resweep window=%d nodes=%d full=%.4f fullSmps=%d light=%.4f lightSmps=%d changes=%d%n",
                    window, full.nodes().size(), fullBest, full.smpsSent(), lightBest, light.smpsSent(),
                    light.changes().size());
        }
    }
}
