package org.infiniscope.diag.internal;

/**
 * The one place where the tools of this bundle turn a node into the name they print: today the node description
 * (cleaned as the tools' {@code clean_nodedesc} does); a node-name map, when one is wired in, goes here.
 */
final class NodeNames {

    private NodeNames() {
    }

    /**
     * @param nodeGuid the node's GUID (the key of a node-name map)
     * @param description the node description as read
     * @return the name to print
     */
    static String name(long nodeGuid, String description) {
        return Route.clean(description);
    }
}
