package org.infiniscope.ui.topology.internal;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/** The test fabrics for the tests of other packages. */
public final class FabricsAccess {

    /** A swept fabric and the simulator it runs on. */
    public record Swept(SimFabric sim, TopoGraph graph) {
    }

    private FabricsAccess() {
    }

    /** @return the graph of a generated fabric swept from the simulator into the model */
    public static TopoGraph graph(String spec) throws Exception {
        return Fabrics.swept(spec, false).graph;
    }

    /** @return a generated fabric whose nodes have LIDs and switches LFTs, swept into the model */
    public static Swept withLids(String spec) throws Exception {
        Fabrics f = Fabrics.swept(spec, true);
        return new Swept(f.sim, f.graph);
    }
}
