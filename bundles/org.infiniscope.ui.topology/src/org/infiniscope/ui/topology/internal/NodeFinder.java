package org.infiniscope.ui.topology.internal;

import java.util.Locale;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Finds a node as the operator types it: a LID (decimal), a node or port GUID (hex, {@code 0x} optional), or a name:
 * the node whose description is the text, else the first whose description contains it (case ignored).
 */
final class NodeFinder {

    private NodeFinder() {
    }

    /** @return the node's index, or -1 */
    static int find(TopoGraph g, String query) {
        String q = query.strip();
        if (q.matches("\\d{1,5}")) {
            int lid = Integer.parseInt(q);
            for (int i = 0; i < g.nodeCount(); i++) {
                if (g.lid(i) == lid && lid != 0) {
                    return i;
                }
            }
        }
        String hex = q.toLowerCase(Locale.ROOT).startsWith("0x") ? q.substring(2) : q;
        if (hex.matches("[0-9a-fA-F]{4,16}")) {
            long guid = Long.parseUnsignedLong(hex, 16);
            int i = g.indexOf(guid);
            if (i < 0) {
                i = g.indexOfPort(guid);
            }
            if (i >= 0) {
                return i;
            }
        }
        String lower = q.toLowerCase(Locale.ROOT);
        int partial = -1;
        for (int i = 0; i < g.nodeCount(); i++) {
            String name = g.name(i).toLowerCase(Locale.ROOT);
            if (name.equals(lower)) {
                return i;
            }
            if (partial < 0 && name.contains(lower)) {
                partial = i;
            }
        }
        return partial;
    }
}
