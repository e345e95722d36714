package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.Map;

import org.infiniscope.sm.routing.LftDump;
import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.routing.RouteQuality;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

class RouteQualityTest {

    @Test
    void fatTreeRoutingOfHostsNumberedLeafByLeafSharesNoLinkInAShift() throws Exception {
        RoutingGraph graph = Fabrics.of("ft3:8");
        RouteQuality.Report ftree = RouteQuality.measure(graph,
                new FatTreeEngine().route(graph, RoutingRequest.DEFAULT));
        assertEquals(128, ftree.hosts());
        assertEquals(1.0, ftree.shiftMean(), 1e-9, ftree::toString);
        assertEquals(0, ftree.unrouted());
        // min-hop makes the same choice on every switch of a level: shifts share links
        RouteQuality.Report minhop = RouteQuality.measure(graph,
                new MinHopEngine().route(graph, RoutingRequest.DEFAULT));
        assertTrue(minhop.shiftMean() > 1.5, minhop::toString);
        assertTrue(minhop.maxAllToAll() > ftree.maxAllToAll(), minhop + " / " + ftree);
        // all-to-all: the same routes in all, of the same length, so the same mean
        assertEquals(ftree.meanAllToAll(), minhop.meanAllToAll(), 1e-9);
    }

    /** Two halves of the hosts numbered in turn, as OpenSM numbers a fat tree: hosts of a leaf every other LID. */
    @Test
    void fatTreeRoutingOfInterleavedHostsStillSharesNoLinkInAShift() throws Exception {
        org.infiniscope.topology.Topology topology = TopologySpec.parse("ft3:8");
        java.util.List<org.infiniscope.topology.Node> hosts = topology.nodes().stream().filter(n -> !n.isSwitch())
                .toList();
        Map<Long, Integer> lids = new java.util.HashMap<>();
        int half = hosts.size() / 2;
        for (int i = 0; i < hosts.size(); i++) {
            lids.put(hosts.get(i).portGuid(1), i < half ? 1 + 2 * i : 2 + 2 * (i - half));
        }
        int next = 2 * hosts.size() + 1;
        for (org.infiniscope.topology.Node n : topology.nodes()) {
            if (n.isSwitch()) {
                lids.put(n.portGuid(0), next++);
            }
        }
        RoutingGraph graph = TopologyGraphs.build(topology, g -> lids.getOrDefault(g, 0), 0);
        RouteQuality.Report ftree = RouteQuality.measure(graph,
                new FatTreeEngine().route(graph, RoutingRequest.DEFAULT));
        assertEquals(1.0, ftree.shiftMean(), 1e-9, ftree::toString);
        assertTrue(RouteChecker.check(graph, new FatTreeEngine().route(graph, RoutingRequest.DEFAULT), false).ok());
    }

    @Test
    void loadsOfATwoLeafTreeCountedByHand() throws Exception {
        // ft2:2:2:2: two leaves of two hosts, two spines; 4 links, 8 directions
        RoutingGraph graph = Fabrics.of("ft2:2:2:2");
        RoutingResult result = new FatTreeEngine().route(graph, RoutingRequest.DEFAULT);
        RouteQuality.Report q = RouteQuality.measure(graph, result);
        assertEquals(4, q.hosts());
        assertEquals(8, q.links());
        // 8 routes cross between the leaves, 2 links each: 16 over 8 directions, one each when balanced
        assertEquals(2.0, q.meanAllToAll(), 1e-9);
        assertEquals(2, q.maxAllToAll());
        assertEquals(1.0, q.shiftMean(), 1e-9, q::toString);
    }

    @Test
    void aMissingRouteIsCountedUnroutedNotAsLoad() throws Exception {
        RoutingGraph graph = Fabrics.of("ft2:2:2:2");
        RoutingResult good = new MinHopEngine().route(graph, RoutingRequest.DEFAULT);
        byte[][] tables = copy(graph, good);
        int leaf = graph.switchIndex(TopologySpec.parse("ft2:2:2:2").node("leaf001").orElseThrow().nodeGuid());
        int far = graph.lid(graph.endportCount() - 1); // h00004, on leaf002
        tables[leaf][far] = (byte) RoutingResult.NO_ROUTE;
        RouteQuality.Report q = RouteQuality.measure(graph, new RoutingResult("t", tables));
        assertEquals(2, q.unrouted()); // both hosts of leaf001
        assertTrue(q.meanAllToAll() < RouteQuality.measure(graph, good).meanAllToAll());
    }

