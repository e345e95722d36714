package org.infiniscope.sm.internal.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.osgi.service.component.annotations.Component;

/**
 * Fat-tree routing, as OpenSM's {@code ftree}: levels are counted from the leaves (the switches with CAs, level 0),
 * every link must join two adjacent levels, and every path goes up and then down, so no credit loop can form between
 * CA paths.
 * <p>
 * For each CA LID in turn (grouped by leaf), a main path goes up from its leaf, each step by the up link whose
 * downward direction carries the fewest LIDs so far (of those, the one nearest to the {@code (d / D(l)) mod k}-th,
 * {@code d} the LID's rank among the CA LIDs divided by the typical step between the ranks of one leaf's LIDs), to
 * a top switch; the switches on it forward the LID down that
 * path, every other switch below the top goes up towards it (to the main path where it is a neighbour, else to the
 * parent that leads to the top, least used first), so each LID comes down one path only and the LIDs of one leaf
 * come down by different links. Switches outside the top's subtree, which no CA path to the LID crosses, still get
 * a route: an ancestor of the leaf goes down, others go up by {@code (d / D(l)) mod k} ("d-mod-k"). Switch LIDs
 * are routed that way too and not counted; a switch that cannot reach another switch up then down (two spines)
 * gets no route to it.
 */
@Component(service = RoutingEngine.class)
public final class FatTreeEngine implements RoutingEngine {

