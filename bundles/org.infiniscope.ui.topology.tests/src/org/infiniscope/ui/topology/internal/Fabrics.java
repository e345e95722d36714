package org.infiniscope.ui.topology.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.infiniscope.ui.topology.internal.graph.GraphBuilder;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/** A simulated fabric swept by the discovery service into the model service, and the view's graph of it. */
final class Fabrics {

    final SimFabric sim;
    final TopoGraph graph;
    final FabricSnapshot snapshot;

    private Fabrics(SimFabric sim, FabricSnapshot snapshot, TopoGraph graph) {
        this.sim = sim;
        this.snapshot = snapshot;
        this.graph = graph;
    }

    /**
     * @param spec a generator spec ({@code ft3:12}…)
     * @param lids whether to give every node a LID and every switch its LFT first
     */
    static Fabrics swept(String spec, boolean lids) throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse(spec));
        if (lids) {
            new MiniSm(sim, sim.defaultAttachPoint()).configure();
        }
        BundleContext context = FrameworkUtil.getBundle(Fabrics.class).getBundleContext();
        Discovery discovery = service(context, Discovery.class);
        FabricModelService model = service(context, FabricModelService.class);
        FabricSnapshot snapshot;
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(32, 32))) {
            snapshot = discovery.sweep(transport, new SweepOptions(32, Duration.ofMillis(500), 3));
        }
        model.update(snapshot, spec, java.time.Instant.now());
        TopoGraph graph = model.read(f -> GraphBuilder.build(f, null));
        return new Fabrics(sim, snapshot, graph);
    }

    static <T> T service(BundleContext context, Class<T> type) throws Exception {
        Bundle provider = FrameworkUtil.getBundle(type);
        if (provider.getState() != Bundle.ACTIVE) {
            provider.start();
        }
        ServiceTracker<T, T> tracker = new ServiceTracker<>(context, type, null);
        tracker.open();
        try {
            T service = tracker.waitForService(30_000);
            assertNotNull(service, type.getName() + " is registered");
            return service;
        } finally {
            tracker.close();
        }
    }
}
