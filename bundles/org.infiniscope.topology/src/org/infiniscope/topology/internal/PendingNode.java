package org.infiniscope.topology.internal;

import java.util.List;

import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;

/**
 * A node as its header was read, with the port lines read so far; the links are made once every node is known,
 * because a port line may name a node that comes later in the file.
 */
final class PendingNode {

    final NodeType type;
    final String name;
    final int ports;
    final long guid;
    final long systemImageGuid;
    final int vendorId;
    final int deviceId;
    /** The global width, speed and extended speed when the header was read: ibsim gives them to the node's ports. */
    final int width;
    final int speed;
    final int extSpeed;
    final int index;
    final String file;
    final int line;
    final PortLine[] lines;

    PendingNode(NodeType type, String name, int ports, long guid, long systemImageGuid, int vendorId, int deviceId,
            int[] linkDefaults, int index, String file, int line) {
        this.type = type;
        this.name = name;
        this.ports = ports;
        this.guid = guid;
        this.systemImageGuid = systemImageGuid;
        this.vendorId = vendorId;
        this.deviceId = deviceId;
        this.width = linkDefaults[0];
        this.speed = linkDefaults[1];
        this.extSpeed = linkDefaults[2];
        this.index = index;
        this.file = file;
        this.line = line;
        this.lines = new PortLine[ports + 1];
    }

    Node toNode() {
        List<Long> portGuids = NodeGuids.portGuids(type, guid, ports);
        return new Node(type, name, ports, guid, systemImageGuid, portGuids, vendorId, deviceId);
    }

    /**
     * One {@code [port] "peer"[peerport]} line; -1 in width, speed or extSpeed means the node's value.
     */
    record PortLine(String peer, int peerPort, int width, int speed, int extSpeed, String file, int line) {
    }
}
