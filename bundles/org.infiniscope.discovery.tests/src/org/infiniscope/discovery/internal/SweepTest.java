package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.PortRef;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Sweeps of the embedded simulator, which has no SM: an unconfigured fabric, every LID 0. */
class SweepTest {

    private static final SweepOptions FAST = new SweepOptions(16, Duration.ofMillis(100), 3);

    static FabricSnapshot sweep(SimFabric fabric, SimFabric.AttachPoint at, SweepOptions options)
            throws IOException, DiscoveryException, InterruptedException {
        try (MadTransport transport = MadTransports.over(fabric.openChannel(at),
                new TransportConfig(options.window(), options.window()))) {
            return new DiscoveryImpl().sweep(transport, options);
        }
    }

    /** What ibnetdiscover prints from port 1 of the fabric's first CA, by the topology bundle's writer. */
    static String expected(Topology topology, String unused) throws IOException {
        StringBuilder text = new StringBuilder();
        String ca = SimFabric.of(topology).defaultAttachPoint().name();
        NetFiles.writeIbnetdiscover(NetFile.of(topology), Set.of(), new PortRef(ca, 1), "DATE", text);
        return text.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 16, 64})
    void aFatTreeWithParallelLinksIsFoundWholeAndLoopFreeAtAnyWindow(int window) throws Exception {
        // 4 leaves, 2 spines, 4 hosts each: every leaf has two cables to each spine
        Topology topology = TopologySpec.parse("ft2:4:2:4");
        SimFabric fabric = SimFabric.of(topology);
        FabricSnapshot s = sweep(fabric, fabric.defaultAttachPoint(),
                new SweepOptions(window, Duration.ofMillis(100), 3));
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(topology.links().size(), s.links().size(), "each cable once, parallel ones included");
        assertEquals(s.nodes().size(), new HashSet<>(s.nodes().stream().map(DiscoveredNode::nodeGuid).toList()).size(),
                "each node once");
        Set<String> ends = new HashSet<>();
        for (DiscoveredLink l : s.links()) {
            assertTrue(ends.add(l.nodeA() + ":" + l.portA()), "end used twice: " + l);
            assertTrue(ends.add(l.nodeB() + ":" + l.portB()), "end used twice: " + l);
        }
        // the topology writer of org.infiniscope.topology prints what ibnetdiscover prints for a net file
        assertEquals(expected(topology, null), IbnetdiscoverText.topology(s, "DATE"));
    }

    @Test
    void aFabricWithLoopsAndNoLidsIsFound() throws Exception {
        Topology topology = TopologySpec.parse("torus:3:3");
        SimFabric fabric = SimFabric.of(topology);
        FabricSnapshot s = sweep(fabric, fabric.defaultAttachPoint(), FAST);
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(topology.links().size(), s.links().size());
        assertTrue(s.nodes().stream().flatMap(n -> n.ports().stream()).allMatch(p -> p.lid() == 0), "no SM, no LIDs");
        assertEquals(expected(topology, null), IbnetdiscoverText.topology(s, "DATE"));
    }

    @Test
    void aSweepUnderMadLossStillFindsEveryNode() throws Exception {
        Topology topology = TopologySpec.parse("ft2:4:2:4");
        SimFabric fabric = SimFabric.of(topology);
        fabric.faults().seed(5);
        // every MAD passes the attach point's port and the first leaf's ports; lose a fifth of them there
        fabric.faults().dropRate("h00001", 1, 20);
        for (int port = 1; port <= 8; port++) {
            fabric.faults().dropRate("leaf001", port, 5);
        }
        FabricSnapshot s = sweep(fabric, fabric.defaultAttachPoint(), new SweepOptions(16, Duration.ofMillis(50), 10));
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(topology.links().size(), s.links().size());
        assertTrue(s.smpsSent() > countOfQueries(s), "some SMPs were sent again: " + s.smpsSent());
        assertEquals(expected(topology, null), IbnetdiscoverText.topology(s, "DATE"));
    }

    private static long countOfQueries(FabricSnapshot s) {
        return s.nodes().stream().mapToLong(n -> 2 + n.ports().size() + (n.isSwitch() ? 1 : 0)).sum();
    }

    @Test
    void aNodeThatNeverAnswersIsAnUnreachablePortNotAFailedSweep() throws Exception {
        Topology topology = TopologySpec.parse("ft2:4:2:4");
        SimFabric fabric = SimFabric.of(topology);
        fabric.faults().dropRate("h00016", 1, 100);
        // time-outs generous enough for a loaded 2-core machine: the local node must never look lost
        FabricSnapshot s = sweep(fabric, fabric.defaultAttachPoint(), new SweepOptions(16, Duration.ofMillis(250), 1));
        assertEquals(topology.nodes().size() - 1, s.nodes().size());
        DiscoveredNode leaf = s.nodes().stream().filter(n -> n.description().equals("leaf004")).findFirst()
                .orElseThrow();
        DiscoveredPort port = leaf.port(4).orElseThrow();
        assertTrue(port.isUp(), "the link is up");
        assertFalse(port.reachable(), "but nothing answers behind it");
    }

    @Test
    void aSweepFromASwitchStartsAtItsManagementPort() throws Exception {
        Topology topology = TopologySpec.parse("ft2:4:2:4");
        SimFabric fabric = SimFabric.of(topology);
        FabricSnapshot s = sweep(fabric, fabric.attachPoint("spine001", 0), FAST);
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(0, s.localPort());
        assertEquals(List.of(), s.nodes().get(0).route());
        assertEquals("spine001", s.nodes().get(0).description());
    }

    @Test
    void activePortsCarryTheirEnabledWidthsSpeedsAndMtus() throws Exception {
        Topology topology = TopologySpec.parse("ft2:4:2:4");
        SimFabric fabric = SimFabric.of(topology);
        FabricSnapshot s = sweep(fabric, fabric.defaultAttachPoint(), FAST);
        int active = 0;
        for (DiscoveredNode node : s.nodes()) {
            for (DiscoveredPort p : node.ports()) {
                if (p.isUp() && p.number() > 0) {
                    active++;
                    assertTrue((p.widthEnabled() & p.widthActive()) != 0, node.description() + " " + p);
                    assertTrue((p.speedEnabled() & p.speedActive()) != 0, node.description() + " " + p);
                    assertEquals(4, p.neighborMtu(), "2048 bytes: " + node.description() + " " + p);
                    assertTrue(p.mtuCap() >= p.neighborMtu(), node.description() + " " + p);
                }
            }
        }
        assertEquals(2 * topology.links().size(), active,
                "both ends of every link are up (Init: the simulator has no SM)");
    }
}
