package org.infiniscope.sm.internal;

import java.util.List;

/**
 * The hook the partition manager fills: the P_Keys each CA or router port gets. Without a partitions file every port
 * is a full member of the default partition only (0xFFFF), as OpenSM makes it.
 */
@FunctionalInterface
public interface PartitionPolicy {

    /** The default partition, full membership, on every port. */
    PartitionPolicy DEFAULT = (node, port, number) -> List.of(0xFFFF);

    /**
     * @param nodeGuid the port's node
     * @param portGuid the port
     * @param portNumber its number
     * @return its P_Keys, at most 32 (block 0), with the membership bit
     */
    List<Integer> pKeys(long nodeGuid, long portGuid, int portNumber);
}
