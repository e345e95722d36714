package org.infiniscope.ui.topology.internal.layout;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.elk.alg.layered.LayeredLayoutProvider;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Anything that is neither a fat tree nor a mesh (dragonflies, irregular fabrics) with ELK's layered algorithm, top
 * down, on the nodes that are drawn. Parallel links count once. Above {@link #MAX_NODES} drawn nodes ELK's crossing
 * minimisation takes too long for an interactive view, and such a fabric is placed as a grid instead.
 */
final class ElkLayered {

    static final int MAX_NODES = 1500;

    static {
        // outside Eclipse's extension registry ELK learns its options (and how to clone their values) only here
        LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
    }

    private ElkLayered() {
    }

    static Placement place(TopoGraph g, int[] owners, int[] folded) {
        int n = g.nodeCount();
        int visible = 0;
        for (int i = 0; i < n; i++) {
            if (folded[i] < 0) {
                visible++;
            }
        }
        if (visible > MAX_NODES) {
            return GridLayout.place(g, owners, folded);
        }
        Placement p = new Placement(g, Placement.Kind.LAYERED, folded, null);
        Layouts.size(p, g);
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.POLYLINE);
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 12.0);
        ElkNode[] elk = new ElkNode[n];
        for (int i = 0; i < n; i++) {
            if (folded[i] < 0) {
                elk[i] = ElkGraphUtil.createNode(root);
                elk[i].setDimensions(p.w[i], p.h[i]);
            }
        }
        Set<Long> pairs = new HashSet<>();
        for (int l = 0; l < g.linkCount(); l++) {
            int a = g.linkA(l);
            int b = g.linkB(l);
            if (folded[a] >= 0 || folded[b] >= 0 || a == b) {
                continue;
            }
            long key = (long) Math.min(a, b) << 32 | Math.max(a, b);
            if (pairs.add(key)) {
                ElkGraphUtil.createSimpleEdge(elk[a], elk[b]);
            }
        }
        new LayeredLayoutProvider().layout(root, new BasicProgressMonitor());
        for (int i = 0; i < n; i++) {
            if (elk[i] != null) {
                p.x[i] = (float) (elk[i].getX() + elk[i].getWidth() / 2);
                p.y[i] = (float) (elk[i].getY() + elk[i].getHeight() / 2);
            }
        }
        p.finish();
        return p;
    }
}
