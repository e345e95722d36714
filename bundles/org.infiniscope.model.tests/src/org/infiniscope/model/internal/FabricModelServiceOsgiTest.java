package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.ModelChange.Kind;
import org.infiniscope.model.Node;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The service as Declarative Services registers it, fed by the Discovery service sweeping the embedded simulator;
 * a listener registered as a service (whiteboard) is called.
 */
class FabricModelServiceOsgiTest {

    private static <T> T service(BundleContext context, Class<T> type) throws Exception {
        Bundle provider = FrameworkUtil.getBundle(type);
        if (provider.getState() != Bundle.ACTIVE) {
            provider.start(); // lazy bundles: SCR registers their components once they start
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

    @Test
    void aSweepOfTheSimulatorGoesIntoTheRegisteredModelAndToWhiteboardListeners() throws Exception {
        BundleContext context = FrameworkUtil.getBundle(FabricModelServiceOsgiTest.class).getBundleContext();
        FabricModelService model = service(context, FabricModelService.class);
        Discovery discovery = service(context, Discovery.class);
        List<FabricDelta> deltas = new ArrayList<>();
        ServiceRegistration<FabricModelListener> listener = context.registerService(FabricModelListener.class,
                deltas::add, null);
        try {
            SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
            SweepOptions options = new SweepOptions(16, Duration.ofMillis(200), 3);
            FabricSnapshot snapshot;
            try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                    new TransportConfig(16, 16))) {
                snapshot = discovery.sweep(transport, options);
            }
            model.update(snapshot);
            // the service is shared with other tests: compare with what this sweep must have made of it
            int nodes = model.read(f -> f.getNodes().size());
            assertEquals(snapshot.nodes().size(), nodes);
            assertEquals(snapshot.links().size(), (int) model.read(f -> f.getLinks().size()));
            assertEquals(1, deltas.size(), "the whiteboard listener was called once");
            Node local = model.read(f -> f.getNodes().stream().filter(n -> n.getNodeGuid() == snapshot.localNodeGuid())
                    .findFirst().orElseThrow());
            assertEquals(snapshot.node(snapshot.localNodeGuid()).orElseThrow().description(), local.getDescription());

            // a second sweep of an unchanged fabric changes nothing
            try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                    new TransportConfig(16, 16))) {
                FabricDelta again = model.update(discovery.sweep(transport, options));
                assertEquals(List.of(), again.elements(Kind.CHANGED, Node.class));
                assertEquals(List.of(), again.elements(Kind.ADDED, Node.class));
            }

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            model.save(out);
            Fabric loaded = FabricXmi.load(new ByteArrayInputStream(out.toByteArray()));
            assertEquals(true, EcoreUtil.equals(model.copy(), loaded), "the saved model reads back equal");
        } finally {
            listener.unregister();
        }
        ServiceReference<FabricModelService> ref = context.getServiceReference(FabricModelService.class);
        assertNotNull(ref);
    }
}
