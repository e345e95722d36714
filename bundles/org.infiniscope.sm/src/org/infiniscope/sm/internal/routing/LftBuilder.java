package org.infiniscope.sm.internal.routing;

import org.infiniscope.sm.routing.RoutingGraph;

/**
 * Fills forwarding tables from hop counts as OpenSM's min-hop does: for every switch and every LID (grouped by the
 * switch it is on, in LID order within, so that the LIDs of one leaf are spread together however the SM numbered
 * them), the
 * candidates are the ports whose neighbour is one hop nearer the LID's switch, and the least used of them wins
 * (uses counted per port, CA and router LIDs only, as OpenSM's default {@code port_profile_switch_nodes FALSE}); the
 * LIDs of one LMC range prefer neighbours not yet used by the range's earlier LIDs, so that the paths of one port
 * differ. Ties go to the lowest port. Switches are independent, so they are filled in parallel.
 */
final class LftBuilder {

    private LftBuilder() {
    }

    /**
     * @param hops {@code hops[t][s]}: switch hops from {@code s} to switch {@code t} ({@link Fabric#FAR} when
     *        unreachable), optionally flagged {@link Fabric#DOWN}
     * @param up null for any port; else {@code up[i]} per inter-switch entry of the {@link Fabric}: whether it leads
     *        up; a switch flagged DOWN for {@code t} then takes only entries that lead down to switches flagged DOWN
     *        too, others only entries that lead up
     * @return the tables
     */
    static byte[][] build(Fabric f, short[][] hops, boolean[] up, Interrupts interrupts) throws InterruptedException {
        byte[][] tables = f.emptyTables();
        int maxDeg = 0;
        int maxPorts = 0;
        for (int s = 0; s < f.n; s++) {
            maxDeg = Math.max(maxDeg, f.adjStart[s + 1] - f.adjStart[s]);
            maxPorts = Math.max(maxPorts, f.graph.portCount(s));
        }
        int deg = maxDeg;
        int ports = maxPorts;
        interrupts.forEach(f.n, () -> new Scratch(f.n, deg, ports),
                (s, scratch) -> fill(f, hops, up, s, tables[s], scratch, interrupts));
        return tables;
    }

    private static final class Scratch {
        final int[] candStart;
        final int[] cand;
        final int[] usage;
        final int[] usedPeers = new int[128];

        Scratch(int n, int maxDeg, int maxPorts) {
            candStart = new int[n + 1];
            cand = new int[Math.max(1, n * maxDeg)];
            usage = new int[maxPorts + 1];
        }
    }

    private static void fill(Fabric f, short[][] hops, boolean[] up, int s, byte[] table, Scratch x,
            Interrupts interrupts) throws InterruptedException {
        RoutingGraph g = f.graph;
        int[] candStart = x.candStart;
        int[] cand = x.cand;
        int from = f.adjStart[s];
        int to = f.adjStart[s + 1];
        int c = 0;
        for (int t = 0; t < f.n; t++) {
            candStart[t] = c;
            short[] ht = hops[t];
            int hs = ht[s];
            int d = hs & Fabric.FAR;
            if (d == 0 || d == Fabric.FAR) {
                continue;
            }
            boolean down = (hs & Fabric.DOWN) != 0;
            for (int i = from; i < to; i++) {
                int hy = ht[f.adjPeer[i]];
                if ((hy & Fabric.FAR) == d - 1 && (up == null || (down ? !up[i] && (hy & Fabric.DOWN) != 0 : up[i]))) {
                    cand[c++] = i;
                }
            }
        }
        candStart[f.n] = c;
        if ((s & 63) == 0) {
            interrupts.check();
        }
        int[] usage = x.usage;
        java.util.Arrays.fill(usage, 0);
        int[] usedPeers = x.usedPeers;
        int usedCount = 0;
        for (int lid : f.lidsBySwitch) {
            int e = f.lidEndport[lid];
            int t = g.endportSwitch(e);
            if (t == s) {
                table[lid] = (byte) g.endportSwitchPort(e);
                continue;
            }
            int first = candStart[t];
            int last = candStart[t + 1];
            if (first == last) {
                continue;
            }
            boolean spread = g.lmc(e) > 0;
            if (lid == g.lid(e)) {
                usedCount = 0;
            }
            int best = -1;
            int bestScore = Integer.MAX_VALUE;
            for (int k = first; k < last; k++) {
                int i = cand[k];
                int score = usage[f.adjPort[i]];
                if (spread && contains(usedPeers, usedCount, f.adjPeer[i])) {
                    score += 1 << 24;
                }
                if (score < bestScore) {
                    bestScore = score;
                    best = i;
                }
            }
            int port = f.adjPort[best];
            table[lid] = (byte) port;
            if (spread && usedCount < usedPeers.length) {
                usedPeers[usedCount++] = f.adjPeer[best];
            }
            if (!g.isSwitchEndport(e)) {
                usage[port]++;
            }
        }
    }

    private static boolean contains(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }
}
