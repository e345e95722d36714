package org.infiniscope.sm.internal.routing;

import java.util.Arrays;

import org.infiniscope.sm.routing.RoutingGraph;

/**
 * The switch-to-switch part of a {@link RoutingGraph} in compressed arrays (CSR), plus the owner of every LID: what
 * every engine walks. Built once per routing call; never shared between calls.
 */
final class Fabric {

    /** A hop count for "cannot reach". */
    static final short FAR = 0x3FFF;

    /** A flag an engine may set on a hop count: the switch forwards this destination downwards only (up/down). */
    static final short DOWN = 0x4000;

    final RoutingGraph graph;
    /** How many switches. */
    final int n;
    /** Switch {@code s}'s inter-switch ports are entries {@code adjStart[s] .. adjStart[s+1]-1}. */
    final int[] adjStart;
    /** The local port of each inter-switch entry. */
    final int[] adjPort;
    /** The switch at the far end of each inter-switch entry. */
    final int[] adjPeer;
    /** The far port of each inter-switch entry. */
    final int[] adjPeerPort;
    /** {@code lidEndport[lid]}: the endport owning the LID, or {@link RoutingGraph#NONE}. */
    final int[] lidEndport;
    /** The largest LID plus one: the length of every table. */
    final int tableLength;
    /**
     * Every LID of an endport attached to a switch, grouped by that switch (switches in the order of their lowest
     * LID), in LID order within a switch: the order balancing engines take destinations in, so that the LIDs of one leaf are spread over the
     * ports together whatever order the SM numbered the leaves in.
     */
    final int[] lidsBySwitch;

    Fabric(RoutingGraph graph) {
        this.graph = graph;
        n = graph.switchCount();
        adjStart = new int[n + 1];
        int links = 0;
        for (int s = 0; s < n; s++) {
            adjStart[s] = links;
            for (int p = 1; p <= graph.portCount(s); p++) {
                if (graph.peerSwitch(s, p) != RoutingGraph.NONE) {
                    links++;
                }
            }
        }
        adjStart[n] = links;
        adjPort = new int[links];
        adjPeer = new int[links];
        adjPeerPort = new int[links];
        for (int s = 0, i = 0; s < n; s++) {
            for (int p = 1; p <= graph.portCount(s); p++) {
                int peer = graph.peerSwitch(s, p);
                if (peer != RoutingGraph.NONE) {
                    adjPort[i] = p;
                    adjPeer[i] = peer;
                    adjPeerPort[i] = graph.peerPort(s, p);
                    i++;
                }
            }
        }
        tableLength = graph.maxLid() + 1;
        lidEndport = new int[tableLength];
        Arrays.fill(lidEndport, RoutingGraph.NONE);
        // switches in the order of their lowest LID, so that the order (and so the balance) does not depend on the
        // order the SM found the switches in: a second SM on the same fabric computes the same tables
        int[] lowest = new int[n];
        Arrays.fill(lowest, Integer.MAX_VALUE);
        int routed = 0;
        for (int e = 0; e < graph.endportCount(); e++) {
            int base = graph.lid(e);
            for (int l = 0; l < 1 << graph.lmc(e); l++) {
                lidEndport[base + l] = e;
            }
            int s = graph.endportSwitch(e);
            if (s != RoutingGraph.NONE) {
                lowest[s] = Math.min(lowest[s], base);
                routed += 1 << graph.lmc(e);
            }
        }
        Integer[] order = new Integer[n];
        for (int s = 0; s < n; s++) {
            order[s] = s;
        }
        Arrays.sort(order,
                (a, b) -> lowest[a] != lowest[b]
                        ? Integer.compare(lowest[a], lowest[b])
                        : Long.compareUnsigned(graph.switchGuid(a), graph.switchGuid(b)));
        int[] start = new int[n];
        int[] count = new int[n];
        for (int lid = 1; lid < tableLength; lid++) {
            int e = lidEndport[lid];
            if (e != RoutingGraph.NONE && graph.endportSwitch(e) != RoutingGraph.NONE) {
                count[graph.endportSwitch(e)]++;
            }
        }
        for (int k = 0, at = 0; k < n; k++) {
            start[order[k]] = at;
            at += count[order[k]];
        }
        lidsBySwitch = new int[routed];
        for (int lid = 1; lid < tableLength; lid++) {
            int e = lidEndport[lid];
            if (e != RoutingGraph.NONE && graph.endportSwitch(e) != RoutingGraph.NONE) {
                lidsBySwitch[start[graph.endportSwitch(e)]++] = lid;
            }
        }
    }

    /**
     * Breadth-first hop counts from every switch to switch {@code t}.
     *
     * @param hops filled: {@code hops[s]} switch hops from {@code s} to {@code t}, {@link #FAR} when unreachable
     * @param queue scratch of at least {@code n} entries
     */
    void hopsTo(int t, short[] hops, int[] queue) {
        Arrays.fill(hops, FAR);
        hops[t] = 0;
        queue[0] = t;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int x = queue[head++];
            short next = (short) (hops[x] + 1);
            for (int i = adjStart[x]; i < adjStart[x + 1]; i++) {
                int y = adjPeer[i];
                if (hops[y] == FAR) {
                    hops[y] = next;
                    queue[tail++] = y;
                }
            }
        }
    }

    /** @return {@code hops[t][s]}: switch hops from every switch {@code s} to every switch {@code t} */
    short[][] allHops(Interrupts interrupts) throws InterruptedException {
        short[][] hops = new short[n][];
        interrupts.forEach(n, () -> new int[n], (t, queue) -> {
            hops[t] = new short[n];
            hopsTo(t, hops[t], queue);
        });
        return hops;
    }

    /** @return a table of every switch with no route to any LID */
    byte[][] emptyTables() {
        byte[][] tables = new byte[n][tableLength];
        for (byte[] t : tables) {
            Arrays.fill(t, (byte) 0xFF);
        }
        return tables;
    }
}
