package org.infiniscope.topology;

import java.util.List;
import java.util.Objects;

/**
 * A node of a topology, as topology files describe it.
 *
 * @param type switch, CA or router
 * @param name the node's name (its NodeDescription), unique in a topology; may contain spaces
 * @param portCount the number of physical ports (switches: not counting management port 0)
 * @param nodeGuid the node GUID
 * @param systemImageGuid the system image GUID (0 when the file gives none)
 * @param portGuids the port GUIDs indexed by port number: for a switch one entry (port 0, usually equal to the
 *        node GUID); for a CA or router entry 0 is unused (0) and entries 1..portCount are the ports' GUIDs
 * @param vendorId the 24-bit vendor ID (0 when the file gives none)
 * @param deviceId the 16-bit device ID (0 when the file gives none)
 */
public record Node(NodeType type, String name, int portCount, long nodeGuid, long systemImageGuid, List<Long> portGuids,
        int vendorId, int deviceId) {

    /** Checks the fields and copies the GUID list. */
    public Node {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        if (portCount < 1 || portCount > 254) {
            throw new IllegalArgumentException(name + ": " + portCount + " ports, expected 1..254");
        }
        portGuids = List.copyOf(portGuids);
        int expected = type == NodeType.SWITCH ? 1 : portCount + 1;
        if (portGuids.size() != expected) {
            throw new IllegalArgumentException(name + ": " + portGuids.size() + " port GUIDs, expected " + expected);
        }
    }

    /** @return the GUID of a port: the switch's one port GUID for any port of a switch */
    public long portGuid(int port) {
        return type == NodeType.SWITCH ? portGuids.get(0) : portGuids.get(port);
    }

    /** @return whether this is a switch */
    public boolean isSwitch() {
        return type == NodeType.SWITCH;
    }
}
