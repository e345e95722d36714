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
 * Deadlock-free single-source shortest-path routing (DFSSSP, as OpenSM's {@code dfsssp}) for any topology.
 * <p>
 * Paths: for each destination LID in turn a shortest-path tree (Dijkstra) under link weights that start equal and
 * grow by the number of source ports each link carries, so later destinations avoid the busy links. Layers: the
 * paths from every source switch to every LID start in layer 0; while a layer's channel dependency graph has a
 * cycle, the paths of the cycle's least used dependency move to the next layer. Layer {@code i} is SL {@code i}
 * (the SM maps SL to VL one-to-one). It throws {@link RoutingException} when the paths need more layers than
 * {@link RoutingRequest#maxLayers()}.
 */
@Component(service = RoutingEngine.class)
public final class DfssspEngine implements RoutingEngine {

    /** The engine's name. */
    public static final String NAME = "dfsssp";

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
        int[] sourcesAt = new int[n];
        for (int e = 0; e < graph.endportCount(); e++) {
            if (graph.endportSwitch(e) != RoutingGraph.NONE) {
                sourcesAt[graph.endportSwitch(e)]++;
            }
        }
        byte[][] tables = f.emptyTables();
        long[] weight = new long[f.adjPeer.length];
        Arrays.fill(weight, Math.max(1, graph.endportCount()));
        Dijkstra dijkstra = new Dijkstra(f);
        for (int lid = 1; lid < f.tableLength; lid++) {
            int e = f.lidEndport[lid];
            if (e == RoutingGraph.NONE || graph.endportSwitch(e) == RoutingGraph.NONE) {
                continue;
            }
            if ((lid & 63) == 0) {
                interrupts.check();
            }
            int t = graph.endportSwitch(e);
            dijkstra.run(t, weight);
            tables[t][lid] = (byte) graph.endportSwitchPort(e);
            // every reached switch forwards by its tree edge; the edge's weight grows by the sources behind it
            long[] behind = dijkstra.behind;
            for (int k = dijkstra.popped - 1; k >= 0; k--) {
                int x = dijkstra.order[k];
                if (x == t) {
                    continue;
                }
                int i = dijkstra.next[x];
                tables[x][lid] = (byte) f.adjPort[i];
                behind[x] += sourcesAt[x];
                weight[i] += behind[x];
                behind[f.adjPeer[i]] += behind[x];
            }
        }
        byte[][] layerOf = layers(f, tables, sourcesAt, request.maxLayers(), interrupts);
        int layers = 1;
        for (byte[] row : layerOf) {
            if (row != null) {
                for (byte l : row) {
                    layers = Math.max(layers, l + 1);
                }
            }
        }
        int[] lidSwitch = new int[f.tableLength];
        Arrays.fill(lidSwitch, RoutingGraph.NONE);
        for (int lid = 1; lid < f.tableLength; lid++) {
            int e = f.lidEndport[lid];
            if (e != RoutingGraph.NONE) {
                lidSwitch[lid] = graph.endportSwitch(e);
            }
        }
        return new RoutingResult(NAME, tables, layers, (slid, dlid) -> {
            if (slid <= 0 || slid >= lidSwitch.length || dlid <= 0 || dlid >= lidSwitch.length) {
                return 0;
            }
            int s = lidSwitch[slid];
            return s == RoutingGraph.NONE || layerOf[s] == null ? 0 : layerOf[s][dlid];
        });
    }

    /** Dijkstra towards one switch over the weighted inter-switch entries, with a binary heap of switches. */
    private static final class Dijkstra {
        final Fabric f;
        final long[] dist;
        final int[] next;
        final int[] order;
        final long[] behind;
        final int[] heap;
        final int[] where;
        int size;
        int popped;

        Dijkstra(Fabric f) {
            this.f = f;
            dist = new long[f.n];
            next = new int[f.n];
            order = new int[f.n];
            behind = new long[f.n];
            heap = new int[f.n];
            where = new int[f.n];
        }

        /** Fills dist, next (the entry each switch forwards by) and order (switches by distance) towards t. */
        void run(int t, long[] weight) {
            Arrays.fill(dist, Long.MAX_VALUE);
            Arrays.fill(next, -1);
            Arrays.fill(where, -1);
            Arrays.fill(behind, 0);
            size = 0;
            popped = 0;
            dist[t] = 0;
            push(t);
            while (size > 0) {
                int y = pop();
                order[popped++] = y;
                // x -> y over entry i of x: the reverse entry of each of y's entries
                for (int j = f.adjStart[y]; j < f.adjStart[y + 1]; j++) {
                    int x = f.adjPeer[j];
                    int i = entry(x, f.adjPeerPort[j]);
                    long candidate = dist[y] + weight[i];
                    if (candidate < dist[x]) {
                        dist[x] = candidate;
                        next[x] = i;
                        if (where[x] < 0) {
                            push(x);
                        } else {
                            up(where[x]);
                        }
                    }
                }
            }
        }

        /** @return the inter-switch entry of port {@code p} of switch {@code x} */
        private int entry(int x, int p) {
            int lo = f.adjStart[x];
            int hi = f.adjStart[x + 1] - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (f.adjPort[mid] < p) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        private void push(int x) {
            heap[size] = x;
            where[x] = size;
            up(size++);
        }

        private int pop() {
            int top = heap[0];
            where[top] = -2;
            size--;
            if (size > 0) {
                heap[0] = heap[size];
                where[heap[0]] = 0;
                down(0);
            }
            return top;
        }

        private void up(int k) {
            int x = heap[k];
            while (k > 0) {
                int parent = (k - 1) >>> 1;
                if (dist[heap[parent]] <= dist[x]) {
                    break;
                }
                heap[k] = heap[parent];
                where[heap[k]] = k;
                k = parent;
            }
            heap[k] = x;
            where[x] = k;
        }

        private void down(int k) {
            int x = heap[k];
            while (true) {
                int child = 2 * k + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && dist[heap[child + 1]] < dist[heap[child]]) {
                    child++;
                }
                if (dist[heap[child]] >= dist[x]) {
                    break;
                }
                heap[k] = heap[child];
                where[heap[k]] = k;
                k = child;
            }
            heap[k] = x;
            where[x] = k;
        }
    }

    /**
     * @return {@code layer[s][lid]} for every source switch (null rows for switches without sources) such that no
     *         layer's channel dependency graph has a cycle
     */
    private static byte[][] layers(Fabric f, byte[][] tables, int[] sourcesAt, int maxLayers, Interrupts interrupts)
            throws RoutingException, InterruptedException {
        int n = f.n;
        int channels = f.adjPeer.length;
        // channel of (switch, port): the inter-switch entry, or -1
        int[][] channelOf = new int[n][];
        for (int s = 0; s < n; s++) {
            channelOf[s] = new int[f.graph.portCount(s) + 1];
            Arrays.fill(channelOf[s], -1);
            for (int i = f.adjStart[s]; i < f.adjStart[s + 1]; i++) {
                channelOf[s][f.adjPort[i]] = i;
            }
        }
        byte[][] layer = new byte[n][];
        Map<Long, List<Integer>> deps = new HashMap<>();
        int[] path = new int[n + 1];
        for (int s = 0; s < n; s++) {
            if (sourcesAt[s] == 0) {
                continue;
            }
            layer[s] = new byte[f.tableLength];
            for (int lid = 1; lid < f.tableLength; lid++) {
                int length = walk(f, tables, channelOf, s, lid, path);
                for (int k = 0; k + 1 < length; k++) {
                    deps.computeIfAbsent((long) path[k] * channels + path[k + 1], key -> new ArrayList<>())
                            .add(s * f.tableLength + lid);
                }
            }
        }
        for (int current = 0; !deps.isEmpty(); current++) {
            Map<Long, List<Integer>> nextDeps = new HashMap<>();
            while (true) {
                interrupts.check();
                long[] cycle = findCycle(deps, channels);
                if (cycle == null) {
                    break;
                }
                if (current + 1 >= maxLayers) {
                    throw new RoutingException(
                            "dfsssp: the paths need more than " + maxLayers + " layers to be free of credit loops");
                }
                long weakest = cycle[0];
                for (long edge : cycle) {
                    if (deps.get(edge).size() < deps.get(weakest).size()) {
                        weakest = edge;
                    }
                }
                for (int route : List.copyOf(deps.get(weakest))) {
                    int s = route / f.tableLength;
                    int lid = route % f.tableLength;
                    layer[s][lid] = (byte) (current + 1);
                    int length = walk(f, tables, channelOf, s, lid, path);
                    for (int k = 0; k + 1 < length; k++) {
                        long key = (long) path[k] * channels + path[k + 1];
                        List<Integer> routes = deps.get(key);
                        routes.remove(Integer.valueOf(route));
                        if (routes.isEmpty()) {
                            deps.remove(key);
                        }
                        nextDeps.computeIfAbsent(key, x -> new ArrayList<>()).add(route);
                    }
                }
            }
            deps = nextDeps;
        }
        return layer;
    }

    /** @return how many channels the path from switch s to the LID takes, written to {@code path} */
    private static int walk(Fabric f, byte[][] tables, int[][] channelOf, int s, int lid, int[] path) {
        int length = 0;
        int x = s;
        while (length < path.length) {
            int port = tables[x][lid] & 0xFF;
            if (port == 0 || port >= channelOf[x].length) {
                break;
            }
            int c = channelOf[x][port];
            if (c < 0) {
                break;
            }
            path[length++] = c;
            x = f.adjPeer[c];
        }
        return length;
    }

    /** @return the dependency keys of one cycle of the graph, or null */
    private static long[] findCycle(Map<Long, List<Integer>> deps, int channels) {
        int[] degree = new int[channels + 1];
        for (long key : deps.keySet()) {
            degree[(int) (key / channels) + 1]++;
        }
        for (int c = 0; c < channels; c++) {
            degree[c + 1] += degree[c];
        }
        int[] targets = new int[deps.size()];
        int[] fill = Arrays.copyOf(degree, channels);
        for (long key : deps.keySet()) {
            targets[fill[(int) (key / channels)]++] = (int) (key % channels);
        }
        byte[] color = new byte[channels];
        int[] stack = new int[channels];
        int[] cursor = new int[channels];
        for (int root = 0; root < channels; root++) {
            if (color[root] != 0 || degree[root] == degree[root + 1]) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            color[root] = 1;
            cursor[root] = degree[root];
            while (depth > 0) {
                int c = stack[depth - 1];
                if (cursor[c] == degree[c + 1]) {
                    color[c] = 2;
                    depth--;
                    continue;
                }
                int target = targets[cursor[c]++];
                if (color[target] == 1) {
                    int from = depth - 1;
                    while (stack[from] != target) {
                        from--;
                    }
                    long[] cycle = new long[depth - from];
                    for (int k = from; k < depth; k++) {
                        int to = k + 1 < depth ? stack[k + 1] : target;
                        cycle[k - from] = (long) stack[k] * channels + to;
                    }
                    return cycle;
                }
                if (color[target] == 0) {
                    color[target] = 1;
                    cursor[target] = degree[target];
                    stack[depth++] = target;
                }
            }
        }
        return null;
    }
}
