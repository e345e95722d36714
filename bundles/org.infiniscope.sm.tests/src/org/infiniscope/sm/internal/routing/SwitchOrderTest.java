package org.infiniscope.sm.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Two SMs that found the switches of one fabric in different orders (another attach point) and hold the same LIDs
 * compute the same tables, so a standby taking over rewrites no LFT block.
 */
class SwitchOrderTest {

    @ParameterizedTest
    @CsvSource({"minhop,ft2:4:3:4", "minhop,random:12:50:3", "updn,ft2:6:4:5", "ftree,ft3:8", "ftree,ft2:4:3:4"})
    void theTablesDoNotDependOnTheOrderSwitchesWereFoundIn(String engineName, String spec) throws Exception {
        RoutingEngine engine = switch (engineName) {
            case "minhop" -> new MinHopEngine();
            case "updn" -> new UpDownEngine();
            default -> new FatTreeEngine();
        };
        Topology topology = TopologySpec.parse(spec);
        RoutingGraph first = TopologyGraphs.sequential(topology, 0);
        Map<Long, Integer> lids = new HashMap<>();
        for (int e = 0; e < first.endportCount(); e++) {
            lids.put(first.endportGuid(e), first.lid(e));
        }
        List<Node> reversed = new ArrayList<>(topology.nodes());
        Collections.reverse(reversed);
        Topology other = new Topology(reversed, topology.links(), topology.defaultWidth(), topology.defaultSpeed(),
                topology.defaultExtSpeed());
        RoutingGraph second = TopologyGraphs.build(other, g -> lids.getOrDefault(g, 0), 0);
        assertEquals(first.switchGuid(0), second.switchGuid(second.switchCount() - 1), "the order differs");
        RoutingResult a = engine.route(first, RoutingRequest.DEFAULT);
        RoutingResult b = engine.route(second, RoutingRequest.DEFAULT);
        for (int s = 0; s < first.switchCount(); s++) {
            int t = second.switchIndex(first.switchGuid(s));
            for (int lid = 1; lid <= first.maxLid(); lid++) {
                assertEquals(a.port(s, lid), b.port(t, lid), "switch " + s + " LID " + lid);
            }
        }
    }
}