    /** ibroute's output (infiniband-diags 44, on ibsim, OpenSM's minhop) and OpenSM's own dump format. */
    @Test
    void tablesReadFromIbrouteAndOpenSmDumpsAreCheckedAndMeasured() throws IOException, Exception {
        Map<Long, Integer> lids = Map.of(0x0008f10400000101L, 1, 0x0008f10500000100L, 2, 0x0008f10500000200L, 3,
                0x0008f10500000300L, 4, 0x0008f10500000400L, 5, 0x0008f10400000201L, 6, 0x0008f10400000301L, 7,
                0x0008f10400000401L, 8);
        RoutingGraph graph = TopologyGraphs.build(TopologySpec.parse("ft2:2:2:2"), g -> lids.getOrDefault(g, 0), 0);
        String dump = """
                Unicast lids [0x0-0x8] of switch Lid 2 guid 0x0008f10500000100 (leaf001):
                  Lid  Out   Destination
                       Port     Info\s
                0x0000 255 : (path #0 - illegal port)
                0x0001 001 : (Channel Adapter portguid 0x0008f10400000101: 'h00001')
                0x0002 000 : (Switch portguid 0x0008f10500000100: 'leaf001')
                0x0003 003 : (Switch portguid 0x0008f10500000200: 'leaf002')
                0x0004 003 : (Switch portguid 0x0008f10500000300: 'spine001')
                0x0005 004 : (Switch portguid 0x0008f10500000400: 'spine002')
                0x0006 002 : (Channel Adapter portguid 0x0008f10400000201: 'h00002')
                0x0007 003 : (Channel Adapter portguid 0x0008f10400000301: 'h00003')
                0x0008 004 : (Channel Adapter portguid 0x0008f10400000401: 'h00004')
                8 valid lids dumped\s
                Unicast lids [0-8] of switch Lid 3 guid 0x0008f10500000200 ('leaf002'):
                0x0001 003 # Channel Adapter portguid 0x0008f10400000101: 'h00001'
                0x0002 004 # Switch portguid 0x0008f10500000100: 'leaf001'
                0x0003 000 # Switch portguid 0x0008f10500000200: 'leaf002'
                0x0004 003 # Switch portguid 0x0008f10500000300: 'spine001'
                0x0005 004 # Switch portguid 0x0008f10500000400: 'spine002'
                0x0006 004 # Channel Adapter portguid 0x0008f10400000201: 'h00002'
                0x0007 001 # Channel Adapter portguid 0x0008f10400000301: 'h00003'
                0x0008 002 # Channel Adapter portguid 0x0008f10400000401: 'h00004'
                """;
        RoutingResult theirs = LftDump.parse(new StringReader(dump), graph, "opensm");
        int leaf1 = graph.switchIndex(0x0008f10500000100L);
        int leaf2 = graph.switchIndex(0x0008f10500000200L);
        assertEquals(4, theirs.port(leaf1, 8));
        assertEquals(0, theirs.port(leaf2, 3));
        assertEquals(RoutingResult.NO_ROUTE, theirs.port(leaf1, 0));
        // the spines are not in the dump: of the 44 pairs (switch to switch left out) only those within a leaf
        // arrive: 4 host pairs, 4 hosts to their leaf, 4 leaves to their hosts
        RouteChecker.Report report = RouteChecker.check(graph, theirs, false);
        assertEquals(44, report.pairs());
        assertEquals(32, report.unreachable(), report::toString);
        assertEquals(8, RouteQuality.measure(graph, theirs).unrouted());
    }

    private static byte[][] copy(RoutingGraph graph, RoutingResult result) {
        byte[][] t = new byte[graph.switchCount()][];
        for (int s = 0; s < t.length; s++) {
            t[s] = new byte[result.tableLength(s)];
            for (int lid = 0; lid < t[s].length; lid++) {
                t[s][lid] = (byte) result.port(s, lid);
            }
        }
        return t;
    }
}
