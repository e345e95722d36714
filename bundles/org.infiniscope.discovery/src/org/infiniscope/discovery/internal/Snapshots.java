package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;

/** Puts a sweep's findings in the order ibnetdiscover finds nodes, whatever order the answers came in. */
final class Snapshots {

    private Snapshots() {
    }

    static FabricSnapshot build(Map<Long, NodeBuilder> builders, List<DiscoveredLink> links, long localGuid,
            int localPort, long sent) {
        List<DiscoveredNode> unordered = new ArrayList<>();
        builders.values().forEach(b -> unordered.add(b.build()));
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
        return new FabricSnapshot(ordered, links, localGuid, localPort, sent);
    }
}
