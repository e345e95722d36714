package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.sm.routing.RoutingGraph;

/**
 * The routing graph of a sweep: its switches in discovery order, the links whose both ends are at least Init, and
 * every endport with the LIDs the LID phase gave it.
 */
final class GraphBuilder {

    /** The graph and, for each of its switches, the node it is. */
    record Built(RoutingGraph graph, int[] switchNodes) {
    }

    private GraphBuilder() {
    }

    static Built build(SweptFabric fabric) {
        RoutingGraph.Builder b = RoutingGraph.builder();
        int[] switchOf = new int[fabric.nodes.size()];
        java.util.Arrays.fill(switchOf, RoutingGraph.NONE);
        List<Integer> switchNodes = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            if (n.isSwitch() && n.switchInfo != null && n.ports[0] != null) {
                switchOf[i] = b.addSwitch(n.guid(), n.portCount());
                switchNodes.add(i);
            }
        }
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            if (switchOf[i] == RoutingGraph.NONE) {
                continue;
            }
            for (int p = 1; p <= n.portCount(); p++) {
                int peer = n.peerNode[p];
                if (peer > i && switchOf[peer] != RoutingGraph.NONE && fabric.linkUp(i, p)
                        || peer == i && n.peerPort[p] > p && fabric.linkUp(i, p)) {
                    b.link(switchOf[i], p, switchOf[peer], n.peerPort[p]);
                }
            }
            if (n.lid[0] != 0) {
                b.switchLid(switchOf[i], n.lid[0], n.lmc[0]);
            }
        }
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            if (n.isSwitch()) {
                continue;
            }
            for (int p = 1; p <= n.portCount(); p++) {
                if (!n.isEndport(p) || n.lid[p] == 0) {
                    continue;
                }
                int peer = n.peerNode[p];
                boolean onSwitch = peer >= 0 && switchOf[peer] != RoutingGraph.NONE && fabric.linkUp(i, p);
                b.addEndport(n.portGuid(p), n.guid(), n.lid[p], n.lmc[p], onSwitch ? switchOf[peer] : RoutingGraph.NONE,
                        onSwitch ? n.peerPort[p] : RoutingGraph.NONE);
            }
        }
        return new Built(b.build(), switchNodes.stream().mapToInt(Integer::intValue).toArray());
    }
}
