package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

class DfssspEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {"torus:5:5", "torus:3:3:3", "random:20:60:7", "dfly:4:3:2", "ft3:8", "ft2:4:2:4"})
    void everyPairIsReachedWithoutLoopsOrCreditLoops(String spec) throws Exception {
        RoutingGraph graph = Fabrics.of(spec);
        RoutingResult result = new DfssspEngine().route(graph, RoutingRequest.DEFAULT);
        RouteChecker.Report report = RouteChecker.check(graph, result);
        assertTrue(report.ok(), report::toString);
    }

    @Test
    void aTorusNeedsLayersAndGetsThem() throws Exception {
        RoutingGraph graph = Fabrics.of("torus:5:5");
        RoutingResult result = new DfssspEngine().route(graph, RoutingRequest.DEFAULT);
        assertTrue(result.layers() >= 2, "layers " + result.layers());
        // the same tables on one layer have the credit loop the layers break
        RoutingResult flat = new RoutingResult("flat", tables(graph, result));
        assertTrue(RouteChecker.check(graph, flat).hasCreditLoop());
    }

    @Test
    void refusesWhenTooFewLayersAreAllowed() {
        RoutingGraph graph = Fabrics.of("torus:5:5");
        RoutingException e = assertThrows(RoutingException.class,
                () -> new DfssspEngine().route(graph, new RoutingRequest(Set.of(), 1, Map.of())));
        assertTrue(e.getMessage().contains("more than 1 layers"), e.getMessage());
    }

    @Test
    void aFatTreeNeedsOneLayer() throws Exception {
        RoutingGraph graph = Fabrics.of("ft2:4:2:4");
        assertEquals(1, new DfssspEngine().route(graph, new RoutingRequest(Set.of(), 1, Map.of())).layers());
    }

    private static byte[][] tables(RoutingGraph graph, RoutingResult result) {
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
