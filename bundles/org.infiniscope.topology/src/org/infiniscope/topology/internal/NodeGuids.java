package org.infiniscope.topology.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.topology.NodeType;

/** Port GUIDs as ibsim derives them from a node GUID. */
public final class NodeGuids {

    private NodeGuids() {
    }

    /**
     * @return a switch's single port GUID (its node GUID), or for a CA or router an unused entry 0 and node GUID + N
     *         for port N, as ibsim's {@code init_ports} gives them
     */
    public static List<Long> portGuids(NodeType type, long nodeGuid, int ports) {
        if (type == NodeType.SWITCH) {
            return List.of(nodeGuid);
        }
        List<Long> guids = new ArrayList<>(ports + 1);
        guids.add(0L);
        for (int p = 1; p <= ports; p++) {
            guids.add(nodeGuid + p);
        }
        return guids;
    }
}
