package org.infiniscope.discovery.internal;

import java.util.Map;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.check.Location;

/**
 * How the checks name a node: by the node-name map, else by its NodeDescription, else by its GUID; and the
 * {@link Location} of a port.
 */
final class CheckNames {

    private final Map<Long, String> nodeNames;

    CheckNames(Map<Long, String> nodeNames) {
        this.nodeNames = nodeNames;
    }

    String of(DiscoveredNode node) {
        String mapped = nodeNames.get(node.nodeGuid());
        if (mapped != null) {
            return mapped;
        }
        return node.description().isBlank() ? guid(node.nodeGuid()) : node.description();
    }

    /** @return a port of a node; a switch's LID is its port 0's */
    Location at(DiscoveredNode node, int port) {
        DiscoveredPort p = node.port(port).orElse(null);
        int lid = node.isSwitch() ? node.port(0).map(DiscoveredPort::lid).orElse(0) : p == null ? 0 : p.lid();
        long portGuid = p != null ? p.portGuid() : node.port(0).map(DiscoveredPort::portGuid).orElse(0L);
        return new Location(of(node), node.nodeGuid(), port, portGuid, lid);
    }

    /** @return a whole node */
    Location at(DiscoveredNode node) {
        return new Location(of(node), node.nodeGuid(), -1, 0, 0);
    }

    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }
}
