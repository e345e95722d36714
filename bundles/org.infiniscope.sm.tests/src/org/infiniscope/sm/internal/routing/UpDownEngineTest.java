package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;

import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UpDownEngineTest {

    private static RoutingRequest roots(long... guids) {
        return new RoutingRequest(Set.copyOf(Arrays.stream(guids).boxed().toList()), 8, Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ft2:4:2:4", "ft2:24:18", "ft3:12", "ft3:8"})
    void fatTreesWithFoundRootsAreReachableAndFreeOfCreditLoops(String spec) throws Exception {
        RoutingGraph graph = Fabrics.of(spec);
        RoutingResult result = new UpDownEngine().route(graph, RoutingRequest.DEFAULT);
        RouteChecker.Report report = RouteChecker.check(graph, result, false);
        assertTrue(report.ok(), report::toString);
        // all pairs: spine to spine has no legal path, but nothing loops and no dependency cycle forms
        RouteChecker.Report all = RouteChecker.check(graph, result);
        assertEquals(0, all.loops(), all::toString);
        assertFalse(all.hasCreditLoop(), all::toString);
    }

    @Test
    void lmcRangesAreRoutedOverDifferentSpines() throws Exception {
        RoutingGraph graph = Fabrics.of("ft2:4:4:4", 2);
        RoutingResult result = new UpDownEngine().route(graph, RoutingRequest.DEFAULT);
        assertTrue(RouteChecker.check(graph, result, false).ok());
        int leaf = graph.endportSwitch(graph.switchCount()); // endports: the switches' first, then the CAs
        for (int e = 0; e < graph.endportCount(); e++) {
            if (graph.isSwitchEndport(e) || graph.endportSwitch(e) == leaf) {
                continue;
            }
            java.util.Set<Integer> spines = new java.util.HashSet<>();
            for (int l = 0; l < 4; l++) {
                spines.add(graph.peerSwitch(leaf, result.port(leaf, graph.lid(e) + l)));
            }
            assertEquals(4, spines.size(), "LIDs of endport " + e);
        }
    }

    @Test
    void theFoundRootsOfATwoLevelTreeAreItsSpines() throws Exception {
        RoutingGraph graph = Fabrics.of("ft2:6:3:3");
        Fabric f = new Fabric(graph);
        boolean[] root = UpDownEngine.roots(f, f.allHops(new Interrupts()), RoutingRequest.DEFAULT);
        for (int s = 0; s < graph.switchCount(); s++) {
            boolean spine = graph.portEndport(s, 1) == RoutingGraph.NONE;
            assertEquals(spine, root[s], "switch " + s);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:5:5", "random:20:60:7", "torus:3:3:3", "dfly:4:3:2"})
    void givenRootsAreHonouredAndLeaveNoCreditLoop(String spec) throws Exception {
        RoutingGraph graph = Fabrics.of(spec);
        for (int root : new int[]{0, graph.switchCount() / 2}) {
            RoutingResult result = new UpDownEngine().route(graph, roots(graph.switchGuid(root)));
            RouteChecker.Report report = RouteChecker.check(graph, result, false);
            assertTrue(report.ok(), report::toString);
            assertTrue(legalUpDown(graph, result, root), "every path up then down from root " + root);
        }
        RoutingResult minhop = new MinHopEngine().route(graph, RoutingRequest.DEFAULT);
        assertFalse(legalUpDown(graph, minhop, 0), "the check of legal paths can fail");
    }

    @Test
    void noRootFoundOrNoneGivenThatExistsIsARoutingException() {
        RoutingGraph torus = Fabrics.of("torus:4:4");
        RoutingException none = assertThrows(RoutingException.class,
                () -> new UpDownEngine().route(torus, RoutingRequest.DEFAULT));
        assertTrue(none.getMessage().contains("no switch looks like a root"), none.getMessage());
        assertThrows(RoutingException.class, () -> new UpDownEngine().route(torus, roots(0x1234L)));
    }

    /**
     * @return whether every path from a switch with CAs to every CA's LID goes up and then only down, ranks counted
     *         from {@code root} and ties broken by GUID as the engine does
     */
    private static boolean legalUpDown(RoutingGraph graph, RoutingResult result, int root) {
        int n = graph.switchCount();
        int[] rank = new int[n];
        Arrays.fill(rank, -1);
        int[] queue = new int[n];
        rank[root] = 0;
        queue[0] = root;
        for (int head = 0, tail = 1; head < tail;) {
            int s = queue[head++];
            for (int p = 1; p <= graph.portCount(s); p++) {
                int y = graph.peerSwitch(s, p);
                if (y != RoutingGraph.NONE && rank[y] < 0) {
                    rank[y] = rank[s] + 1;
                    queue[tail++] = y;
                }
            }
        }
        for (int src = 0; src < n; src++) {
            for (int e = 0; e < graph.endportCount(); e++) {
                if (graph.isSwitchEndport(e)) {
                    continue;
                }
                boolean wentDown = false;
                int x = src;
                for (int hop = 0; hop <= n; hop++) {
                    int port = result.port(x, graph.lid(e));
                    int y = port == RoutingResult.NO_ROUTE || port == 0 ? RoutingGraph.NONE : graph.peerSwitch(x, port);
                    if (y == RoutingGraph.NONE) {
                        break;
                    }
                    boolean up = rank[y] < rank[x]
                            || rank[y] == rank[x] && Long.compareUnsigned(graph.switchGuid(y), graph.switchGuid(x)) < 0;
                    if (up && wentDown) {
                        return false;
                    }
                    wentDown |= !up;
                    x = y;
                }
            }
        }
        return true;
    }
}
