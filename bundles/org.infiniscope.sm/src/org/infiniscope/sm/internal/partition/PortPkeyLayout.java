package org.infiniscope.sm.internal.partition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays one end port's P_Keys out in its table as OpenSM 3.3.23's P_Key manager does (osm_pkey_mgr.c, read to learn
 * the rules, not copied): a P_Key already in the port's table stays at its index; the default P_Key 0x7fff goes to
 * index 0, unless a partition claims index 0 with {@code indx0}; a P_Key the port had in an earlier sweep returns
 * to the index it had (OpenSM's "accumulated" P_Keys, kept while {@code keep_pkey_indexes} is on); every other
 * P_Key goes after the highest index used so far, or from index 1; when the table is full, into the first hole,
 * else it is dropped.
 *
 * <p>
 * One instance is one port's memory across sweeps ({@link #accumulated}).
 */
final class PortPkeyLayout {

    private static final int BLOCK = 32;
    private static final int DEFAULT_BASE = 0x7fff;

    /** P_Key (with membership bit) → index + 1, in OpenSM's map order (by the P_Key's bytes as read little-endian). */
    private final Map<Integer, Integer> accumulated = new java.util.TreeMap<>(
            java.util.Comparator.comparingInt(k -> Integer.reverseBytes(k) >>> 16));
    private int lastIndex; // one past the highest accumulated index, 0 when none

    private record Pending(int pkey, boolean isNew, int index) {
    }

    /** Forgets the accumulated indexes ({@code keep_pkey_indexes FALSE}). */
    void forget() {
        accumulated.clear();
        lastIndex = 0;
    }

    /**
     * @param pkeys the port's P_Keys with membership bits, in OpenSM's order (partitions by map key, limited before
     *        full)
     * @param current the port's table as last read (empty when unknown)
     * @param indx0 the P_Key a partition puts at index 0, or 0
     * @param capacity PartitionCap
     * @param keepIndexes keep_pkey_indexes
     * @param allowBoth allow_both_pkeys
     * @param dropped receives the P_Keys that did not fit
     * @return the new table, capacity rounded up to whole blocks
     */
    int[] layout(List<Integer> pkeys, List<Integer> current, int indx0, int capacity, boolean keepIndexes,
            boolean allowBoth, List<Integer> dropped) {
        Map<Integer, Integer> keys = new HashMap<>();
        if (keepIndexes) {
            for (int i = 0; i < current.size(); i++) {
                int pkey = current.get(i) & 0xffff;
                if ((pkey & 0x7fff) == 0) {
                    continue;
                }
                int key = allowBoth ? pkey : pkey & 0x7fff;
                Integer previous = keys.get(key);
                if (previous == null || (!allowBoth && (current.get(previous) & 0xffff) < pkey)) {
                    keys.put(key, i);
                }
            }
        } else {
            forget();
        }
        Deque<Pending> pending = new ArrayDeque<>();
        for (int pkey : pkeys) {
            pending(pkey, keys, indx0, allowBoth, pending);
        }
        int blocks = (capacity + BLOCK - 1) / BLOCK;
        int[] table = new int[blocks * BLOCK];
        while (!pending.isEmpty()) {
            Pending next = pending.removeFirst();
            int index;
            boolean fromAccumulated = false;
            if (!next.isNew) {
                index = next.index;
            } else {
                Integer biased = accumulated.get(next.pkey);
                if (biased != null) {
                    index = biased - 1;
                    if (same(next.pkey, indx0, allowBoth) || (next.pkey != indx0 && index == 0)) {
                        clearAccumulated(index);
                        pending.addLast(next);
                        continue;
                    }
                    fromAccumulated = true;
                } else {
                    if (indx0 == 0 && isDefault(next.pkey, allowBoth)) {
                        index = 0;
                    } else if (indx0 != 0 && same(next.pkey, indx0, allowBoth)) {
                        index = 0;
                    } else if (lastIndex != 0) {
                        index = lastIndex;
                    } else {
                        index = 1;
                    }
                    if (index >= capacity) {
                        index = isDefault(next.pkey, allowBoth) ? -1 : firstHole(table, blocks);
                        if (index < 0 || index >= capacity) {
                            dropped.add(next.pkey);
                            continue;
                        }
                        clearAccumulated(index);
                    }
                }
            }
            table[index] = next.pkey;
            if (!fromAccumulated) {
                accumulate(next.pkey, index);
            }
        }
        return table;
    }

    /** Files a P_Key as OpenSM's pkey_mgr_process_physical_port does: kept ones first, new ones in order after. */
    private void pending(int pkey, Map<Integer, Integer> keys, int indx0, boolean allowBoth, Deque<Pending> pending) {
        Integer index = keys.get(allowBoth ? pkey : pkey & 0x7fff);
        if (index == null) {
            pending.addLast(new Pending(pkey, true, 0));
            return;
        }
        boolean isNew = false;
        if (indx0 != 0) {
            if (same(pkey, indx0, allowBoth) && index != 0) {
                isNew = true;
                clearAccumulated(index);
            }
            if (index == 0 && !same(pkey, indx0, allowBoth)) {
                isNew = true;
                clearAccumulated(0);
            }
        } else if (index == 0) {
            if ((pkey & 0x7fff) != DEFAULT_BASE) {
                isNew = true;
                clearAccumulated(0);
            }
        } else if (isDefault(pkey, allowBoth)) {
            isNew = true;
            clearAccumulated(index);
        }
        if (isNew) {
            pending.addLast(new Pending(pkey, true, 0));
        } else {
            pending.addFirst(new Pending(pkey, false, index));
        }
    }

    private static boolean same(int pkey, int other, boolean allowBoth) {
        return allowBoth ? pkey == other : (pkey & 0x7fff) == (other & 0x7fff);
    }

    private static boolean isDefault(int pkey, boolean allowBoth) {
        return allowBoth ? pkey == 0xffff : (pkey & 0x7fff) == DEFAULT_BASE;
    }

    /** The first empty entry from index 1 (OpenSM's osm_pkey_find_next_free_entry), or -1. */
    private static int firstHole(int[] table, int blocks) {
        for (int i = 1; i < blocks * BLOCK; i++) {
            if ((table[i] & 0x7fff) == 0) {
                return i;
            }
        }
        return -1;
    }

    private void accumulate(int pkey, int index) {
        if (index >= lastIndex) {
            lastIndex = index + 1;
        }
        accumulated.put(pkey, index + 1);
    }

    /** Forgets the accumulated P_Key at {@code index}, the first one found in map order. */
    private void clearAccumulated(int index) {
        Iterator<Map.Entry<Integer, Integer>> entries = accumulated.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Integer, Integer> entry = entries.next();
            if (entry.getValue() == index + 1) {
                entries.remove();
                if (lastIndex == index + 1) {
                    lastIndex = accumulated.values().stream().mapToInt(Integer::intValue).max().orElse(0);
                }
                return;
            }
        }
    }

    /** @return the accumulated indexes, for tests */
    Map<Integer, Integer> accumulated() {
        return new LinkedHashMap<>(accumulated);
    }

    static List<Integer> list(int[] table) {
        List<Integer> list = new ArrayList<>(table.length);
        for (int pkey : table) {
            list.add(pkey);
        }
        return list;
    }
}
