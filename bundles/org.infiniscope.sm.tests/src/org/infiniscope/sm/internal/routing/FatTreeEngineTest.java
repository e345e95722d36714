package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FatTreeEngineTest {

    @ParameterizedTest
    @CsvSource({"ft2:4:2:4,0", "ft2:24:18,0", "ft3:12,0", "ft3:8,1", "ft2:6:3:3,2"})
    void fatTreesAreReachableAndFreeOfCreditLoops(String spec, int lmc) throws Exception {
        RoutingGraph graph = Fabrics.of(spec, lmc);
        RoutingResult result = new FatTreeEngine().route(graph, RoutingRequest.DEFAULT);
        RouteChecker.Report report = RouteChecker.check(graph, result, false);
        assertTrue(report.ok(), report::toString);
        RouteChecker.Report all = RouteChecker.check(graph, result);
        assertFalse(all.hasCreditLoop(), all::toString);
        assertTrue(all.loops() == 0, all::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:4:4", "random:20:60:7", "dfly:4:3:2"})
    void refusesWhatIsNotAFatTree(String spec) {
        RoutingGraph graph = Fabrics.of(spec);
        RoutingException e = assertThrows(RoutingException.class,
                () -> new FatTreeEngine().route(graph, RoutingRequest.DEFAULT));
        assertTrue(e.getMessage().startsWith("not a fat tree"), e.getMessage());
    }
}
