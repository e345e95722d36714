package org.infiniscope.sm.routing;

/**
 * An engine cannot route this graph (for example fat-tree on a graph that is not a fat tree, or a deadlock-free
 * engine that needs more layers than it may use). The SM then tries the next engine of its chain.
 */
public class RoutingException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what the engine could not do, and why */
    public RoutingException(String message) {
        super(message);
    }
}
