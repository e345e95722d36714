package org.infiniscope.sm.internal.sa;

import java.util.Map;
import java.util.Set;

/**
 * Programs the switches' multicast forwarding tables for the SA's groups; the SM core implements it (Set
 * MulticastForwardingTable blocks, 16 ports a position) and is told each time a group's spanning tree changes.
 * Called on an SA thread, never with the SA's locks held; it should hand the work to the SM and return.
 */
@FunctionalInterface
public interface MulticastProgrammer {

    /**
     * @param mlid the group's multicast LID (0xC000 and up)
     * @param portsBySwitch for each switch (by node GUID) on the group's spanning tree, the ports whose bit its MFT
     *        entry for {@code mlid} sets (0 is the switch's own management port); switches not in the map forward
     *        nothing for it. Empty when the group is gone and its MLID free.
     */
    void program(int mlid, Map<Long, Set<Integer>> portsBySwitch);

    /** A programmer that programs nothing (an SA without an SM, as in some tests). */
    MulticastProgrammer NONE = (mlid, ports) -> {
    };
}
