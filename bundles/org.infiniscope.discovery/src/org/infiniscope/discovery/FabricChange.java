package org.infiniscope.discovery;

import java.util.List;
import java.util.Objects;

/**
 * One difference between two snapshots of a fabric: a node, port or link added or removed, or a node or port whose
 * fields changed. Nodes are matched by node GUID, ports by node GUID and port number, links by both ends.
 *
 * @param kind what changed
 * @param nodeGuid the node (for a link: its first end's node)
 * @param port the port number (0 for a node event; for a link: its first end's port)
 * @param link the link of a LINK_ADDED or LINK_REMOVED, else null
 * @param fields the fields of a NODE_CHANGED or PORT_CHANGED that differ, by their {@link DiscoveredNode} or
 *        {@link DiscoveredPort} component name (for example {@code state}, {@code lid}, {@code description}); empty
 *        for the other kinds
 */
public record FabricChange(Kind kind, long nodeGuid, int port, DiscoveredLink link, List<String> fields) {

    /** What changed. */
    public enum Kind {
        /** A node is in the new snapshot only. */
        NODE_ADDED,
        /** A node is in the old snapshot only. */
        NODE_REMOVED,
        /** A node is in both, with other NodeInfo or NodeDescription values. */
        NODE_CHANGED,
        /** A port was read in the new snapshot only (of a node in both). */
        PORT_ADDED,
        /** A port was read in the old snapshot only (of a node in both). */
        PORT_REMOVED,
        /** A port is in both, with other PortInfo values. */
        PORT_CHANGED,
        /** A link is in the new snapshot only. */
        LINK_ADDED,
        /** A link is in the old snapshot only. */
        LINK_REMOVED
    }

    /** Copies the fields. */
    public FabricChange {
        Objects.requireNonNull(kind, "kind");
        fields = List.copyOf(fields);
        if ((kind == Kind.LINK_ADDED || kind == Kind.LINK_REMOVED) != (link != null)) {
            throw new IllegalArgumentException(kind + " with link " + link);
        }
    }

    @Override
    public String toString() {
        String where = String.format("0x%016x", nodeGuid)
                + (port != 0 || kind.name().startsWith("PORT") ? "[" + port + "]" : "");
        if (link != null) {
            where = String.format("0x%016x[%d] - 0x%016x[%d]", link.nodeA(), link.portA(), link.nodeB(), link.portB());
        }
        return kind + " " + where + (fields.isEmpty() ? "" : " " + fields);
    }
}
