package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MinHopEngineTest {

    private static RoutingResult route(RoutingGraph graph) throws InterruptedException {
        return new MinHopEngine().route(graph, RoutingRequest.DEFAULT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ft2:4:2:4", "ft2:24:18", "ft3:12", "random:20:60:7", "dfly:4:3:2"})
    void everyPairIsReachedWithoutLoops(String spec) throws InterruptedException {
        RoutingGraph graph = Fabrics.of(spec);
        RouteChecker.Report report = RouteChecker.check(graph, route(graph));
        assertEquals(0, report.unreachable(), report::toString);
        assertEquals(0, report.loops(), report::toString);
        assertTrue(report.pairs() > 0);
    }

    /**
     * In a 3-level tree min-hop sends switch-to-switch traffic down and up again (aggregation to aggregation of one
     * pod through a leaf), which can close a dependency cycle; a 2-level tree has no such turn that matters.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ft2:4:2:4", "ft2:24:18"})
    void twoLevelFatTreesHaveNoCreditLoops(String spec) throws InterruptedException {
        RoutingGraph graph = Fabrics.of(spec);
        assertTrue(RouteChecker.check(graph, route(graph)).ok());
    }

    @Test
    void ringsOfATorusHaveCreditLoopsTheCheckerFinds() throws InterruptedException {
        // 5-rings: two hops clockwise is the only shortest way, so the dependencies go round each ring
        RoutingGraph graph = Fabrics.of("torus:5:5");
        RouteChecker.Report report = RouteChecker.check(graph, route(graph));
        assertEquals(0, report.unreachable(), report::toString);
        assertEquals(0, report.loops(), report::toString);
        assertTrue(report.hasCreditLoop(), report::toString);
        assertTrue(report.examples().stream().anyMatch(l -> l.startsWith("credit loop in layer 0")));
    }

    @Test
    void leavesSpreadRemoteHostsEvenlyOverTheirUplinks() throws InterruptedException {
        // 4 leaves of 4 hosts, 4 spines: each leaf sends the 12 remote hosts 3 a spine
        RoutingGraph graph = Fabrics.of("ft2:4:4:4");
        RoutingResult result = route(graph);
        for (int s = 0; s < graph.switchCount(); s++) {
            if (graph.portEndport(s, 1) == RoutingGraph.NONE) {
                continue; // a spine
            }
            int[] perPort = new int[graph.portCount(s) + 1];
            for (int e = 0; e < graph.endportCount(); e++) {
                if (!graph.isSwitchEndport(e) && graph.endportSwitch(e) != s) {
                    perPort[result.port(s, graph.lid(e))]++;
                }
            }
            for (int p = 5; p <= 8; p++) {
                assertEquals(3, perPort[p], "leaf " + s + " port " + p);
            }
        }
    }

    @Test
    void theLidsOfOnePortTakeDifferentSpines() throws InterruptedException {
        RoutingGraph graph = Fabrics.of("ft2:4:4:4", 2);
        RoutingResult result = route(graph);
        assertTrue(RouteChecker.check(graph, result).ok());
        int leaf = graph.endportSwitch(firstHost(graph));
        for (int e = 0; e < graph.endportCount(); e++) {
            if (graph.isSwitchEndport(e) || graph.endportSwitch(e) == leaf) {
                continue;
            }
            Set<Integer> spines = new HashSet<>();
            for (int l = 0; l < 4; l++) {
                spines.add(graph.peerSwitch(leaf, result.port(leaf, graph.lid(e) + l)));
            }
            assertEquals(4, spines.size(), "LIDs of endport " + e);
        }
    }

    @Test
    void aSwitchSendsItsOwnLidToPortZero() throws InterruptedException {
        RoutingGraph graph = Fabrics.of("ft2:2:2:2");
        RoutingResult result = route(graph);
        for (int s = 0; s < graph.switchCount(); s++) {
            assertEquals(0, result.port(s, graph.lid(graph.switchEndport(s))));
        }
    }

    private static int firstHost(RoutingGraph graph) {
        for (int e = 0; e < graph.endportCount(); e++) {
            if (!graph.isSwitchEndport(e)) {
                return e;
            }
        }
        throw new AssertionError("no host");
    }
}
