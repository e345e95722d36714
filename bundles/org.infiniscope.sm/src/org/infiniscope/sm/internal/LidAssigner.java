package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.internal.Guid2Lid.Range;

/**
 * Gives every endport a LID range of {@code 2^LMC} LIDs aligned on its size (switches: one LID, LMC 0), in this
 * order of preference:
 * <ol>
 * <li>the range the port already holds, when it is valid and aligned for its LMC, and no other port holds or was
 * given it in the guid2lid file (of two ports that hold the same LIDs, the one whose guid2lid entry names them keeps
 * them, else the first found);</li>
 * <li>the range the guid2lid file gives the port, when free;</li>
 * <li>the lowest free aligned range, avoiding the ranges the file keeps for ports absent now, while there is
 * another.</li>
 * </ol>
 */
final class LidAssigner {

    /** The highest unicast LID. */
    static final int MAX_UNICAST = 0xBFFF;

    /**
     * An endport to give LIDs.
     *
     * @param guid its port GUID
     * @param current the base LID it holds now (0: none)
     * @param lmc the LMC it must get
     */
    record Endport(long guid, int current, int lmc) {
    }

    /** What came of it: each endport's base LID (0: no range was left), and the file's new content. */
    record Result(int[] lids, Map<Long, Range> file, int kept, int fromFile, int allocated, List<String> notes) {
    }

    private LidAssigner() {
    }

    static Result assign(List<Endport> ports, Map<Long, Range> file) {
        int n = ports.size();
        int[] lids = new int[n];
        int[] owner = new int[MAX_UNICAST + 2];
        java.util.Arrays.fill(owner, -1);
        List<String> notes = new ArrayList<>();
        Map<Long, Integer> present = new HashMap<>();
        for (int i = 0; i < n; i++) {
            present.putIfAbsent(ports.get(i).guid(), i);
        }
        // the guid2lid ranges of ports present now: nobody else takes them in the first pass
        int[] fileOwner = new int[MAX_UNICAST + 2];
        java.util.Arrays.fill(fileOwner, -1);
        for (Map.Entry<Long, Range> e : file.entrySet()) {
            Integer i = present.get(e.getKey());
            if (i != null) {
                for (int l = e.getValue().min(); l <= e.getValue().max(); l++) {
                    if (fileOwner[l] < 0) {
                        fileOwner[l] = i;
                    }
                }
            }
        }
        int kept = 0, fromFile = 0, allocated = 0;
        // pass 1a: ports that hold the range the file gives them
        for (int i = 0; i < n; i++) {
            Endport p = ports.get(i);
            Range r = file.get(p.guid());
            if (r != null && r.min() == p.current() && fits(p.current(), p.lmc())
                    && free(owner, p.current(), p.lmc())) {
                take(owner, lids, i, p.current(), p.lmc());
                kept++;
            }
        }
        // pass 1b: ports that hold a valid range nobody else has or was given
        for (int i = 0; i < n; i++) {
            Endport p = ports.get(i);
            if (lids[i] != 0 || !fits(p.current(), p.lmc())) {
                continue;
            }
            if (free(owner, p.current(), p.lmc()) && !reservedForOther(fileOwner, p.current(), p.lmc(), i)) {
                take(owner, lids, i, p.current(), p.lmc());
                kept++;
            } else {
                notes.add(String.format("port 0x%016x holds LID %d, which another port has: it gets another", p.guid(),
                        p.current()));
            }
        }
        // pass 2: the file's range
        for (int i = 0; i < n; i++) {
            Endport p = ports.get(i);
            Range r = file.get(p.guid());
            if (lids[i] == 0 && r != null && fits(r.min(), p.lmc()) && free(owner, r.min(), p.lmc())) {
                take(owner, lids, i, r.min(), p.lmc());
                fromFile++;
            }
        }
        // pass 3: allocate, keeping the absent ports' ranges while others are left
        boolean[] absentReserved = new boolean[MAX_UNICAST + 2];
        for (Map.Entry<Long, Range> e : file.entrySet()) {
            if (!present.containsKey(e.getKey())) {
                for (int l = e.getValue().min(); l <= e.getValue().max(); l++) {
                    absentReserved[l] = true;
                }
            }
        }
        int[] cursor = new int[8];
        int[] cursorAny = new int[8];
        for (int i = 0; i < n; i++) {
            Endport p = ports.get(i);
            if (lids[i] != 0) {
                continue;
            }
            // owner only fills up: the lowest free range of a size never moves down
            int lid = lowestFree(owner, absentReserved, p.lmc(), cursor[p.lmc()]);
            cursor[p.lmc()] = lid == 0 ? MAX_UNICAST : lid;
            if (lid == 0) {
                lid = lowestFree(owner, null, p.lmc(), cursorAny[p.lmc()]);
                cursorAny[p.lmc()] = lid == 0 ? MAX_UNICAST : lid;
            }
            if (lid == 0) {
                notes.add(String.format("no LID left for port 0x%016x", p.guid()));
                continue;
            }
            take(owner, lids, i, lid, p.lmc());
            allocated++;
        }
        Map<Long, Range> out = new LinkedHashMap<>();
        for (Map.Entry<Long, Range> e : file.entrySet()) {
            if (!present.containsKey(e.getKey()) && freeRange(owner, e.getValue().min(), e.getValue().max())) {
                out.put(e.getKey(), e.getValue()); // an absent port keeps its range while nobody took it
            }
        }
        for (int i = 0; i < n; i++) {
            if (lids[i] != 0) {
                out.put(ports.get(i).guid(), new Range(lids[i], lids[i] + (1 << ports.get(i).lmc()) - 1));
            }
        }
        return new Result(lids, out, kept, fromFile, allocated, notes);
    }

    private static boolean fits(int lid, int lmc) {
        int size = 1 << lmc;
        return lid >= 1 && lid % size == 0 && lid + size - 1 <= MAX_UNICAST;
    }

    private static boolean free(int[] owner, int lid, int lmc) {
        for (int l = lid; l < lid + (1 << lmc); l++) {
            if (owner[l] >= 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean freeRange(int[] owner, int min, int max) {
        for (int l = min; l <= max && l <= MAX_UNICAST; l++) {
            if (owner[l] >= 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean reservedForOther(int[] fileOwner, int lid, int lmc, int i) {
        for (int l = lid; l < lid + (1 << lmc); l++) {
            if (fileOwner[l] >= 0 && fileOwner[l] != i) {
                return true;
            }
        }
        return false;
    }

    private static void take(int[] owner, int[] lids, int i, int lid, int lmc) {
        for (int l = lid; l < lid + (1 << lmc); l++) {
            owner[l] = i;
        }
        lids[i] = lid;
    }

    private static int lowestFree(int[] owner, boolean[] avoid, int lmc, int from) {
        int size = 1 << lmc;
        int start = Math.max(size, (from + size - 1) / size * size);
        for (int lid = start; lid + size - 1 <= MAX_UNICAST; lid += size) {
            boolean ok = true;
            for (int l = lid; l < lid + size && ok; l++) {
                ok = owner[l] < 0 && (avoid == null || !avoid[l]);
            }
            if (ok) {
                return lid;
            }
        }
        return 0;
    }
}
