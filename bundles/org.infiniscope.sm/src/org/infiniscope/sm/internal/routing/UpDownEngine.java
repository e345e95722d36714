package org.infiniscope.sm.internal.routing;

import java.util.Arrays;

import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.osgi.service.component.annotations.Component;

/**
 * Up/down routing, as OpenSM's {@code updn}: switches are ranked by their distance from the roots, a link leads
 * <em>up</em> towards the lower rank (the lower node GUID between equal ranks), and every path goes up zero or more
 * times and then only down, so no cycle of channel dependencies can form. Among the legal paths the shortest are
 * taken and balanced per port as {@link MinHopEngine} does.
 * <p>
 * Roots are the request's {@link RoutingRequest#rootGuids()} (those of them that are switches of this graph) or, as
 * OpenSM finds them, the switches whose histogram of hop counts to the CAs has one bar above 90% of the CAs and no
 * other above 5% (the spines of a fat tree), and of those the ones whose bar is the nearest (OpenSM takes the leaves of
 * a large two-level tree too, their own CAs being under 5%). A switch pair with no legal path (two spines) gets no route; a CA that
 * could not reach a LID min-hop reaches makes the engine give up.
 */
@Component(service = RoutingEngine.class)
public final class UpDownEngine implements RoutingEngine {

    /** The engine's name. */
    public static final String NAME = "updn";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RoutingResult route(RoutingGraph graph, RoutingRequest request)
            throws RoutingException, InterruptedException {
        Interrupts interrupts = new Interrupts();
        Fabric f = new Fabric(graph);
        if (f.n == 0) {
            return new RoutingResult(NAME, f.emptyTables());
        }
        short[][] minHops = f.allHops(interrupts);
        boolean[] root = roots(f, minHops, request);
        int[] rank = ranks(f, root);
        // a total order in which every up link leads to a smaller key: rank, then node GUID
        Integer[] byOrder = new Integer[f.n];
        for (int s = 0; s < f.n; s++) {
            byOrder[s] = s;
        }
        Arrays.sort(byOrder,
                (a, b) -> rank[a] != rank[b]
                        ? Integer.compare(rank[a], rank[b])
                        : Long.compareUnsigned(graph.switchGuid(a), graph.switchGuid(b)));
        int[] order = new int[f.n];
        int[] key = new int[f.n];
        for (int k = 0; k < f.n; k++) {
            order[k] = byOrder[k];
            key[byOrder[k]] = k;
        }
        boolean[] up = new boolean[f.adjPeer.length];
        for (int s = 0; s < f.n; s++) {
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                up[i] = key[f.adjPeer[i]] < key[s];
            }
        }
        short[][] hops = new short[f.n][];
        interrupts.forEach(f.n, () -> new Scratch(f.n), (t, x) -> hops[t] = legalHops(f, t, up, order, x));
        checkCasReachAll(f, minHops, hops);
        return new RoutingResult(NAME, LftBuilder.build(f, hops, up, interrupts));
    }

    private static final class Scratch {
        final short[] down;
        final int[] queue;
        final boolean[] forced;

        Scratch(int n) {
            down = new short[n];
            queue = new int[n];
            forced = new boolean[n];
        }
    }

    /**
     * @return for every switch its hops to {@code t} on the shortest legal path it can take, flagged
     *         {@link Fabric#DOWN} when it forwards downwards only: those that reach {@code t} going down as fast as by
     *         any legal path, and every switch below them on such a path (whatever its own shortest path, a packet
     *         that went down cannot go up again)
     */
    private static short[] legalHops(Fabric f, int t, boolean[] up, int[] order, Scratch x) {
        int n = f.n;
        short[] down = x.down;
        int[] queue = x.queue;
        // hops going down only: breadth first from t over the links that lead up from it
        Arrays.fill(down, Fabric.FAR);
        down[t] = 0;
        queue[0] = t;
        for (int head = 0, tail = 1; head < tail;) {
            int y = queue[head++];
            for (int i = f.adjStart[y]; i < f.adjStart[y + 1]; i++) {
                int z = f.adjPeer[i];
                if (up[i] && down[z] == Fabric.FAR) {
                    down[z] = (short) (down[y] + 1);
                    queue[tail++] = z;
                }
            }
        }
        // which switches forward down: those for which going down is a shortest legal path ...
        short[] hops = new short[n];
        boolean[] forced = x.forced;
        Arrays.fill(forced, false);
        int tail = 0;
        for (int k = 0; k < n; k++) {
            int s = order[k];
            int viaUp = bestUp(f, s, up, hops);
            int legal = Math.min(down[s], viaUp);
            hops[s] = (short) Math.min(legal, Fabric.FAR);
            if (down[s] != Fabric.FAR && down[s] <= viaUp) {
                forced[s] = true;
                queue[tail++] = s;
            }
        }
        // ... and all below them on a downward shortest path to t
        for (int head = 0; head < tail;) {
            int s = queue[head++];
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                int z = f.adjPeer[i];
                if (!up[i] && !forced[z] && down[z] == down[s] - 1) {
                    forced[z] = true;
                    queue[tail++] = z;
                }
            }
        }
        // hops as the switches will forward: down ones by their downward hops, others up to the best neighbour
        for (int k = 0; k < n; k++) {
            int s = order[k];
            if (forced[s]) {
                hops[s] = (short) (down[s] | Fabric.DOWN);
            } else {
                hops[s] = (short) Math.min(bestUp(f, s, up, hops), Fabric.FAR);
            }
        }
        return hops;
    }

    /** @return 1 + the fewest hops of an up neighbour (whose hops are final), or FAR */
    private static int bestUp(Fabric f, int s, boolean[] up, short[] hops) {
        int best = Fabric.FAR;
        for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
            if (up[i]) {
                best = Math.min(best, (hops[f.adjPeer[i]] & Fabric.FAR) + 1);
            }
        }
        return best;
    }

    private static void checkCasReachAll(Fabric f, short[][] minHops, short[][] hops) throws RoutingException {
        RoutingGraph g = f.graph;
        boolean[] hasCa = new boolean[f.n];
        for (int e = 0; e < g.endportCount(); e++) {
            if (!g.isSwitchEndport(e) && g.endportSwitch(e) != RoutingGraph.NONE) {
                hasCa[g.endportSwitch(e)] = true;
            }
        }
        for (int t = 0; t < f.n; t++) {
            for (int s = 0; s < f.n; s++) {
                if (hasCa[s] && minHops[t][s] != Fabric.FAR && (hops[t][s] & Fabric.FAR) == Fabric.FAR) {
                    throw new RoutingException(String.format(
                            "up/down: no legal path from switch 0x%016x to switch 0x%016x with these roots",
                            g.switchGuid(s), g.switchGuid(t)));
                }
            }
        }
    }

    /** @return the roots: the requested ones, or those found by the min-hop histogram */
    static boolean[] roots(Fabric f, short[][] hops, RoutingRequest request) throws RoutingException {
        RoutingGraph g = f.graph;
        boolean[] root = new boolean[f.n];
        int found = 0;
        if (!request.rootGuids().isEmpty()) {
            for (long guid : request.rootGuids()) {
                int s = g.switchIndex(guid);
                if (s != RoutingGraph.NONE) {
                    root[s] = true;
                    found++;
                }
            }
            if (found == 0) {
                throw new RoutingException("up/down: none of the " + request.rootGuids().size()
                        + " given roots is a switch of this fabric");
            }
            return root;
        }
        int[] casAt = new int[f.n];
        int cas = 0;
        for (int e = 0; e < g.endportCount(); e++) {
            if (!g.isSwitchEndport(e) && g.endportSwitch(e) != RoutingGraph.NONE) {
                casAt[g.endportSwitch(e)]++;
                cas++;
            }
        }
        double high = cas * 0.9;
        double low = cas * 0.05;
        int[] histogram = new int[Fabric.FAR + 2];
        int[] dominant = new int[f.n];
        int nearest = Integer.MAX_VALUE;
        for (int s = 0; s < f.n; s++) {
            Arrays.fill(histogram, 0);
            for (int t = 0; t < f.n; t++) {
                if (casAt[t] > 0 && hops[t][s] != Fabric.FAR) {
                    histogram[hops[t][s] + 1] += casAt[t];
                }
            }
            int overHigh = 0;
            int overLow = 0;
            for (int h = 0; h < histogram.length; h++) {
                overHigh += histogram[h] > high ? 1 : 0;
                overLow += histogram[h] > low ? 1 : 0;
                if (histogram[h] > high) {
                    dominant[s] = h;
                }
            }
            if (overHigh == 1 && overLow == 1) {
                root[s] = true;
                nearest = Math.min(nearest, dominant[s]);
            }
        }
        for (int s = 0; s < f.n; s++) {
            if (root[s] && dominant[s] > nearest) {
                root[s] = false;
            }
            found += root[s] ? 1 : 0;
        }
        if (found == 0) {
            throw new RoutingException(
                    "up/down: no switch looks like a root (no hop count to 90% of the CAs)" + " and none were given");
        }
        return root;
    }

    /** @return each switch's hops from the nearest root; FAR for switches no root reaches */
    static int[] ranks(Fabric f, boolean[] root) {
        int[] rank = new int[f.n];
        Arrays.fill(rank, Fabric.FAR);
        int[] queue = new int[f.n];
        int tail = 0;
        for (int s = 0; s < f.n; s++) {
            if (root[s]) {
                rank[s] = 0;
                queue[tail++] = s;
            }
        }
        for (int head = 0; head < tail;) {
            int s = queue[head++];
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                int y = f.adjPeer[i];
                if (rank[y] == Fabric.FAR) {
                    rank[y] = rank[s] + 1;
                    queue[tail++] = y;
                }
            }
        }
        return rank;
    }
}
