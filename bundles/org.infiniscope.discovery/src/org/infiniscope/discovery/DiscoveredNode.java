package org.infiniscope.discovery;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A discovered node.
 *
 * @param type NodeInfo.NodeType: 1 CA, 2 switch, 3 router
 * @param nodeGuid the node GUID
 * @param systemImageGuid the system image GUID
 * @param description the NodeDescription ("" when it could not be read)
 * @param vendorId the 24-bit vendor ID
 * @param deviceId the device ID
 * @param revision the revision
 * @param portCount NodeInfo.NumPorts
 * @param enhancedPort0 a switch's SwitchInfo.EnhancedPort0
 * @param ports the ports read, in number order: every port of a switch (port 0 included), the ports of a CA or
 *        router that the sweep reached
 * @param route the directed route the sweep first reached the node by (empty: the local node)
 */
public record DiscoveredNode(int type, long nodeGuid, long systemImageGuid, String description, int vendorId,
        int deviceId, int revision, int portCount, boolean enhancedPort0, List<DiscoveredPort> ports,
        List<Integer> route) {

    /** NodeType of a CA, switch and router. */
    public static final int CA = 1, SWITCH = 2, ROUTER = 3;

    /** Copies the lists. */
    public DiscoveredNode {
        Objects.requireNonNull(description, "description");
        ports = List.copyOf(ports);
        route = List.copyOf(route);
    }

    /** @return whether this is a switch */
    public boolean isSwitch() {
        return type == SWITCH;
    }

    /** @return the port with this number, if it was read */
    public Optional<DiscoveredPort> port(int number) {
        for (DiscoveredPort p : ports) { // a loop, not a stream: printers look ports up per line of thousands
            if (p.number() == number) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
