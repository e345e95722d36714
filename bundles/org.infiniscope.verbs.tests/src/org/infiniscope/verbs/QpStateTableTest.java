package org.infiniscope.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link QpTransitions} against the golden kernel table, every state pair and type, bit by bit. */
class QpStateTableTest {

    private static final int[] BITS = bits();

    private static int[] bits() {
        return java.util.stream.IntStream.range(0, 32).map(i -> 1 << i).filter(b -> (QpAttrMask.ALL & b) != 0)
                .toArray();
    }

    @Test
    void everyTransitionHasTheKernelsMasks() {
        int checked = 0;
        for (QpState from : QpState.values()) {
            for (QpState to : QpState.values()) {
                for (QpType type : QpType.values()) {
                    KernelQpTable.Entry e = KernelQpTable.entry(from, to, type);
                    String where = type + " " + from + "->" + to;
                    assertEquals(e != null, QpTransitions.isValid(from, to), where + " valid");
                    if (e == null) {
                        for (int bit : BITS) {
                            assertFalse(QpTransitions.isOk(from, to, type, QpAttrMask.STATE | bit), where);
                        }
                        assertFalse(QpTransitions.isOk(from, to, type, QpAttrMask.STATE), where);
                        continue;
                    }
                    assertEquals(QpAttrMask.names(e.required()),
                            QpAttrMask.names(QpTransitions.required(from, to, type)), where + " required");
                    assertEquals(QpAttrMask.names(e.optional()),
                            QpAttrMask.names(QpTransitions.optional(from, to, type)), where + " optional");
                    int base = QpAttrMask.STATE | e.required();
                    assertEquals(KernelQpTable.ok(from, to, type, base), QpTransitions.isOk(from, to, type, base),
                            where + " with the required mask");
                    for (int bit : BITS) {
                        int with = base | bit;
                        int without = base & ~bit;
                        assertEquals(KernelQpTable.ok(from, to, type, with), QpTransitions.isOk(from, to, type, with),
                                where + " + " + QpAttrMask.names(bit));
                        assertEquals(KernelQpTable.ok(from, to, type, without),
                                QpTransitions.isOk(from, to, type, without), where + " - " + QpAttrMask.names(bit));
                        checked += 2;
                    }
                }
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void knownCases() {
        int rcInit = QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS;
        assertTrue(QpTransitions.isOk(QpState.RESET, QpState.INIT, QpType.RC, rcInit));
        // a UD QP takes a Q_Key, not access flags
        assertFalse(QpTransitions.isOk(QpState.RESET, QpState.INIT, QpType.UD, rcInit));
        assertFalse(QpTransitions.isOk(QpState.RESET, QpState.RTR, QpType.RC, QpAttrMask.STATE));
        // CUR_STATE is for RTR, RTS, SQD and SQE only
        assertFalse(QpTransitions.isOk(QpState.INIT, QpState.ERR, QpType.RC, QpAttrMask.STATE | QpAttrMask.CUR_STATE));
        assertTrue(QpTransitions.isOk(QpState.RTS, QpState.ERR, QpType.RC, QpAttrMask.STATE));
        assertFalse(QpTransitions.isOk(QpState.RTS, QpState.ERR, QpType.RC, QpAttrMask.STATE | QpAttrMask.CUR_STATE));
        assertTrue(QpTransitions.isOk(QpState.SQE, QpState.RTS, QpType.UD, QpAttrMask.STATE | QpAttrMask.CUR_STATE));
        assertFalse(QpTransitions.isOk(QpState.SQE, QpState.RTS, QpType.RC, QpAttrMask.STATE | QpAttrMask.CUR_STATE));
    }
}
