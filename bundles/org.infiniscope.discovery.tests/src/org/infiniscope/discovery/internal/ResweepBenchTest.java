package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricDiff;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.Resweep;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Figures, not a test: the light re-sweep against a full sweep on the embedded simulator, unchanged and with one
 * cable pulled, on the fabrics of {@code INFINISCOPE_RESWEEP_BENCH} (comma-separated generator specs, for example
 * {@code ft3:12,ft3:36}). Skipped unless that variable is set; bench/resweep-sim.sh sets it. Each figure is the best of
 * five runs in one JVM after a warm-up; no time is asserted, only that the re-sweep finds what the full sweep finds.
 */
class ResweepBenchTest {

    private static final int RUNS = 5;

    @Test
    @EnabledIfEnvironmentVariable(named = "INFINISCOPE_RESWEEP_BENCH", matches = ".+")
    void resweepAgainstFullSweep() throws Exception {
        String specs = System.getenv("INFINISCOPE_RESWEEP_BENCH");
        SweepOptions options = new SweepOptions(64, Duration.ofSeconds(1), 3);
        for (String spec : specs.split(",")) {
            SimFabric fabric = SimFabric.of(TopologySpec.parse(spec));
            try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                    new TransportConfig(64, 64))) {
                DiscoveryImpl discovery = new DiscoveryImpl();
                FabricSnapshot full = discovery.sweep(transport, options);
                long fullNanos = Long.MAX_VALUE;
                for (int i = 0; i < RUNS; i++) {
                    long start = System.nanoTime();
                    full = discovery.sweep(transport, options);
                    fullNanos = Math.min(fullNanos, System.nanoTime() - start);
                }
                Resweep light = discovery.resweep(transport, options, full);
                long lightNanos = Long.MAX_VALUE;
                for (int i = 0; i < RUNS; i++) {
                    long start = System.nanoTime();
                    light = discovery.resweep(transport, options, full);
                    lightNanos = Math.min(lightNanos, System.nanoTime() - start);
                }
                assertEquals(List.of(), light.changes(), spec);
                FabricSnapshot base = full;
                // one cable pulled between the local host's leaf and a switch above it
                DiscoveredNode leaf = base.nodes().get(1);
                DiscoveredLink uplink = base.links().stream()
                        .filter(l -> l.nodeA() == leaf.nodeGuid() && base.node(l.nodeB()).orElseThrow().isSwitch()
                                || l.nodeB() == leaf.nodeGuid() && base.node(l.nodeA()).orElseThrow().isSwitch())
                        .reduce((a, b) -> b).orElseThrow();
                int port = uplink.nodeA() == leaf.nodeGuid() ? uplink.portA() : uplink.portB();
                fabric.faults().unplug(leaf.description(), port);
                long start = System.nanoTime();
                Resweep pulled = discovery.resweep(transport, options, full);
                long pulledNanos = System.nanoTime() - start;
                start = System.nanoTime();
                FabricSnapshot after = discovery.sweep(transport, options);
                long afterNanos = System.nanoTime() - start;
                assertEquals(FabricDiff.compare(full, after), pulled.changes(), spec);
                System.out.printf(
                        "resweep %s (%d nodes, %d links), window 64: full sweep %.1f ms, %d SMPs; light re-sweep"
                                + " %.1f ms, %d SMPs (%.2fx the time); one cable pulled: re-sweep %.1f ms, %d SMPs,"
                                + " %d changes, full sweep %.1f ms, %d SMPs%n",
                        spec, full.nodes().size(), full.links().size(), fullNanos / 1e6, full.smpsSent(),
                        lightNanos / 1e6, light.smpsSent(), (double) lightNanos / fullNanos, pulledNanos / 1e6,
                        pulled.smpsSent(), pulled.changes().size(), afterNanos / 1e6, after.smpsSent());
            }
        }
    }
}
