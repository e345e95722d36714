package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;

/**
 * Puts a sweep's findings in the order ibnetdiscover finds nodes, whatever order the answers came in, keeping what
 * is still connected at the end of the sweep.
 */
final class Snapshots {

    private Snapshots() {
    }

    static FabricSnapshot build(Map<Long, NodeBuilder> builders, List<DiscoveredLink> links, long localGuid,
            int localPort, long sent) {
        List<DiscoveredNode> unordered = new ArrayList<>();
        builders.values().forEach(b -> unordered.add(b.build()));
        Map<Long, DiscoveredNode> byGuid = new java.util.HashMap<>();
        unordered.forEach(n -> byGuid.put(n.nodeGuid(), n));
        // a cable pulled mid-sweep: its link was crossed before, and one of its ports read Down after. The fabric
        // as it is has no such link, nor the nodes that only it reached (the walk below leaves them out).
        links = links.stream()
                .filter(l -> !down(byGuid.get(l.nodeA()), l.portA()) && !down(byGuid.get(l.nodeB()), l.portB()))
                .toList();
        FabricSnapshot all = new FabricSnapshot(unordered, links, localGuid, localPort, sent);
        Map<Long, List<FabricSnapshot.End>> ends = all.ends();
        // breadth first from the local node, each node's ports in number order: libibnetdisc's order
        List<DiscoveredNode> ordered = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        List<Long> found = new ArrayList<>();
        found.add(localGuid);
        seen.add(localGuid);
        for (int i = 0; i < found.size(); i++) {
            ordered.add(builders.get(found.get(i)).build());
            for (FabricSnapshot.End e : ends.getOrDefault(found.get(i), List.of())) {
                if (seen.add(e.peer())) {
                    found.add(e.peer());
                }
            }
        }
        return new FabricSnapshot(ordered,
                canonical(ordered, links.stream().filter(l -> seen.contains(l.nodeA())).toList()), localGuid, localPort,
                sent);
    }

    /**
     * The links in a fixed order whatever order the answers came in: by the position of their first end in the node
     * order, then its port; each link from the end that comes first (the lower port on a node's own loop).
     */
    static List<DiscoveredLink> canonical(List<DiscoveredNode> ordered, List<DiscoveredLink> links) {
        Map<Long, Integer> position = new java.util.HashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            position.putIfAbsent(ordered.get(i).nodeGuid(), i);
        }
        List<DiscoveredLink> oriented = new ArrayList<>(links.size());
        for (DiscoveredLink l : links) {
            int a = position.getOrDefault(l.nodeA(), Integer.MAX_VALUE);
            int b = position.getOrDefault(l.nodeB(), Integer.MAX_VALUE);
            boolean swap = b < a || (a == b && l.portB() < l.portA());
            oriented.add(swap ? new DiscoveredLink(l.nodeB(), l.portB(), l.nodeA(), l.portA()) : l);
        }
        oriented.sort(java.util.Comparator
                .comparingInt((DiscoveredLink l) -> position.getOrDefault(l.nodeA(), Integer.MAX_VALUE))
                .thenComparingInt(DiscoveredLink::portA));
        return List.copyOf(oriented);
    }

    private static boolean down(DiscoveredNode node, int port) {
        return node != null && node.port(port).map(p -> p.state() == DiscoveredPort.DOWN).orElse(false);
    }

    /**
     * Puts finished nodes in the order {@link #build} gives and gives each a directed route: breadth first from the
     * local node over the links, forwarding only through switches (and the local node's own port).
     *
     * @param reorder false to keep the nodes in the order given (a cache file's), true to drop the nodes no link
     *        joins to the local node and order the rest as a sweep finds them
     */
    static FabricSnapshot ordered(List<DiscoveredNode> unordered, List<DiscoveredLink> links, long localGuid,
            int localPort, long sent, boolean reorder) {
        Map<Long, DiscoveredNode> byGuid = new java.util.HashMap<>();
        unordered.forEach(n -> byGuid.put(n.nodeGuid(), n));
        FabricSnapshot all = new FabricSnapshot(unordered, links, localGuid, localPort, sent);
        Map<Long, List<FabricSnapshot.End>> ends = all.ends();
        Map<Long, List<Integer>> routes = new java.util.HashMap<>();
        routes.put(localGuid, List.of());
        java.util.ArrayDeque<Long> queue = new java.util.ArrayDeque<>(List.of(localGuid));
        while (!queue.isEmpty()) {
            long at = queue.poll();
            DiscoveredNode node = byGuid.get(at);
            List<Integer> route = routes.get(at);
            if (route.size() >= org.infiniscope.mad.smp.Smp.MAX_HOPS) {
                continue;
            }
            for (FabricSnapshot.End e : ends.getOrDefault(at, List.of())) {
                boolean forwards = node.isSwitch() ? e.port() > 0 : at == localGuid && e.port() == localPort;
                if (forwards && byGuid.containsKey(e.peer()) && !routes.containsKey(e.peer())) {
                    List<Integer> next = new ArrayList<>(route);
                    next.add(e.port());
                    routes.put(e.peer(), List.copyOf(next));
                    queue.add(e.peer());
                }
            }
        }
        Set<Long> seen = new HashSet<>();
        List<Long> found = new ArrayList<>();
        if (reorder) {
            found.add(localGuid);
            seen.add(localGuid);
            for (int i = 0; i < found.size(); i++) {
                for (FabricSnapshot.End e : ends.getOrDefault(found.get(i), List.of())) {
                    if (byGuid.containsKey(e.peer()) && seen.add(e.peer())) {
                        found.add(e.peer());
                    }
                }
            }
        } else {
            unordered.forEach(n -> found.add(n.nodeGuid()));
            seen.addAll(found);
        }
        List<DiscoveredNode> ordered = new ArrayList<>();
        for (long guid : found) {
            DiscoveredNode n = byGuid.get(guid);
            ordered.add(new DiscoveredNode(n.type(), n.nodeGuid(), n.systemImageGuid(), n.description(), n.vendorId(),
                    n.deviceId(), n.revision(), n.portCount(), n.enhancedPort0(), n.ports(),
                    routes.getOrDefault(n.nodeGuid(), List.of())));
        }
        List<DiscoveredLink> kept = links.stream().filter(l -> seen.contains(l.nodeA()) && seen.contains(l.nodeB()))
                .toList();
        return new FabricSnapshot(ordered, reorder ? canonical(ordered, kept) : kept, localGuid, localPort, sent);
    }
}
