package org.infiniscope.sm.routing;

import java.util.Map;
import java.util.Set;

/**
 * What the SM asks of an engine besides the graph.
 *
 * @param rootGuids the node GUIDs of the switches an up/down or fat-tree engine must take as roots; empty: the
 *        engine finds them
 * @param maxLayers how many virtual layers (SLs mapped one-to-one on VLs) a deadlock-free engine may use, 1..15
 * @param options engine-specific options, by name (as OpenSM's configuration spells them where it has one)
 */
public record RoutingRequest(Set<Long> rootGuids, int maxLayers, Map<String, String> options) {

    /** The request with automatic roots, 8 layers and no options. */
    public static final RoutingRequest DEFAULT = new RoutingRequest(Set.of(), 8, Map.of());

    /** Copies the collections and checks the layers. */
    public RoutingRequest {
        rootGuids = Set.copyOf(rootGuids);
        options = Map.copyOf(options);
        if (maxLayers < 1 || maxLayers > 15) {
            throw new IllegalArgumentException("maxLayers must be 1..15: " + maxLayers);
        }
    }
}