    /** The engine's name. */
    public static final String NAME = "ftree";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RoutingResult route(RoutingGraph graph, RoutingRequest request)
            throws RoutingException, InterruptedException {
        Interrupts interrupts = new Interrupts();
        Fabric f = new Fabric(graph);
        int n = f.n;
        int[] level = levels(f);
        int height = 0;
        for (int s = 0; s < n; s++) {
            height = Math.max(height, level[s]);
        }
        // D(l): the product of the largest up port counts of the levels below l
        int[] upPorts = new int[height + 1];
        for (int s = 0; s < n; s++) {
            int ups = 0;
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                ups += level[f.adjPeer[i]] > level[s] ? 1 : 0;
            }
            if (ups == 0 && level[s] < height) {
                throw new RoutingException(String.format(
                        "not a fat tree: switch 0x%016x at level %d has no link up, the tree has %d levels",
                        graph.switchGuid(s), level[s], height + 1));
            }
            upPorts[level[s]] = Math.max(upPorts[level[s]], ups);
        }
        long[] divisor = new long[height + 1];
        divisor[0] = 1;
        for (int l = 1; l <= height; l++) {
            divisor[l] = Math.min(divisor[l - 1] * Math.max(1, upPorts[l - 1]), 1L << 40);
        }
        // destinations: the CA LIDs grouped by switch, switches by their lowest CA LID
        List<List<Integer>> lidsAt = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            lidsAt.add(new ArrayList<>());
        }
        int[] firstLid = new int[n];
        Arrays.fill(firstLid, Integer.MAX_VALUE);
        for (int lid = 1; lid < f.tableLength; lid++) {
            int e = f.lidEndport[lid];
            if (e != RoutingGraph.NONE && !graph.isSwitchEndport(e) && graph.endportSwitch(e) != RoutingGraph.NONE) {
                int s = graph.endportSwitch(e);
                lidsAt.get(s).add(lid);
                firstLid[s] = Math.min(firstLid[s], lid);
            }
        }
        Integer[] byFirstLid = new Integer[n];
        for (int s = 0; s < n; s++) {
            byFirstLid[s] = s;
        }
        Arrays.sort(byFirstLid, (a, b) -> Integer.compare(firstLid[a], firstLid[b]));

        long[] rank = new long[f.tableLength];
        long ranked = 0;
        for (int lid = 1; lid < f.tableLength; lid++) {
            int e = f.lidEndport[lid];
            if (e != RoutingGraph.NONE && !graph.isSwitchEndport(e) && graph.endportSwitch(e) != RoutingGraph.NONE) {
                rank[lid] = ranked++;
            }
        }
        // the hosts of a leaf may be numbered every s-th (an SM numbering leaves in turn): d-mod-k then counts in
        // steps of the typical gap between a leaf's ranks
        List<Long> gaps = new ArrayList<>();
        for (List<Integer> lids : lidsAt) {
            for (int i = 1; i < lids.size(); i++) {
                gaps.add(rank[lids.get(i)] - rank[lids.get(i - 1)]);
            }
        }
        java.util.Collections.sort(gaps);
        long stride = gaps.isEmpty() ? 1 : Math.max(1, gaps.get(gaps.size() / 2));
        for (int lid = 1; lid < f.tableLength; lid++) {
            rank[lid] /= stride;
        }
        byte[][] tables = f.emptyTables();
        int[] downUse = new int[f.adjPeer.length];
        int[] upUse = new int[f.adjPeer.length];
        int[] reverse = reverseEntries(f);
        Tree tree = new Tree(n);
        Map<Integer, Subtree> subtrees = new HashMap<>();
        int[] onPath = new int[n];
        Arrays.fill(onPath, -1);
        int[] path = new int[height + 2];
        int[] downEntry = new int[height + 2];
        for (int k = 0; k < n; k++) {
            int t = byFirstLid[k];
            if (lidsAt.get(t).isEmpty()) {
                continue;
            }
            if ((k & 31) == 0) {
                interrupts.check();
            }
            tree.build(f, level, t);
            for (int lid : lidsAt.get(t)) {
                // the main path: up by the link whose way down carries the fewest LIDs
                int length = 0;
                int x = t;
                path[length++] = x;
                while (true) {
                    // among the least used, the one nearest the LID's d-mod-k choice: the rank of the LID among the
                    // CA LIDs, so that LIDs next to each other take different links whatever the leaf they are on
                    int ups = 0;
                    for (int i = f.adjStart[x]; i < f.adjStart[x + 1]; i++) {
                        ups += level[f.adjPeer[i]] > level[x] ? 1 : 0;
                    }
                    if (ups == 0) {
                        break;
                    }
                    int preferred = (int) ((rank[lid] / divisor[level[x]]) % ups);
                    int best = -1;
                    int bestDistance = 0;
                    int index = 0;
                    for (int i = f.adjStart[x]; i < f.adjStart[x + 1]; i++) {
                        if (level[f.adjPeer[i]] <= level[x]) {
                            continue;
                        }
                        int distance = (index++ - preferred + ups) % ups;
                        if (best < 0 || downUse[reverse[i]] < downUse[reverse[best]]
                                || downUse[reverse[i]] == downUse[reverse[best]] && distance < bestDistance) {
                            best = i;
                            bestDistance = distance;
                        }
                    }
                    downUse[reverse[best]]++;
                    downEntry[length] = reverse[best];
                    x = f.adjPeer[best];
                    path[length++] = x;
                }
                for (int p = 0; p < length; p++) {
                    onPath[path[p]] = p;
                }
                Subtree below = subtrees.computeIfAbsent(x, top -> new Subtree(f, level, top));
                tables[t][lid] = (byte) graph.endportSwitchPort(f.lidEndport[lid]);
                for (int s = 0; s < n; s++) {
                    if (s == t) {
                        continue;
                    }
                    if (onPath[s] > 0) {
                        tables[s][lid] = (byte) f.adjPort[downEntry[onPath[s]]];
                    } else if (below.parentStart[s] < below.parentStart[s + 1]) {
                        int best = -1;
                        boolean bestOnPath = false;
                        for (int c = below.parentStart[s]; c < below.parentStart[s + 1]; c++) {
                            int i = below.parents[c];
                            boolean toPath = onPath[f.adjPeer[i]] >= 0;
                            if (best < 0 || toPath && !bestOnPath || toPath == bestOnPath && upUse[i] < upUse[best]) {
                                best = i;
                                bestOnPath = toPath;
                            }
                        }
                        upUse[best]++;
                        tables[s][lid] = (byte) f.adjPort[best];
                    } else {
                        int i = fallback(f, tree, level, divisor, s, rank[lid], downUse);
                        if (i >= 0) {
                            tables[s][lid] = (byte) f.adjPort[i];
                        }
                    }
                }
                for (int p = 0; p < length; p++) {
                    onPath[path[p]] = -1;
                }
            }
        }
        // switch LIDs, in LID order, not counted
        long sd = 0;
        for (int lid = 1; lid < f.tableLength; lid++) {
            int e = f.lidEndport[lid];
            if (e == RoutingGraph.NONE || !graph.isSwitchEndport(e)) {
                continue;
            }
            int t = graph.endportSwitch(e);
            if (tree.target != t) {
                interrupts.check();
                tree.build(f, level, t);
            }
            route(f, tree, level, divisor, t, lid, sd++, downUse, tables);
        }
        return new RoutingResult(NAME, tables);
    }

    /** Fills every switch's entry for one LID on switch {@code t}. */
    private static void route(Fabric f, Tree tree, int[] level, long[] divisor, int t, int lid, long d, int[] downUse,
            byte[][] tables) {
        tables[t][lid] = (byte) f.graph.endportSwitchPort(f.lidEndport[lid]);
        for (int s = 0; s < f.n; s++) {
            if (s != t) {
                int i = fallback(f, tree, level, divisor, s, d, downUse);
                if (i >= 0) {
                    tables[s][lid] = (byte) f.adjPort[i];
                }
            }
        }
    }

    /**
     * @return the entry switch {@code s} forwards a LID of {@code tree}'s switch by, with no main path: down by the
     *         least used link for an ancestor, else up by d-mod-k; -1 for none
     */
    private static int fallback(Fabric f, Tree tree, int[] level, long[] divisor, int s, long d, int[] downUse) {
        int from = tree.candStart[s];
        int count = tree.candStart[s + 1] - from;
        if (count == 0) {
            return -1;
        }
        if (tree.ancestor[s]) {
            int i = tree.cand[from];
            for (int c = from + 1; c < from + count; c++) {
                if (downUse[tree.cand[c]] < downUse[i]) {
                    i = tree.cand[c];
                }
            }
            return i;
        }
        return tree.cand[from + (int) ((d / divisor[level[s]]) % count)];
    }

    /** @return for each inter-switch entry, the entry of the same link seen from the other end */
    private static int[] reverseEntries(Fabric f) {
        int[] reverse = new int[f.adjPeer.length];
        for (int s = 0; s < f.n; s++) {
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                int y = f.adjPeer[i];
                for (int j = f.adjStart[y]; j < f.adjStart[y + 1]; j++) {
                    if (f.adjPort[j] == f.adjPeerPort[i]) {
                        reverse[i] = j;
                        break;
                    }
                }
            }
        }
        return reverse;
    }

    /** The switches below a top switch, each with its up entries to parents that are the top or below it. */
    private static final class Subtree {
        final int[] parentStart;
        final int[] parents;

        Subtree(Fabric f, int[] level, int top) {
            int n = f.n;
            boolean[] below = new boolean[n];
            below[top] = true;
            int[] queue = new int[n];
            queue[0] = top;
            int tail = 1;
            for (int head = 0; head < tail;) {
                int s = queue[head++];
                for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                    int y = f.adjPeer[i];
                    if (level[y] < level[s] && !below[y]) {
                        below[y] = true;
                        queue[tail++] = y;
                    }
                }
            }
            parentStart = new int[n + 1];
            int[] list = new int[16];
            int c = 0;
            for (int s = 0; s < n; s++) {
                parentStart[s] = c;
                if (!below[s] || s == top) {
                    continue;
                }
                for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                    int y = f.adjPeer[i];
                    if (level[y] > level[s] && below[y]) {
                        if (c == list.length) {
                            list = Arrays.copyOf(list, c * 2);
                        }
                        list[c++] = i;
                    }
                }
            }
            parentStart[n] = c;
            parents = Arrays.copyOf(list, c);
        }
    }

    /** For one destination switch: its ancestors and every switch's candidate ports towards it. */
    private static final class Tree {
        int target = RoutingGraph.NONE;
        final boolean[] ancestor;
        final int[] hops;
        final int[] candStart;
        int[] cand;
        final int[] queue;
        /** The switches from the top level down. */
        int[] topDown;

        Tree(int n) {
            ancestor = new boolean[n];
            hops = new int[n];
            candStart = new int[n + 1];
            cand = new int[16];
            queue = new int[n];
        }

        void build(Fabric f, int[] level, int t) {
            int n = f.n;
            target = t;
            Arrays.fill(ancestor, false);
            Arrays.fill(hops, Fabric.FAR);
            ancestor[t] = true;
            hops[t] = 0;
            queue[0] = t;
            int tail = 1;
            // the ancestors, breadth first going up; they reach t going down in (level difference) hops
            for (int head = 0; head < tail;) {
                int s = queue[head++];
                for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                    int y = f.adjPeer[i];
                    if (level[y] > level[s] && !ancestor[y]) {
                        ancestor[y] = true;
                        hops[y] = level[y] - level[t];
                        queue[tail++] = y;
                    }
                }
            }
            // the others go up to the nearest ancestor: from the top level down, so up neighbours are known
            if (topDown == null) {
                Integer[] byLevel = new Integer[n];
                for (int s = 0; s < n; s++) {
                    byLevel[s] = s;
                }
                Arrays.sort(byLevel, (a, b) -> Integer.compare(level[b], level[a]));
                topDown = new int[n];
                for (int k = 0; k < n; k++) {
                    topDown[k] = byLevel[k];
                }
            }
            for (int s : topDown) {
                if (ancestor[s]) {
                    continue;
                }
                int best = Fabric.FAR;
                for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                    int y = f.adjPeer[i];
                    if (level[y] > level[s]) {
                        best = Math.min(best, hops[y] + 1);
                    }
                }
                hops[s] = best;
            }
            int c = 0;
            for (int s = 0; s < n; s++) {
                candStart[s] = c;
                if (s == t || hops[s] >= Fabric.FAR) {
                    continue;
                }
                for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                    int y = f.adjPeer[i];
                    boolean ok = ancestor[s]
                            ? level[y] < level[s] && ancestor[y] && hops[y] == hops[s] - 1
                            : level[y] > level[s] && hops[y] == hops[s] - 1;
                    if (ok) {
                        if (c == cand.length) {
                            cand = Arrays.copyOf(cand, c * 2);
                        }
                        cand[c++] = i;
                    }
                }
            }
            candStart[n] = c;
        }
    }

    /**
     * @return every switch's level: its hops from the nearest switch with a CA
     * @throws RoutingException when the graph is not a fat tree: no CA, a switch no leaf reaches, or a link that
     *         does not join adjacent levels
     */
    static int[] levels(Fabric f) throws RoutingException {
        RoutingGraph g = f.graph;
        int[] level = new int[f.n];
        Arrays.fill(level, Fabric.FAR);
        int[] queue = new int[f.n];
        int tail = 0;
        for (int e = 0; e < g.endportCount(); e++) {
            int s = g.endportSwitch(e);
            if (!g.isSwitchEndport(e) && s != RoutingGraph.NONE && level[s] != 0) {
                level[s] = 0;
                queue[tail++] = s;
            }
        }
        if (tail == 0) {
            throw new RoutingException("not a fat tree: no switch has a CA");
        }
        for (int head = 0; head < tail;) {
            int s = queue[head++];
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                int y = f.adjPeer[i];
                if (level[y] == Fabric.FAR) {
                    level[y] = level[s] + 1;
                    queue[tail++] = y;
                }
            }
        }
        for (int s = 0; s < f.n; s++) {
            if (level[s] == Fabric.FAR) {
                throw new RoutingException(
                        String.format("not a fat tree: switch 0x%016x reaches no CA", g.switchGuid(s)));
            }
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                int y = f.adjPeer[i];
                if (Math.abs(level[y] - level[s]) != 1) {
                    throw new RoutingException(String.format(
                            "not a fat tree: switches 0x%016x (level %d) and 0x%016x (level %d) are linked",
                            g.switchGuid(s), level[s], g.switchGuid(y), level[y]));
                }
            }
        }
        return level;
    }
}
