package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.infiniscope.sm.internal.Guid2Lid.Range;
import org.junit.jupiter.api.Test;

class LidAssignerTest {

    private static LidAssigner.Endport ep(long guid, int current, int lmc) {
        return new LidAssigner.Endport(guid, current, lmc);
    }

    @Test
    void keepsValidLidsThenTheFileThenAllocatesTheLowestFree() {
        var r = LidAssigner.assign(List.of(ep(1, 5, 0), ep(2, 0, 0), ep(3, 0, 0)), Map.of(2L, new Range(9, 9)));
        assertArrayEquals(new int[]{5, 9, 1}, r.lids());
        assertEquals(Map.of(1L, new Range(5, 5), 2L, new Range(9, 9), 3L, new Range(1, 1)), r.file());
    }

    @Test
    void ofTwoPortsWithOneLidTheFilesOwnerKeepsIt() {
        var r = LidAssigner.assign(List.of(ep(1, 4, 0), ep(2, 4, 0)), Map.of(2L, new Range(4, 4)));
        assertArrayEquals(new int[]{1, 4}, r.lids());
        var first = LidAssigner.assign(List.of(ep(1, 4, 0), ep(2, 4, 0)), Map.of());
        assertArrayEquals(new int[]{4, 1}, first.lids(), "without the file the first found keeps it");
    }

    @Test
    void lmcRangesAreAlignedAndAMisalignedLidIsReplaced() {
        var r = LidAssigner.assign(List.of(ep(1, 0, 0), ep(2, 6, 2), ep(3, 8, 2), ep(4, 0, 1)), Map.of());
        assertArrayEquals(new int[]{1, 4, 8, 2}, r.lids());
    }

    @Test
    void anAbsentPortsRangeIsKeptFreeAndStaysInTheFile() {
        var r = LidAssigner.assign(List.of(ep(1, 0, 0)), Map.of(7L, new Range(1, 1)));
        assertArrayEquals(new int[]{2}, r.lids());
        assertEquals(new Range(1, 1), r.file().get(7L));
    }
}
