package org.infiniscope.sm.internal.routing;

import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.topology.TopologySpec;
import org.infiniscope.topology.TopologySpecException;

/** Routing graphs of generated fabrics, LIDs in node order. */
final class Fabrics {

    private Fabrics() {
    }

    static RoutingGraph of(String spec) {
        return of(spec, 0);
    }

    static RoutingGraph of(String spec, int lmc) {
        try {
            return TopologyGraphs.sequential(TopologySpec.parse(spec), lmc);
        } catch (TopologySpecException e) {
            throw new AssertionError(e);
        }
    }

    /** @return the index of the switch with this node name's GUID */
    static int switchNamed(String spec, String name) {
        try {
            long guid = TopologySpec.parse(spec).node(name).orElseThrow().nodeGuid();
            return of(spec).switchIndex(guid);
        } catch (TopologySpecException e) {
            throw new AssertionError(e);
        }
    }
}
