package org.infiniscope.sm.internal.routing;

import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.osgi.service.component.annotations.Component;

/**
 * Min-hop routing with port load balancing, as OpenSM's {@code minhop}: every LID is reached on a shortest path,
 * and each switch spreads the LIDs over its equally short ports by how many it already carries. It routes every
 * connected graph, so it ends every chain; it does not avoid credit loops (rings, tori).
 */
@Component(service = RoutingEngine.class)
public final class MinHopEngine implements RoutingEngine {

    /** The engine's name. */
    public static final String NAME = "minhop";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RoutingResult route(RoutingGraph graph, RoutingRequest request) throws InterruptedException {
        Interrupts interrupts = new Interrupts();
        Fabric fabric = new Fabric(graph);
        short[][] hops = fabric.allHops(interrupts);
        return new RoutingResult(NAME, LftBuilder.build(fabric, hops, null, interrupts));
    }
}
