package org.infiniscope.discovery.check;

import java.util.List;
import java.util.Objects;

/**
 * The links a fabric should have, as a saved topology records them: the master that {@link Check#PLAN} compares a
 * sweep with.
 *
 * @param links the planned links
 */
public record CablingPlan(List<Cable> links) {

    /** Copies the list. */
    public CablingPlan {
        links = List.copyOf(links);
    }

    /**
     * One end of a planned cable.
     *
     * @param node the node's name (matched with the fabric's node names)
     * @param nodeGuid the node GUID (matched with {@code --by-guid}; 0 when the plan gives none)
     * @param port the port number
     */
    public record End(String node, long nodeGuid, int port) {

        /** Checks the name. */
        public End {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * A planned cable.
     *
     * @param a one end
     * @param b the other end
     */
    public record Cable(End a, End b) {

        /** Checks the ends. */
        public Cable {
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
        }
    }
}
