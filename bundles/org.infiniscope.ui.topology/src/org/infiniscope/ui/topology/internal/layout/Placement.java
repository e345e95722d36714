package org.infiniscope.ui.topology.internal.layout;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Where each node of a {@link TopoGraph} is drawn (centre and size, in world units), which nodes are folded into a
 * group (a leaf switch with its hosts), and the picture's extent. Immutable once the layout finished.
 */
public final class Placement {

    /** How the layout placed the nodes. */
    public enum Kind {
        TIERS,
        GRID,
        LAYERED
    }

    private final TopoGraph graph;
    private final Kind kind;
    final float[] x;
    final float[] y;
    final float[] w;
    final float[] h;
    final int[] folded;
    final int[] foldedCount;
    final int[] tier;
    private float minX;
    private float minY;
    private float maxX;
    private float maxY;

    Placement(TopoGraph graph, Kind kind, int[] folded, int[] tier) {
        this.graph = graph;
        this.kind = kind;
        int n = graph.nodeCount();
        this.x = new float[n];
        this.y = new float[n];
        this.w = new float[n];
        this.h = new float[n];
        this.folded = folded;
        this.tier = tier;
        this.foldedCount = new int[n];
        for (int i = 0; i < n; i++) {
            if (folded[i] >= 0) {
                foldedCount[folded[i]]++;
            }
        }
    }

    void finish() {
        minX = Float.MAX_VALUE;
        minY = Float.MAX_VALUE;
        maxX = -Float.MAX_VALUE;
        maxY = -Float.MAX_VALUE;
        for (int i = 0; i < x.length; i++) {
            if (folded[i] >= 0) {
                x[i] = x[folded[i]];
                y[i] = y[folded[i]];
                continue;
            }
            minX = Math.min(minX, x[i] - w[i] / 2);
            maxX = Math.max(maxX, x[i] + w[i] / 2);
            minY = Math.min(minY, y[i] - h[i] / 2);
            maxY = Math.max(maxY, y[i] + h[i] / 2 + 14);
        }
        if (minX > maxX) {
            minX = minY = 0;
            maxX = maxY = 1;
        }
    }

    public TopoGraph graph() {
        return graph;
    }

    public Kind kind() {
        return kind;
    }

    public float x(int node) {
        return x[node];
    }

    public float y(int node) {
        return y[node];
    }

    public float width(int node) {
        return w[node];
    }

    public float height(int node) {
        return h[node];
    }

    /** @return the group (switch) a node is folded into, or -1 when it is drawn itself */
    public int foldedInto(int node) {
        return folded[node];
    }

    /** @return how many nodes are folded into this one */
    public int foldedCount(int node) {
        return foldedCount[node];
    }

    /** @return the node's tier (0 hosts, 1 leaves, 2 spines…) in a tiered layout, else -1 */
    public int tier(int node) {
        return tier == null ? -1 : tier[node];
    }

    /** @return whether the node is drawn (not folded into a group) */
    public boolean visible(int node) {
        return folded[node] < 0;
    }

    public float minX() {
        return minX;
    }

    public float minY() {
        return minY;
    }

    public float maxX() {
        return maxX;
    }

    public float maxY() {
        return maxY;
    }

    /** @return how many nodes are drawn */
    public int visibleCount() {
        int n = 0;
        for (int f : folded) {
            if (f < 0) {
                n++;
            }
        }
        return n;
    }
}
