package org.infiniscope.ui.topology.internal.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.ui.topology.internal.FabricsAccess;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.junit.jupiter.api.Test;

/** Paths traced hop by hop from the LFTs a minimal SM programmed into the simulated fabric. */
class PathTracerTest {

    private static int node(TopoGraph g, String name) {
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.name(i).equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no node " + name);
    }

    @Test
    void aPathAcrossTheFatTreeGoesUpToASpineAndDownAgain() throws Exception {
        FabricsAccess.Swept f = FabricsAccess.withLids("ft2:4:2:4");
        TopoGraph g = f.graph();
        SimFabric sim = f.sim();
        int from = node(g, "h00002");
        int to = node(g, "h00016");
        PathTracer.Route route;
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(4, 4))) {
            route = new PathTracer(transport, g).trace(g.guid(from), 1, g.guid(to), 1);
        }
        List<String> names = route.nodes().stream().map(g::name).toList();
        assertEquals(5, names.size(), names.toString());
        assertEquals(List.of("h00002", "leaf001"), names.subList(0, 2));
        assertTrue(names.get(2).startsWith("spine"), names.toString());
        assertEquals(List.of("leaf004", "h00016"), names.subList(3, 5));
        assertEquals(3, route.lfts(), "one LFT block read a switch");
        for (int k = 0; k < route.links().size(); k++) {
            int l = route.links().get(k);
            int a = route.nodes().get(k);
            int b = route.nodes().get(k + 1);
            assertTrue(g.other(l, a) == b, "link " + k + " joins " + g.name(a) + " and " + g.name(b));
        }
        // the same leaf: down at once
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(4, 4))) {
            PathTracer.Route near = new PathTracer(transport, g).trace(g.guid(from), 1, g.guid(node(g, "h00003")), 1);
            assertEquals(List.of("h00002", "leaf001", "h00003"), near.nodes().stream().map(g::name).toList());
        }
    }

    @Test
    void withoutLidsThereIsNoPathAndTheMessageSaysWhy() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft2:4:2:4");
        SimFabric sim = SimFabric.of(org.infiniscope.topology.TopologySpec.parse("ft2:4:2:4"));
        try (MadTransport transport = MadTransports.over(sim.openChannel(sim.defaultAttachPoint()),
                new TransportConfig(4, 4))) {
            PathTracer.TraceException e = assertThrows(PathTracer.TraceException.class,
                    () -> new PathTracer(transport, g).trace(g.guid(node(g, "h00001")), 1, g.guid(node(g, "h00016")),
                            1));
            assertTrue(e.getMessage().contains("h00016 port 1 has no LID"), e.getMessage());
        }
    }
}
