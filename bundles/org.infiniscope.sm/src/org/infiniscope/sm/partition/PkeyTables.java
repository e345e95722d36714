package org.infiniscope.sm.partition;

import java.util.List;
import java.util.Map;

/**
 * The P_Key tables an SM writes, as OpenSM 3.3.23 computes them.
 *
 * @param endPorts each end port's whole table by port GUID: PartitionCap rounded up to blocks of 32, 0 where empty
 * @param switchPorts the tables of switch ports facing end ports, by switch GUID and port number
 * @param partitions the partitions in force (empty ones dropped), by P_Key, in OpenSM's order
 * @param usedDefault whether the file was absent or in error, so that only the default partition (every port a full
 *        member) is in force
 */
public record PkeyTables(Map<Long, PortTable> endPorts, Map<SwitchPortKey, SwitchPortTable> switchPorts,
        List<Integer> partitions, boolean usedDefault) {

    /** Copies the maps. */
    public PkeyTables {
        endPorts = Map.copyOf(endPorts);
        switchPorts = Map.copyOf(switchPorts);
        partitions = List.copyOf(partitions);
    }

    /**
     * An end port's table.
     *
     * @param pkeys every entry, blocks of 32 up to PartitionCap (entries at PartitionCap and above are 0)
     * @param dropped the P_Keys that did not fit (OpenSM's "P_Key table is full", ERR 0512)
     */
    public record PortTable(List<Integer> pkeys, List<Integer> dropped) {

        /** Copies the lists. */
        public PortTable {
            pkeys = List.copyOf(pkeys);
            dropped = List.copyOf(dropped);
        }

        /** @return block {@code block} of 32 entries */
        public List<Integer> block(int block) {
            return pkeys.subList(block * 32, block * 32 + 32);
        }
    }

    /**
     * A switch port and its number.
     *
     * @param switchGuid the switch's node GUID
     * @param portNumber the port's number
     */
    public record SwitchPortKey(long switchGuid, int portNumber) {
    }

    /**
     * What a switch port facing an end port gets.
     *
     * @param pkeys the entries of the blocks written (whole blocks of 32; blocks after them keep what they had)
     * @param enforcement the enforcement bits set in its PortInfo (OFF when the P_Keys do not fit in its
     *        PartitionEnforcementCap)
     */
    public record SwitchPortTable(List<Integer> pkeys, PkeyOptions.Enforcement enforcement) {

        /** Copies the list. */
        public SwitchPortTable {
            pkeys = List.copyOf(pkeys);
        }
    }
}
