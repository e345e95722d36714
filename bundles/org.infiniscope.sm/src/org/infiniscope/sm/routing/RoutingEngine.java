package org.infiniscope.sm.routing;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Computes unicast forwarding tables for a fabric. Engines are OSGi services (whiteboard); the SM picks them by
 * {@link #name()} in the order of its configured chain (as OpenSM's {@code routing_engine updn,minhop}): an engine
 * that throws {@link RoutingException} hands over to the next, and min-hop ends every chain. When two services give
 * the same name, the one with the highest {@code service.ranking} is used.
 * <p>
 * Engines work on the {@link RoutingGraph} alone, never on the EMF model or on MADs, are called on an SM thread
 * (never the UI's), may be called again for another graph while a previous result is in use, and must not keep the
 * graph after returning. A call that runs past the SM's time budget is interrupted.
 */
@ConsumerType
public interface RoutingEngine {

    /** @return the name {@code --routing} selects the engine by: lower case, no spaces (minhop, updn, ftree...) */
    String name();

    /**
     * @return a table for every switch of the graph, with a route to every LID of every endport where one exists
     * @throws RoutingException when this engine cannot route this graph
     * @throws InterruptedException when the SM interrupted the computation
     */
    RoutingResult route(RoutingGraph graph, RoutingRequest request) throws RoutingException, InterruptedException;
}
