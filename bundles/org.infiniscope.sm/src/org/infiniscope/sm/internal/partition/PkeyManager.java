package org.infiniscope.sm.internal.partition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyOptions.Enforcement;
import org.infiniscope.sm.partition.PkeyTables;
import org.infiniscope.sm.partition.PkeyTables.PortTable;
import org.infiniscope.sm.partition.PkeyTables.SwitchPortKey;
import org.infiniscope.sm.partition.PkeyTables.SwitchPortTable;

/**
 * Computes every P_Key table of a sweep as OpenSM 3.3.23 does, remembering each port's indexes from one sweep to the
 * next as OpenSM does while {@code keep_pkey_indexes} is on. Not thread-safe: one SM sweeps at a time.
 */
public final class PkeyManager {

    private static final int BLOCK = 32;

    private final PkeyOptions options;
    private final Map<Long, PortPkeyLayout> layouts = new HashMap<>();

    /** @param options OpenSM's options that shape the tables */
    public PkeyManager(PkeyOptions options) {
        this.options = options;
    }

    /**
     * @param file the partitions file, or null when there is none or it is in error (only the default partition,
     *        every port a full member, as OpenSM falls back to)
     * @param ports every end port of the fabric
     */
    public PkeyTables compute(PartitionsFile file, Collection<PartitionPort> ports) {
        PartitionMembers members = PartitionMembers.of(file, ports, options.allowBothPkeys());
        Map<Long, List<Integer>> perPort = new LinkedHashMap<>();
        for (PartitionMembers.Tables tables : members.partitions.values()) {
            tables.limited.keySet().forEach(g -> perPort.computeIfAbsent(g, k -> new ArrayList<>()).add(tables.pkey));
            tables.full.keySet()
                    .forEach(g -> perPort.computeIfAbsent(g, k -> new ArrayList<>()).add(tables.pkey | 0x8000));
        }
        Map<Long, PortTable> endPorts = new HashMap<>();
        Map<SwitchPortKey, SwitchPortTable> switchPorts = new HashMap<>();
        for (PartitionPort port : ports) {
            PortPkeyLayout layout = layouts.computeIfAbsent(port.portGuid(), g -> new PortPkeyLayout());
            List<Integer> dropped = new ArrayList<>();
            int[] table = layout.layout(perPort.getOrDefault(port.portGuid(), List.of()), port.currentPkeys(),
                    members.indx0.getOrDefault(port.portGuid(), 0), port.partitionCap(), options.keepPkeyIndexes(),
                    options.allowBothPkeys(), dropped);
            endPorts.put(port.portGuid(), new PortTable(PortPkeyLayout.list(table), dropped));
            PartitionPort.SwitchPeer peer = port.peer();
            if (port.nodeType() != NodeType.SWITCH && peer != null && peer.enforceCap() > 0) {
                switchPorts.put(new SwitchPortKey(peer.switchGuid(), peer.portNumber()),
                        peerTable(table, peer.enforceCap()));
            }
        }
        return new PkeyTables(endPorts, switchPorts, members.pkeys(), file == null);
    }

    /**
     * The table of the switch port facing an end port (OpenSM's pkey_mgr_update_peer_port): the end port's valid
     * P_Keys packed from index 0, a limited one left out where the full one is there too; enforcement is turned
     * off when they do not fit in the switch's PartitionEnforcementCap.
     */
    private SwitchPortTable peerTable(int[] table, int enforceCap) {
        Enforcement enforcement = options.partEnforce();
        List<Integer> entries = new ArrayList<>();
        for (int pkey : usedEntries(table)) {
            if ((pkey & 0x7fff) == 0) {
                continue;
            }
            if ((pkey & 0x8000) == 0 && contains(table, pkey | 0x8000)) {
                continue;
            }
            entries.add(pkey);
        }
        if (enforcement == Enforcement.OFF) {
            return new SwitchPortTable(List.of(), Enforcement.OFF);
        }
        int maxBlocks = (enforceCap + BLOCK - 1) / BLOCK;
        int blocks = (entries.size() + BLOCK - 1) / BLOCK;
        if (entries.size() >= maxBlocks * BLOCK) {
            // OpenSM writes the blocks that fit and turns enforcement off, also when they fill the table exactly
            entries = entries.subList(0, maxBlocks * BLOCK);
            blocks = maxBlocks;
            enforcement = Enforcement.OFF;
        }
        // (OpenSM's further check of the last entry against the cap reads blocks it never fills for a switch port,
        // so it never turns enforcement off: left out)
        List<Integer> written = new ArrayList<>(entries);
        while (written.size() < blocks * BLOCK) {
            written.add(0);
        }
        return new SwitchPortTable(written, enforcement);
    }

    /** The entries of the blocks OpenSM counts as used: up to the last block holding a P_Key. */
    private static int[] usedEntries(int[] table) {
        int last = -1;
        for (int i = 0; i < table.length; i++) {
            if (table[i] != 0) {
                last = i;
            }
        }
        int blocks = last < 0 ? 0 : last / BLOCK + 1;
        return java.util.Arrays.copyOf(table, blocks * BLOCK);
    }

    private static boolean contains(int[] table, int pkey) {
        for (int entry : table) {
            if (entry == pkey) {
                return true;
            }
        }
        return false;
    }
}
