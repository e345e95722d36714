package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.CablingPlan;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.Node;

/** Cabling plans from what a saved topology holds: a topology file, or a snapshot. */
final class CablingPlans {

    private CablingPlans() {
    }

    /**
     * @return the links of a topology file (ibnetdiscover's output or an ibsim net file), each end named by the
     *         node-name map, else by the node's description (ibnetdiscover's comment), else by its name
     */
    static CablingPlan of(NetFile file, Map<Long, String> nodeNames) {
        Map<String, Node> nodes = file.topology().nodesByName();
        List<CablingPlan.Cable> cables = new ArrayList<>();
        for (Link link : file.topology().links()) {
            cables.add(new CablingPlan.Cable(end(file, nodes.get(link.a()), link.portA(), nodeNames),
                    end(file, nodes.get(link.b()), link.portB(), nodeNames)));
        }
        return new CablingPlan(cables);
    }

    private static CablingPlan.End end(NetFile file, Node node, int port, Map<Long, String> nodeNames) {
        String name = nodeNames.getOrDefault(node.nodeGuid(), file.description(node.name()));
        return new CablingPlan.End(name, node.nodeGuid(), port);
    }

    /** @return the links of a snapshot, named as the checks name its nodes */
    static CablingPlan of(FabricSnapshot snapshot, Map<Long, String> nodeNames) {
        CheckNames names = new CheckNames(nodeNames);
        Map<Long, DiscoveredNode> nodes = snapshot.nodesByGuid();
        List<CablingPlan.Cable> cables = new ArrayList<>();
        for (DiscoveredLink l : snapshot.links()) {
            DiscoveredNode a = nodes.get(l.nodeA());
            DiscoveredNode b = nodes.get(l.nodeB());
            if (a != null && b != null) {
                cables.add(new CablingPlan.Cable(new CablingPlan.End(names.of(a), a.nodeGuid(), l.portA()),
                        new CablingPlan.End(names.of(b), b.nodeGuid(), l.portB())));
            }
        }
        return new CablingPlan(cables);
    }
}
