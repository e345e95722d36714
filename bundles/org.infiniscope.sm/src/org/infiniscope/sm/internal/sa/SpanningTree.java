package org.infiniscope.sm.internal.sa;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.infiniscope.sm.routing.RoutingGraph;

/**
 * The multicast spanning tree of a group: from the switch of its first member, breadth first over the switch links
 * (lowest port first), the union of the shortest branches to every member's switch. Each switch on it forwards to its
 * tree links and to its member ports; a packet sent by any member thus reaches every other once, without loops.
 */
final class SpanningTree {

    private SpanningTree() {
    }

    /**
     * @param graph the routing graph
     * @param members the graph endports of the member ports
     * @return for each switch GUID on the tree, its ports in the group's MFT entry (sorted)
     */
    static Map<Long, Set<Integer>> masks(RoutingGraph graph, Collection<Integer> members) {
        Map<Integer, Set<Integer>> ports = new HashMap<>();
        int root = RoutingGraph.NONE;
        for (int e : members) {
            int s = graph.endportSwitch(e);
            if (s == RoutingGraph.NONE) {
                continue;
            }
            ports.computeIfAbsent(s, k -> new TreeSet<>()).add(graph.endportSwitchPort(e));
            if (root == RoutingGraph.NONE) {
                root = s;
            }
        }
        if (root == RoutingGraph.NONE) {
            return Map.of();
        }
        int n = graph.switchCount();
        int[] parent = new int[n];
        int[] parentPort = new int[n];
        int[] upPort = new int[n];
        Arrays.fill(parent, -2);
        parent[root] = RoutingGraph.NONE;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(root);
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int p = 1; p <= graph.portCount(s); p++) {
                int t = graph.peerSwitch(s, p);
                if (t != RoutingGraph.NONE && parent[t] == -2) {
                    parent[t] = s;
                    parentPort[t] = p;
                    upPort[t] = graph.peerPort(s, p);
                    queue.add(t);
                }
            }
        }
        Map<Integer, Set<Integer>> tree = new HashMap<>();
        for (int s : ports.keySet()) {
            if (parent[s] == -2) {
                continue; // a member cut off from the root's part of the fabric
            }
            tree.computeIfAbsent(s, k -> new TreeSet<>()).addAll(ports.get(s));
            for (int t = s; parent[t] != RoutingGraph.NONE; t = parent[t]) {
                Set<Integer> up = tree.computeIfAbsent(t, k -> new TreeSet<>());
                if (!up.add(upPort[t])) {
                    break; // the rest of the branch is on the tree already
                }
                tree.computeIfAbsent(parent[t], k -> new TreeSet<>()).add(parentPort[t]);
            }
        }
        Map<Long, Set<Integer>> masks = new HashMap<>();
        tree.forEach((s, p) -> masks.put(graph.switchGuid(s), Collections.unmodifiableSet(p)));
        return Collections.unmodifiableMap(masks);
    }
}
