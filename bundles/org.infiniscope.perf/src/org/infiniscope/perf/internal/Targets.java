package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.perf.PortKey;

/**
 * The ports of a fabric the manager reads, grouped by node: a switch's external ports that are up, through its port
 * 0 LID; a CA's or router's ports that are up and have a LID.
 */
final class Targets {

    private Targets() {
    }

    /** @return each node's GUID and its ports to read, in the fabric's order; nodes without any are left out */
    static Map<Long, List<Target>> of(FabricSnapshot fabric) {
        Map<PortKey, PortKey> peers = new HashMap<>();
        for (DiscoveredLink l : fabric.links()) {
            PortKey a = new PortKey(l.nodeA(), l.portA());
            PortKey b = new PortKey(l.nodeB(), l.portB());
            peers.put(a, b);
            peers.put(b, a);
        }
        Map<Long, List<Target>> targets = new LinkedHashMap<>();
        for (DiscoveredNode node : fabric.nodes()) {
            List<Target> list = new ArrayList<>();
            int switchLid = node.isSwitch() ? node.port(0).map(DiscoveredPort::lid).orElse(0) : 0;
            String type = String.format("%d:%06x:%04x:%08x", node.type(), node.vendorId(), node.deviceId(),
                    node.revision());
            for (DiscoveredPort port : node.ports()) {
                if (port.number() == 0 || !port.isUp() || !port.reachable()) {
                    continue;
                }
                int lid = node.isSwitch() ? switchLid : port.lid();
                if (lid == 0) {
                    continue;
                }
                PortKey key = new PortKey(node.nodeGuid(), port.number());
                list.add(new Target(key, node.description(), node.isSwitch(), port.portGuid(), lid,
                        LinkRate.bitsPerSecond(port), peers.get(key), port.speedExtActive(), type));
            }
            if (!list.isEmpty()) {
                targets.put(node.nodeGuid(), list);
            }
        }
        return targets;
    }
}
