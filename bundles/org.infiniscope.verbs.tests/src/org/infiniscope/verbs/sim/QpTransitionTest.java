package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.infiniscope.verbs.KernelQpTable;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every transition of real simulated QPs, valid and invalid, for RC, UC and UD, against the golden kernel table
 * ({@code KernelQpTable}): from each state a QP can reach, to each state, with the required mask, with every
 * optional attribute, without each required one and with each attribute the transition does not take.
 */
class QpTransitionTest {

    private final QpHarness h = newHarness();

    private static QpHarness newHarness() {
        try {
            return new QpHarness();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void close() {
        h.close();
    }

    private static List<Integer> allBits() {
        List<Integer> bits = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            if ((QpAttrMask.ALL & 1 << i) != 0 && 1 << i != QpAttrMask.STATE) {
                bits.add(1 << i);
            }
        }
        return bits;
    }

    @ParameterizedTest
    @EnumSource(QpType.class)
    void everyTransitionAsTheKernelTableHasIt(QpType type) throws Exception {
        int valid = 0, refused = 0;
        for (QpState from : QpState.values()) {
            if (from == QpState.SQE && type == QpType.RC) {
                continue; // an RC QP never enters SQE: its send errors take it to ERR
            }
            for (QpState to : QpState.values()) {
                KernelQpTable.Entry e = KernelQpTable.entry(from, to, type);
                List<Integer> masks = new ArrayList<>();
                if (e == null) {
                    masks.add(QpAttrMask.STATE);
                    masks.add(QpAttrMask.STATE | QpAttrMask.PORT | QpAttrMask.PKEY_INDEX | QpAttrMask.QKEY);
                } else {
                    int base = QpAttrMask.STATE | e.required();
                    masks.add(base);
                    masks.add(base | e.optional());
                    for (int bit : allBits()) {
                        if ((e.required() & bit) != 0) {
                            masks.add(base & ~bit);
                        } else if ((e.optional() & bit) == 0) {
                            masks.add(base | bit);
                        }
                    }
                }
                for (int mask : masks) {
                    boolean ok = KernelQpTable.ok(from, to, type, mask);
                    QueuePair qp = h.create(type);
                    h.drive(qp, from);
                    String where = type + " " + from + "->" + to + " with " + QpAttrMask.names(mask);
                    if (ok) {
                        qp.modify(QpHarness.full(to, from), mask);
                        assertEquals(to, qp.state(), where);
                        valid++;
                    } else {
                        VerbsException x = assertThrows(VerbsException.class,
                                () -> qp.modify(QpHarness.full(to, from), mask), where);
                        assertEquals(VerbsException.Errno.EINVAL, x.errno(), where);
                        assertEquals(from, qp.state(), where + ": the state stays");
                        refused++;
                    }
                    qp.close();
                    h.drain();
                }
            }
        }
        assertTrue(valid > 20 && refused > 200, valid + " valid, " + refused + " refused");
    }

    @Test
    void aMaskWithoutStateStaysInTheState() throws Exception {
        QueuePair qp = h.create(QpType.RC);
        h.drive(qp, QpState.RTS);
        qp.modify(QpHarness.full(QpState.RESET, QpState.RTS).minRnrTimer(20), QpAttrMask.MIN_RNR_TIMER);
        assertEquals(QpState.RTS, qp.state());
        assertEquals(20, qp.query().minRnrTimer());
    }

    @Test
    void badValuesAreRefusedWithEinval() throws Exception {
        QueuePair qp = h.create(QpType.RC);
        int mask = QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS;
        VerbsException x = assertThrows(VerbsException.class,
                () -> qp.modify(QpHarness.full(QpState.INIT, QpState.RESET).portNum(2), mask));
        assertEquals(VerbsException.Errno.EINVAL, x.errno());
        assertEquals(QpState.RESET, qp.state());
    }

    /** Random sequences of transitions with random masks: each succeeds exactly when the golden table says so. */
    @ParameterizedTest
    @EnumSource(QpType.class)
    void fuzzRandomTransitionSequences(QpType type) throws Exception {
        Random random = new Random(0x5EED ^ type.ordinal());
        QueuePair qp = h.create(type);
        QpState[] states = QpState.values();
        List<Integer> bits = allBits();
        int accepted = 0, refused = 0;
        for (int step = 0; step < 3000; step++) {
            QpState cur = qp.state();
            if (type != QpType.RC && cur == QpState.RTS && random.nextInt(20) == 0) {
                h.sendError(qp);
                assertEquals(QpState.SQE, qp.state(), "a UD/UC send error");
                continue;
            }
            QpState to = states[random.nextInt(states.length)];
            var e = KernelQpTable.entry(cur, to, type);
            int mask = random.nextInt(10) == 0 ? 0 : QpAttrMask.STATE;
            if (e != null) {
                mask |= random.nextInt(6) == 0 ? e.required() & random.nextInt() : e.required();
                mask |= e.optional() & random.nextInt();
            }
            if (random.nextInt(5) == 0) {
                mask |= bits.get(random.nextInt(bits.size()));
            }
            QpState next = (mask & QpAttrMask.STATE) != 0 ? to : cur;
            boolean ok = KernelQpTable.ok(cur, next, type, mask);
            String where = "step " + step + ": " + type + " " + cur + "->" + next + " with " + QpAttrMask.names(mask);
            final int m = mask;
            if (ok) {
                qp.modify(QpHarness.full(to, cur), m);
                assertEquals(next, qp.state(), where);
                accepted++;
            } else {
                VerbsException x = assertThrows(VerbsException.class, () -> qp.modify(QpHarness.full(to, cur), m),
                        where);
                assertEquals(VerbsException.Errno.EINVAL, x.errno(), where);
                assertEquals(cur, qp.state(), where);
                refused++;
            }
            h.drain();
        }
        assertTrue(accepted > 300 && refused > 300, accepted + " accepted, " + refused + " refused");
    }
}
