package org.infiniscope.verbs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.DeviceEvent;
import org.infiniscope.verbs.Verbs;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/** The {@link Verbs} service in the framework, with a simulated provider registered as a whiteboard service. */
class VerbsServiceTest {

    @Test
    void providersDevicesComeAndGoWithTheirService() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(Verbs.class);
        if (bundle.getState() != Bundle.ACTIVE) {
            bundle.start();
        }
        BundleContext bc = bundle.getBundleContext();
        ServiceTracker<Verbs, Verbs> tracker = new ServiceTracker<>(bc, Verbs.class, null);
        tracker.open();
        Verbs verbs = tracker.waitForService(20_000);
        assertNotNull(verbs, "the Verbs service");
        // the runtime's embedded fabric may show its HCAs already (EmbeddedSimVerbs)
        List<String> before = verbs.devices().stream().map(d -> d.name()).toList();

        SimFabric fabric = SimFabric.of(new Topology(
                List.of(new Node(NodeType.CA, "hostA", 1, 0xA0, 0xA0, List.of(0L, 0xA1L), 0x02c9, 0x1017),
                        new Node(NodeType.SWITCH, "sw", 2, 0x50, 0x50, List.of(0x50L), 0x02c9, 0xcf08)),
                List.of(Link.of("hostA", 1, "sw", 1)), Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        List<DeviceEvent> events = new ArrayList<>();
        AutoCloseable listening = verbs.addListener(events::add);
        try (SimVerbsProvider sim = new SimVerbsProvider(fabric)) {
            ServiceRegistration<VerbsProvider> reg = bc.registerService(VerbsProvider.class, sim, new Hashtable<>());
            List<String> with = new ArrayList<>(before);
            with.add("sim_hostA");
            assertEquals(with, verbs.devices().stream().map(d -> d.name()).toList());
            assertEquals(1, events.size());
            assertTrue(events.get(0).added());
            try (Context byName = verbs.open("sim_hostA"); Context byGuid = verbs.open(0xA0L)) {
                assertEquals(byName.device(), byGuid.device());
            }
            VerbsException x = assertThrows(VerbsException.class, () -> verbs.open("mlx5_0"));
            assertEquals(VerbsException.Errno.ENODEV, x.errno());
            sim.unplugDevice("hostA");
            assertEquals(2, events.size(), "hot removal passed on");
            assertEquals(before, verbs.devices().stream().map(d -> d.name()).toList());
            sim.plugDevice("hostA");
            reg.unregister();
            assertEquals(before, verbs.devices().stream().map(d -> d.name()).toList());
            assertEquals(List.of(true, false, true, false), events.stream().map(DeviceEvent::added).toList());
        } finally {
            listening.close();
            tracker.close();
        }
    }
}
