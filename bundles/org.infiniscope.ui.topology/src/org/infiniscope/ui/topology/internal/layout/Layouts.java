package org.infiniscope.ui.topology.internal.layout;

import java.util.ArrayDeque;
import java.util.Arrays;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Chooses and runs the layout for a fabric: fat trees (every switch-to-switch link joins neighbouring tiers, tiers
 * counted from the hosts) as tiers, tori and meshes (every switch has as many switch links) as a grid, anything else
 * with ELK's layered algorithm. Runs on any thread but the UI's; touches only the graph's arrays.
 */
public final class Layouts {

    static final float SWITCH_W = 40;
    static final float SWITCH_H = 16;
    static final float HOST = 9;
    static final float HOST_PITCH = 13;
    static final float GROUP_W = 46;
    static final float GROUP_H = 22;
    static final float GAP = 14;

    private Layouts() {
    }

    /** @return the placement of a graph, hosts folded as {@code folded} says */
    public static Placement layout(TopoGraph g, int[] owners, int[] folded) {
        int[] tier = tiers(g);
        if (isTiered(g, tier)) {
            return TierLayout.place(g, owners, folded, tier);
        }
        if (isRegularMesh(g)) {
            return GridLayout.place(g, owners, folded);
        }
        return ElkLayered.place(g, owners, folded);
    }

    /** @return each node's hop distance from the nearest host (hosts 0); nodes no host reaches get the most + 1 */
    static int[] tiers(TopoGraph g) {
        int n = g.nodeCount();
        int[] tier = new int[n];
        Arrays.fill(tier, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (!g.isSwitch(i)) {
                tier[i] = 0;
                queue.add(i);
            }
        }
        int max = 0;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int k = 0; k < g.degree(u); k++) {
                int v = g.other(g.linkAt(u, k), u);
                if (tier[v] < 0) {
                    tier[v] = tier[u] + 1;
                    max = Math.max(max, tier[v]);
                    queue.add(v);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (tier[i] < 0) {
                tier[i] = max + 1;
            }
        }
        return tier;
    }

    /** A fat tree: at least two switch tiers, and (almost) every switch link joins neighbouring tiers. */
    static boolean isTiered(TopoGraph g, int[] tier) {
        int switchLinks = 0;
        int sameTier = 0;
        int maxTier = 0;
        for (int l = 0; l < g.linkCount(); l++) {
            int a = g.linkA(l);
            int b = g.linkB(l);
            if (!g.isSwitch(a) || !g.isSwitch(b)) {
                continue;
            }
            switchLinks++;
            maxTier = Math.max(maxTier, Math.max(tier[a], tier[b]));
            int d = Math.abs(tier[a] - tier[b]);
            if (d == 0) {
                sameTier++;
            } else if (d > 1) {
                return false;
            }
        }
        return switchLinks > 0 && maxTier >= 2 && sameTier * 20 <= switchLinks;
    }

    /**
     * A torus or mesh: every switch has the same number (at least 4) of links to other switches, and no three
     * switches are linked in a triangle (a dragonfly's groups are cliques, a torus of sides 4 and more has none).
     */
    static boolean isRegularMesh(TopoGraph g) {
        int degree = -1;
        int switches = 0;
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isSwitch(i)) {
                continue;
            }
            switches++;
            int d = 0;
            for (int k = 0; k < g.degree(i); k++) {
                if (g.isSwitch(g.other(g.linkAt(i, k), i))) {
                    d++;
                }
            }
            if (degree < 0) {
                degree = d;
            } else if (d != degree) {
                return false;
            }
        }
        return switches >= 4 && degree >= 4 && !hasTriangle(g);
    }

    private static boolean hasTriangle(TopoGraph g) {
        java.util.BitSet mark = new java.util.BitSet(g.nodeCount());
        for (int u = 0; u < g.nodeCount(); u++) {
            if (!g.isSwitch(u)) {
                continue;
            }
            mark.clear();
            for (int k = 0; k < g.degree(u); k++) {
                int v = g.other(g.linkAt(u, k), u);
                if (v != u && g.isSwitch(v)) {
                    mark.set(v);
                }
            }
            for (int v = mark.nextSetBit(0); v >= 0; v = mark.nextSetBit(v + 1)) {
                for (int k = 0; k < g.degree(v); k++) {
                    int w = g.other(g.linkAt(v, k), v);
                    if (w != u && w != v && mark.get(w)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Sizes every node by what it is: a switch, a host, or a switch with its hosts folded in. */
    static void size(Placement p, TopoGraph g) {
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.isSwitch(i)) {
                boolean group = p.foldedCount[i] > 0;
                p.w[i] = group ? GROUP_W : SWITCH_W;
                p.h[i] = group ? GROUP_H : SWITCH_H;
            } else {
                p.w[i] = HOST;
                p.h[i] = HOST;
            }
        }
    }

    /**
     * Places the unfolded hosts of a switch in a block under it.
     *
     * @return the block's width
     */
    static float hostBlock(Placement p, int[] hosts, int count, float cx, float top) {
        if (count == 0) {
            return 0;
        }
        int cols = (int) Math.ceil(Math.sqrt(count * 1.5));
        cols = Math.min(cols, count);
        float width = cols * HOST_PITCH;
        for (int k = 0; k < count; k++) {
            int col = k % cols;
            int row = k / cols;
            p.x[hosts[k]] = cx - width / 2 + HOST_PITCH * (col + 0.5f);
            p.y[hosts[k]] = top + HOST_PITCH * (row + 0.5f);
        }
        return width;
    }
}
