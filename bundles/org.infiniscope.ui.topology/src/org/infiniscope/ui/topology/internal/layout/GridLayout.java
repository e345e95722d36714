package org.infiniscope.ui.topology.internal.layout;

import java.util.ArrayDeque;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Tori and meshes as a grid: the switches in breadth-first order from the first one (so that neighbours land near
 * each other), row by row in a square, each with its hosts in a block under it. The grid does not recover the
 * torus's own coordinates; wrap-around links are drawn across it.
 */
final class GridLayout {

    private GridLayout() {
    }

    static Placement place(TopoGraph g, int[] owners, int[] folded) {
        Placement p = new Placement(g, Placement.Kind.GRID, folded, null);
        Layouts.size(p, g);
        int n = g.nodeCount();
        int[] order = new int[n];
        int count = 0;
        boolean[] seen = new boolean[n];
        for (int start = 0; start < n; start++) {
            if (!g.isSwitch(start) || seen[start]) {
                continue;
            }
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(start);
            seen[start] = true;
            while (!queue.isEmpty()) {
                int u = queue.poll();
                order[count++] = u;
                for (int k = 0; k < g.degree(u); k++) {
                    int v = g.other(g.linkAt(u, k), u);
                    if (g.isSwitch(v) && !seen[v]) {
                        seen[v] = true;
                        queue.add(v);
                    }
                }
            }
        }
        int[] hostCount = new int[n];
        int maxHosts = 0;
        for (int i = 0; i < n; i++) {
            if (owners[i] >= 0 && folded[i] < 0) {
                maxHosts = Math.max(maxHosts, ++hostCount[owners[i]]);
            }
        }
        int[][] hostsOf = new int[n][];
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            if (owners[i] >= 0 && folded[i] < 0) {
                int o = owners[i];
                if (hostsOf[o] == null) {
                    hostsOf[o] = new int[hostCount[o]];
                }
                hostsOf[o][fill[o]++] = i;
            }
        }
        int cols = Math.max(1, (int) Math.round(Math.sqrt(count)));
        int hostCols = maxHosts == 0 ? 0 : Math.min(maxHosts, (int) Math.ceil(Math.sqrt(maxHosts * 1.5)));
        int hostRows = hostCols == 0 ? 0 : (maxHosts + hostCols - 1) / hostCols;
        float cellW = Math.max(Layouts.GROUP_W, hostCols * Layouts.HOST_PITCH) + 3 * Layouts.GAP;
        float cellH = Layouts.GROUP_H + hostRows * Layouts.HOST_PITCH + 4 * Layouts.GAP;
        for (int k = 0; k < count; k++) {
            int s = order[k];
            p.x[s] = (k % cols + 0.5f) * cellW;
            p.y[s] = (k / cols) * cellH + Layouts.GROUP_H;
            if (hostsOf[s] != null) {
                Layouts.hostBlock(p, hostsOf[s], hostsOf[s].length, p.x[s], p.y[s] + Layouts.GROUP_H);
            }
        }
        int rows = (count + cols - 1) / cols;
        int loose = 0;
        for (int i = 0; i < n; i++) {
            if (!g.isSwitch(i) && folded[i] < 0 && owners[i] < 0) {
                p.x[i] = Layouts.HOST_PITCH * (loose++ + 0.5f);
                p.y[i] = rows * cellH + Layouts.GAP;
            }
        }
        p.finish();
        return p;
    }
}
