package org.infiniscope.ui.topology.internal;

import java.util.List;
import java.util.Set;

import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * What the selection and a traced path mark in a placement, by node and link index: a node folded into its leaf
 * marks the leaf.
 *
 * @param selected the nodes selected
 * @param pathLinks the path's links, or null without a path
 * @param pathNodes the path's nodes, or null without a path
 */
record Highlights(boolean[] selected, boolean[] pathLinks, boolean[] pathNodes) {

    /**
     * @param g the graph shown
     * @param placement its placement
     * @param selected the GUIDs of the nodes selected
     * @param path the links of the path shown, empty for none
     * @return what they mark
     */
    static Highlights of(TopoGraph g, Placement placement, Set<Long> selected, List<FabricRef.LinkRef> path) {
        boolean[] sel = new boolean[g.nodeCount()];
        for (long guid : selected) {
            int i = g.indexOf(guid);
            if (i >= 0) {
                sel[placement.visible(i) ? i : placement.foldedInto(i)] = true;
            }
        }
        boolean[] pathLinks = null;
        boolean[] pathNodes = null;
        if (!path.isEmpty()) {
            pathLinks = new boolean[g.linkCount()];
            pathNodes = new boolean[g.nodeCount()];
            for (FabricRef.LinkRef ref : path) {
                int l = linkIndex(g, ref);
                if (l >= 0) {
                    pathLinks[l] = true;
                    pathNodes[shown(placement, g.linkA(l))] = true;
                    pathNodes[shown(placement, g.linkB(l))] = true;
                }
            }
        }
        return new Highlights(sel, pathLinks, pathNodes);
    }

    /** @return the node drawn for a node: itself, or the leaf it is folded into */
    private static int shown(Placement placement, int node) {
        int f = placement.foldedInto(node);
        return f >= 0 ? f : node;
    }

    /** @return the index of the link a reference names, or -1 when the graph has no such link */
    private static int linkIndex(TopoGraph graph, FabricRef.LinkRef ref) {
        int a = graph.indexOf(ref.a().nodeGuid());
        if (a < 0) {
            return -1;
        }
        int l = graph.linkOfPort(a, ref.a().port());
        return l >= 0 && graph.guid(graph.other(l, a)) == ref.b().nodeGuid() ? l : -1;
    }
}
