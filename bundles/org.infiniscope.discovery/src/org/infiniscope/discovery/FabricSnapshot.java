package org.infiniscope.discovery;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fabric as one sweep found it.
 *
 * @param nodes the nodes in the order ibnetdiscover finds them: breadth first from the local node, each node's
 *        ports in number order; a node GUID appears once
 * @param links the links, each once
 * @param localNodeGuid the node the sweep started from
 * @param localPort the local port it sent from
 * @param smpsSent how many SMPs were sent, retries included
 */
public record FabricSnapshot(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long localNodeGuid, int localPort,
        long smpsSent) {

    /** Copies the lists. */
    public FabricSnapshot {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
    }

    /** @return the node with this GUID */
    public Optional<DiscoveredNode> node(long nodeGuid) {
        return nodes.stream().filter(n -> n.nodeGuid() == nodeGuid).findFirst();
    }

    /** @return the nodes by GUID */
    public Map<Long, DiscoveredNode> nodesByGuid() {
        Map<Long, DiscoveredNode> map = new HashMap<>();
        nodes.forEach(n -> map.put(n.nodeGuid(), n));
        return Map.copyOf(map);
    }

    /** @return the links of each node, as (port, peer GUID, peer port) ends keyed by node GUID */
    public Map<Long, List<End>> ends() {
        Map<Long, List<End>> ends = new HashMap<>();
        for (DiscoveredLink l : links) {
            ends.computeIfAbsent(l.nodeA(), k -> new java.util.ArrayList<>())
                    .add(new End(l.portA(), l.nodeB(), l.portB()));
            ends.computeIfAbsent(l.nodeB(), k -> new java.util.ArrayList<>())
                    .add(new End(l.portB(), l.nodeA(), l.portA()));
        }
        ends.values().forEach(list -> list.sort(java.util.Comparator.comparingInt(End::port)));
        Map<Long, List<End>> copy = new HashMap<>();
        ends.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return Map.copyOf(copy);
    }

    /**
     * One end of a link seen from a node.
     *
     * @param port the node's port
     * @param peer the peer's node GUID
     * @param peerPort the peer's port
     */
    public record End(int port, long peer, int peerPort) {
    }
}
