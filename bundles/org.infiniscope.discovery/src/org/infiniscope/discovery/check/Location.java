package org.infiniscope.discovery.check;

import java.util.Objects;

/**
 * A node's port that a {@link Finding} is about.
 *
 * @param node the node's name (node-name map, else its NodeDescription, else its GUID)
 * @param nodeGuid the node GUID (0 when the node is only in the cabling plan and the plan gives none)
 * @param port the port number (-1 when the finding is about the whole node)
 * @param portGuid the port GUID (0 when unknown)
 * @param lid the port's LID (0 when unknown or unassigned)
 */
public record Location(String node, long nodeGuid, int port, long portGuid, int lid) {

    /** Checks the name. */
    public Location {
        Objects.requireNonNull(node, "node");
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("\"").append(node).append('"');
        if (port >= 0) {
            text.append('[').append(port).append(']');
        }
        if (nodeGuid != 0) {
            text.append(String.format(" (0x%016x)", nodeGuid));
        }
        return text.toString();
    }
}
