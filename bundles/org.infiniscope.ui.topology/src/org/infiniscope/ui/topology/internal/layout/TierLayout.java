package org.infiniscope.ui.topology.internal.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * A fat tree as tiers: hosts at the bottom (in blocks under their leaf), then leaves, spines and cores. Within a
 * tier the switches are ordered by the barycentre of their neighbours in the tiers below and above (a few sweeps each
 * way), which gathers a pod's leaves and spines together; every tier is spread over the width of the leaves.
 */
final class TierLayout {

    private static final float MIN_ROW = 110;
    /** The picture's height against its width: a wide fabric's tiers move apart so that it fits a view. */
    private static final float ASPECT = 0.42f;
    private static final int SWEEPS = 3;

    private TierLayout() {
    }

    static Placement place(TopoGraph g, int[] owners, int[] folded, int[] tier) {
        Placement p = new Placement(g, Placement.Kind.TIERS, folded, tier);
        Layouts.size(p, g);
        int n = g.nodeCount();
        int maxTier = 0;
        for (int i = 0; i < n; i++) {
            maxTier = Math.max(maxTier, tier[i]);
        }
        // the switches of each tier (tier 0 holds the hosts, placed with their leaf)
        List<int[]> rows = new ArrayList<>();
        for (int t = 0; t <= maxTier; t++) {
            rows.add(new int[0]);
        }
        int[] counts = new int[maxTier + 1];
        for (int i = 0; i < n; i++) {
            if (g.isSwitch(i)) {
                counts[tier[i]]++;
            }
        }
        for (int t = 0; t <= maxTier; t++) {
            rows.set(t, new int[counts[t]]);
            counts[t] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (g.isSwitch(i)) {
                rows.get(tier[i])[counts[tier[i]]++] = i;
            }
        }
        float[] pos = new float[n];
        for (int[] row : rows) {
            for (int k = 0; k < row.length; k++) {
                pos[row[k]] = k;
            }
        }
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            for (int t = 2; t <= maxTier; t++) {
                order(g, rows.get(t), tier, t - 1, pos);
            }
            for (int t = maxTier - 1; t >= 1; t--) {
                order(g, rows.get(t), tier, t + 1, pos);
            }
        }
        for (int t = 2; t <= maxTier; t++) {
            order(g, rows.get(t), tier, t - 1, pos);
        }

        // hosts of each leaf, in node order
        int[][] hostsOf = new int[n][];
        int[] hostCount = new int[n];
        for (int i = 0; i < n; i++) {
            if (owners[i] >= 0 && folded[i] < 0) {
                hostCount[owners[i]]++;
            }
        }
        for (int i = 0; i < n; i++) {
            if (hostCount[i] > 0) {
                hostsOf[i] = new int[hostCount[i]];
                hostCount[i] = 0;
            }
        }
        List<Integer> loose = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (g.isSwitch(i) || folded[i] >= 0) {
                continue;
            }
            if (owners[i] >= 0) {
                hostsOf[owners[i]][hostCount[owners[i]]++] = i;
            } else {
                loose.add(i);
            }
        }

        // leaves (tier 1) side by side, each as wide as its host block
        int[] leaves = rows.get(Math.min(1, maxTier));
        float width = 0;
        for (int leaf : leaves) {
            float block = hostCount[leaf] == 0 ? 0 : blockWidth(hostCount[leaf]);
            width += Math.max(p.w[leaf], block) + Layouts.GAP;
        }
        width = Math.max(width, 1);
        float rowHeight = Math.max(MIN_ROW, width * ASPECT / Math.max(1, maxTier));
        float baseY = maxTier * rowHeight;
        float cursor = 0;
        for (int leaf : leaves) {
            float block = hostCount[leaf] == 0 ? 0 : blockWidth(hostCount[leaf]);
            float slot = Math.max(p.w[leaf], block) + Layouts.GAP;
            p.x[leaf] = cursor + slot / 2;
            p.y[leaf] = baseY - rowHeight;
            Layouts.hostBlock(p, hostsOf[leaf] == null ? new int[0] : hostsOf[leaf], hostCount[leaf], p.x[leaf],
                    baseY - rowHeight + Layouts.GROUP_H + 12); // under the leaf's label
            cursor += slot;
        }
        for (int t = 2; t <= maxTier; t++) {
            int[] row = rows.get(t);
            float needed = 0;
            for (int s : row) {
                needed += p.w[s] + Layouts.GAP;
            }
            float span = Math.max(width, needed);
            float offset = (width - span) / 2;
            for (int k = 0; k < row.length; k++) {
                p.x[row[k]] = offset + span * (k + 0.5f) / row.length;
                p.y[row[k]] = baseY - rowHeight * t;
            }
        }
        // hosts on several switches, or on none: a row of their own under the blocks
        float looseY = baseY + MIN_ROW / 2;
        for (int k = 0; k < loose.size(); k++) {
            p.x[loose.get(k)] = Layouts.HOST_PITCH * (k + 0.5f);
            p.y[loose.get(k)] = looseY;
        }
        // switches that no host reaches (tier 0 impossible for switches, so only rows ≥ 1 exist)
        p.finish();
        return p;
    }

    private static float blockWidth(int count) {
        int cols = Math.min(count, (int) Math.ceil(Math.sqrt(count * 1.5)));
        return cols * Layouts.HOST_PITCH;
    }

    /** Orders a row by the mean position of each node's neighbours in another tier, stable for ties. */
    private static void order(TopoGraph g, int[] row, int[] tier, int towards, float[] pos) {
        int len = row.length;
        if (len < 2) {
            return;
        }
        float[] key = new float[len];
        Integer[] idx = new Integer[len];
        for (int k = 0; k < len; k++) {
            int u = row[k];
            float sum = 0;
            int cnt = 0;
            for (int d = 0; d < g.degree(u); d++) {
                int v = g.other(g.linkAt(u, d), u);
                if (tier[v] == towards && g.isSwitch(v)) {
                    sum += pos[v];
                    cnt++;
                }
            }
            key[k] = cnt == 0 ? pos[u] : sum / cnt;
            idx[k] = k;
        }
        Arrays.sort(idx, (a, b) -> {
            int c = Float.compare(key[a], key[b]);
            return c != 0 ? c : Float.compare(pos[row[a]], pos[row[b]]);
        });
        int[] sorted = new int[len];
        for (int k = 0; k < len; k++) {
            sorted[k] = row[idx[k]];
        }
        System.arraycopy(sorted, 0, row, 0, len);
        for (int k = 0; k < len; k++) {
            pos[row[k]] = k;
        }
    }
}
