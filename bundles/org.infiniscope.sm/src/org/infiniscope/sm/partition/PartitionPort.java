package org.infiniscope.sm.partition;

import java.util.List;

/**
 * An end port as the P_Key computation needs it: a CA or router port, or a switch's port 0.
 *
 * @param nodeType its node's type
 * @param nodeGuid its node's GUID
 * @param portGuid its port GUID
 * @param portNumber its port number (0 for a switch)
 * @param partitionCap NodeInfo's PartitionCap: how many P_Keys its table holds
 * @param smPort whether it is the SM's own port ({@code SELF})
 * @param currentPkeys its P_Key table as last read from it (empty when unknown): a P_Key already in the table keeps
 *        its index, as OpenSM keeps it
 * @param peer the switch port its link reaches, for partition enforcement; null for a switch's port 0, a port
 *        without a link, or a link to a CA or router
 */
public record PartitionPort(NodeType nodeType, long nodeGuid, long portGuid, int portNumber, int partitionCap,
        boolean smPort, List<Integer> currentPkeys, SwitchPeer peer) {

    /** Copies the table. */
    public PartitionPort {
        currentPkeys = List.copyOf(currentPkeys);
    }

    /**
     * The switch port at the other end of an end port's link.
     *
     * @param switchGuid the switch's node GUID
     * @param portNumber the switch's port number
     * @param enforceCap SwitchInfo's PartitionEnforcementCap (0: the switch cannot enforce)
     */
    public record SwitchPeer(long switchGuid, int portNumber, int enforceCap) {
    }
}
