package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.MulticastForwardingTable;

/**
 * The switches' multicast forwarding tables as the SA's groups want them: each switch's port mask per MLID, written
 * block by block (32 MLIDs, 16 ports a position), only the blocks that differ from what this SM last wrote.
 */
final class MulticastTables {

    /** What each switch holds, by node GUID: the ports of each MLID. */
    private final Map<Long, Map<Integer, Set<Integer>>> held = new HashMap<>();
    int blocksWritten;

    /**
     * Programs the switches so that they forward as {@code wanted} says (every group's ports by switch); switches
     * that held an MLID no longer wanted are cleared.
     *
     * @param wanted by MLID, the ports of each switch on the group's tree
     * @return the SMPs in flight
     */
    List<CompletableFuture<?>> program(Smps smps, SweptFabric fabric, Map<Integer, Map<Long, Set<Integer>>> wanted) {
        Map<Long, Map<Integer, Set<Integer>>> bySwitch = new HashMap<>();
        wanted.forEach((mlid, switches) -> switches.forEach(
                (guid, ports) -> bySwitch.computeIfAbsent(guid, g -> new HashMap<>()).put(mlid, Set.copyOf(ports))));
        Set<Long> guids = new HashSet<>(held.keySet());
        guids.addAll(bySwitch.keySet());
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (long guid : guids) {
            Integer index = fabric.index.get(guid);
            if (index == null || !fabric.nodes.get(index).isSwitch()) {
                held.remove(guid);
                continue;
            }
            SmNode sw = fabric.nodes.get(index);
            Map<Integer, Set<Integer>> now = held.getOrDefault(guid, Map.of());
            Map<Integer, Set<Integer>> want = bySwitch.getOrDefault(guid, Map.of());
            Set<Integer> blocks = new HashSet<>();
            Set<Integer> mlids = new HashSet<>(now.keySet());
            mlids.addAll(want.keySet());
            for (int mlid : mlids) {
                if (!want.getOrDefault(mlid, Set.of()).equals(now.getOrDefault(mlid, Set.of()))) {
                    blocks.add(
                            (mlid - MulticastForwardingTable.MULTICAST_LID_BASE) / MulticastForwardingTable.PER_BLOCK);
                }
            }
            int positions = (sw.portCount() + 16) / 16;
            for (int block : blocks) {
                for (int position = 0; position < positions; position++) {
                    Integer[] masks = new Integer[MulticastForwardingTable.PER_BLOCK];
                    for (int i = 0; i < masks.length; i++) {
                        int mask = 0;
                        for (int port : want.getOrDefault(MulticastForwardingTable.firstLid(block) + i, Set.of())) {
                            if (port / 16 == position) {
                                mask |= 1 << (port % 16);
                            }
                        }
                        masks[i] = mask;
                    }
                    blocksWritten++;
                    sent.add(smps.set(sw.route, MulticastForwardingTable.CODEC,
                            MulticastForwardingTable.modifier(position, block),
                            new MulticastForwardingTable(List.of(masks))));
                }
            }
            if (want.isEmpty()) {
                held.remove(guid);
            } else {
                held.put(guid, new HashMap<>(want));
            }
        }
        return sent;
    }

    /** @return each switch's highest MLID programmed (its MulticastFDBTop), by node GUID; switches with none absent */
    Map<Long, Integer> tops() {
        Map<Long, Integer> tops = new HashMap<>();
        held.forEach((guid, mlids) -> mlids.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                .mapToInt(Map.Entry::getKey).max().ifPresent(top -> tops.put(guid, top)));
        return tops;
    }
}
