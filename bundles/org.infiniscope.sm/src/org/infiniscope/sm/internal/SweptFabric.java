package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.smp.PortInfo;

/** The nodes of one heavy sweep, indexed, with their links: what every later phase works on. */
final class SweptFabric {

    /** PortState values (IBA 14.2.5.6). */
    static final int DOWN = 1, INIT = 2, ARMED = 3, ACTIVE = 4;

    final FabricSnapshot snapshot;
    final List<SmNode> nodes = new ArrayList<>();
    final Map<Long, Integer> index = new HashMap<>();
    final int localNode;
    final int localPort;

    SweptFabric(FabricSnapshot snapshot) {
        this.snapshot = snapshot;
        for (DiscoveredNode d : snapshot.nodes()) {
            index.put(d.nodeGuid(), nodes.size());
            nodes.add(new SmNode(d));
        }
        for (DiscoveredLink l : snapshot.links()) {
            Integer a = index.get(l.nodeA());
            Integer b = index.get(l.nodeB());
            if (a == null || b == null || l.portA() >= nodes.get(a).peerNode.length
                    || l.portB() >= nodes.get(b).peerNode.length) {
                continue;
            }
            nodes.get(a).peerNode[l.portA()] = b;
            nodes.get(a).peerPort[l.portA()] = l.portB();
            nodes.get(b).peerNode[l.portB()] = a;
            nodes.get(b).peerPort[l.portB()] = l.portA();
        }
        Integer local = index.get(snapshot.localNodeGuid());
        this.localNode = local == null ? 0 : local;
        this.localPort = snapshot.localPort();
        // a CA port is reached through the switch port it is cabled to; the local node's ports from here
        for (SmNode n : nodes) {
            if (n.isSwitch()) {
                continue;
            }
            for (int p = 1; p <= n.portCount(); p++) {
                int peer = n.peerNode[p];
                if (peer >= 0 && nodes.get(peer).isSwitch()) {
                    int[] sr = nodes.get(peer).route;
                    int[] r = java.util.Arrays.copyOf(sr, sr.length + 1);
                    r[sr.length] = n.peerPort[p];
                    n.portRoutes[p] = r;
                } else if (n == nodes.get(localNode) && p == localPort) {
                    n.portRoutes[p] = new int[0];
                }
            }
        }
    }

    SmNode local() {
        return nodes.get(localNode);
    }

    /** @return whether port {@code p} of node {@code n} and its peer are both at least Init: the link carries data */
    boolean linkUp(int n, int p) {
        SmNode node = nodes.get(n);
        int peer = node.peerNode[p];
        if (peer < 0) {
            return false;
        }
        PortInfo a = node.ports[p];
        PortInfo b = nodes.get(peer).ports[node.peerPort[p]];
        return a != null && b != null && a.portState() >= INIT && b.portState() >= INIT;
    }
}
