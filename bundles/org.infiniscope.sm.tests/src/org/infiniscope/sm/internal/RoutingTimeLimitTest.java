package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.internal.routing.TopologyGraphs;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** An engine that does not answer in time is interrupted and the next one of the chain routes the subnet. */
class RoutingTimeLimitTest {

    /** Waits until it is interrupted, as an engine that checks its interrupt flag stops. */
    static final class StuckEngine implements RoutingEngine {
        final CountDownLatch interrupted = new CountDownLatch(1);

        @Override
        public String name() {
            return "stuck";
        }

        @Override
        public RoutingResult route(RoutingGraph graph, RoutingRequest request) throws InterruptedException {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            throw new AssertionError("unreachable");
        }
    }

    @Test
    void aStuckEngineIsInterruptedAndMinHopRoutes() throws Exception {
        RoutingEngines engines = new RoutingEngines();
        StuckEngine stuck = new StuckEngine();
        engines.add(stuck, 0, 1);
        engines.add(new MinHopEngine(), 0, 2);
        RoutingGraph graph = TopologyGraphs.sequential(TopologySpec.parse("ft2:2:2:2"), 0);
        RoutingEngines.Routed r = engines.route(List.of("stuck"), graph, new RoutingRequest(Set.of(), 8, Map.of()),
                Duration.ofMillis(200));
        assertEquals("minhop", r.result().engine());
        assertEquals(1, r.fallbacks().size(), r.fallbacks().toString());
        assertTrue(r.fallbacks().get(0).startsWith("stuck: no result within the routing time limit of 200 ms"),
                r.fallbacks().toString());
        assertTrue(stuck.interrupted.await(30, TimeUnit.SECONDS), "the stuck engine's thread was interrupted");
    }
}
