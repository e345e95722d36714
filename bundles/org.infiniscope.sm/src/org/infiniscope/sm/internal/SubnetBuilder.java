package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetLink;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;

/** The immutable {@link Subnet} of a sweep, from what it read and set. */
final class SubnetBuilder {

    private SubnetBuilder() {
    }

    static Subnet build(long sweep, SmSettings settings, SweptFabric fabric, GraphBuilder.Built graph,
            RoutingResult routes, long smPortGuid, int smLid, List<KnownSm> sms) {
        List<SubnetNode> nodes = new ArrayList<>();
        for (SmNode n : fabric.nodes) {
            if (n.info == null) {
                continue;
            }
            List<SubnetPort> ports = new ArrayList<>();
            for (int p = 0; p < n.ports.length; p++) {
                PortInfo pi = n.ports[p];
                if (pi == null) {
                    continue;
                }
                List<Integer> keys = n.pKeys[p] == null ? List.of() : n.pKeys[p];
                ports.add(new SubnetPort(p, n.portGuid(p), pi, keys));
            }
            nodes.add(new SubnetNode(n.info, n.discovered.description(), n.switchInfo, ports, n.discovered.route()));
        }
        List<SubnetLink> links = new ArrayList<>();
        for (DiscoveredLink l : fabric.snapshot.links()) {
            links.add(new SubnetLink(l.nodeA(), l.portA(), l.nodeB(), l.portB()));
        }
        return new Subnet(sweep, settings.subnetPrefix(), smPortGuid, smLid, nodes, links, graph.graph(), routes, sms);
    }
}
