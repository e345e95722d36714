package org.infiniscope.sm.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;

/** The last sweeps of an SM, oldest first, at most a given number; safe to read from any thread. */
final class SweepHistory {

    private final int capacity;
    private final ArrayDeque<SweepHistoryEntry> entries = new ArrayDeque<>();
    private long number;

    SweepHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
    }

    /** Adds a sweep, dropping the oldest when full. */
    synchronized SweepHistoryEntry add(SweepReport report, Instant start, Duration duration, SweepChanges changes) {
        SweepHistoryEntry e = new SweepHistoryEntry(++number, report.kind(), start, duration, report.phases(),
                report.smps(), report.up(), report.problem(), changes);
        if (entries.size() == capacity) {
            entries.removeFirst();
        }
        entries.addLast(e);
        return e;
    }

    /** @return the sweeps kept, oldest first */
    synchronized List<SweepHistoryEntry> entries() {
        return List.copyOf(entries);
    }

    /**
     * @param before the subnet the previous heavy sweep published, null before one
     * @param after the subnet this sweep published, null when it published none
     * @return what a heavy sweep changed: nodes against the previous subnet, LIDs of endports, and the SMPs it wrote
     */
    static SweepChanges changes(Subnet before, Subnet after, HeavySweep sweep) {
        int nodes = 0, added = 0, removed = 0;
        if (sweep.fabric != null) {
            Set<Long> found = new HashSet<>();
            for (SmNode n : sweep.fabric.nodes) {
                found.add(n.guid());
            }
            nodes = found.size();
            Set<Long> known = new HashSet<>();
            if (before != null) {
                for (SubnetNode n : before.nodes()) {
                    known.add(n.guid());
                }
            }
            for (Long g : found) {
                added += known.contains(g) ? 0 : 1;
            }
            for (Long g : known) {
                removed += found.contains(g) ? 0 : 1;
            }
        }
        int lids = 0;
        if (after != null) {
            Map<Long, Integer> was = before == null ? Map.of() : endportLids(before);
            for (Map.Entry<Long, Integer> e : endportLids(after).entrySet()) {
                Integer old = was.get(e.getKey());
                lids += old != null && old.equals(e.getValue()) ? 0 : 1;
            }
        }
        Programmer p = sweep.programmer;
        return new SweepChanges(nodes, added, removed, lids, p == null ? 0 : p.portSets, p == null ? 0 : p.switchSets,
                p == null ? 0 : p.lftBlocks, (p == null ? 0 : p.pKeySets) + sweep.pKeyBlocks,
                sweep.activator == null ? 0 : sweep.activator.activated.get());
    }

    /** @return the LID of every endport (a switch's port 0, a CA's ports), by port GUID */
    private static Map<Long, Integer> endportLids(Subnet subnet) {
        Map<Long, Integer> lids = new HashMap<>();
        for (SubnetNode n : subnet.nodes()) {
            for (SubnetPort port : n.ports()) {
                if (n.isSwitch() ? port.number() == 0 : port.number() > 0) {
                    lids.put(port.guid(), port.info().lid());
                }
            }
        }
        return lids;
    }
}
