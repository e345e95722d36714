package org.infiniscope.verbs;

import java.util.HashMap;
import java.util.Map;

/**
 * The Linux kernel's {@code qp_state_table} ({@code drivers/infiniband/core/verbs.c}) for RC, UC and UD, written
 * out by hand as text from the reference, independently of {@link QpTransitions}: one line per valid transition and
 * type, {@code *} for every type, {@code -} for no attributes. A transition without a line is invalid: RESET to ERR
 * among them, although libibverbs' summary ("any state to RESET or ERR") says otherwise; the kernel refuses it.
 */
public final class KernelQpTable {

    private static final String TABLE = """
            # from to    type required                                         optional
            RESET RESET  *    -                                                -
            RESET INIT   UD   PKEY_INDEX|PORT|QKEY                             -
            RESET INIT   UC   PKEY_INDEX|PORT|ACCESS_FLAGS                     -
            RESET INIT   RC   PKEY_INDEX|PORT|ACCESS_FLAGS                     -
            INIT  RESET  *    -                                                -
            INIT  ERR    *    -                                                -
            INIT  INIT   UD   -                                                PKEY_INDEX|PORT|QKEY
            INIT  INIT   UC   -                                                PKEY_INDEX|PORT|ACCESS_FLAGS
            INIT  INIT   RC   -                                                PKEY_INDEX|PORT|ACCESS_FLAGS
            INIT  RTR    UD   -                                                PKEY_INDEX|QKEY
            INIT  RTR    UC   AV|PATH_MTU|DEST_QPN|RQ_PSN                      ALT_PATH|ACCESS_FLAGS|PKEY_INDEX
            INIT  RTR    RC   AV|PATH_MTU|DEST_QPN|RQ_PSN|MAX_DEST_RD_ATOMIC|MIN_RNR_TIMER ALT_PATH|ACCESS_FLAGS|PKEY_INDEX
            RTR   RESET  *    -                                                -
            RTR   ERR    *    -                                                -
            RTR   RTS    UD   SQ_PSN                                           CUR_STATE|QKEY
            RTR   RTS    UC   SQ_PSN                                           CUR_STATE|ALT_PATH|ACCESS_FLAGS|PATH_MIG_STATE
            RTR   RTS    RC   TIMEOUT|RETRY_CNT|RNR_RETRY|SQ_PSN|MAX_QP_RD_ATOMIC CUR_STATE|ALT_PATH|ACCESS_FLAGS|MIN_RNR_TIMER|PATH_MIG_STATE
            RTS   RESET  *    -                                                -
            RTS   ERR    *    -                                                -
            RTS   RTS    UD   -                                                CUR_STATE|QKEY
            RTS   RTS    UC   -                                                CUR_STATE|ACCESS_FLAGS|ALT_PATH|PATH_MIG_STATE
            RTS   RTS    RC   -                                                CUR_STATE|ACCESS_FLAGS|ALT_PATH|PATH_MIG_STATE|MIN_RNR_TIMER
            RTS   SQD    *    -                                                EN_SQD_ASYNC_NOTIFY
            SQD   RESET  *    -                                                -
            SQD   ERR    *    -                                                -
            SQD   RTS    UD   -                                                CUR_STATE|QKEY
            SQD   RTS    UC   -                                                CUR_STATE|ALT_PATH|ACCESS_FLAGS|PATH_MIG_STATE
            SQD   RTS    RC   -                                                CUR_STATE|ALT_PATH|ACCESS_FLAGS|MIN_RNR_TIMER|PATH_MIG_STATE
            SQD   SQD    UD   -                                                PKEY_INDEX|QKEY
            SQD   SQD    UC   -                                                AV|ALT_PATH|ACCESS_FLAGS|PKEY_INDEX|PATH_MIG_STATE
            SQD   SQD    RC   -                                                PORT|AV|TIMEOUT|RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC|MAX_DEST_RD_ATOMIC|ALT_PATH|ACCESS_FLAGS|PKEY_INDEX|MIN_RNR_TIMER|PATH_MIG_STATE
            SQE   RESET  *    -                                                -
            SQE   ERR    *    -                                                -
            SQE   RTS    UD   -                                                CUR_STATE|QKEY
            SQE   RTS    UC   -                                                CUR_STATE|ACCESS_FLAGS
            SQE   RTS    RC   -                                                -
            ERR   RESET  *    -                                                -
            ERR   ERR    *    -                                                -
            """;

    /** One transition of one type: what it requires and accepts besides STATE. */
    public record Entry(int required, int optional) {
    }

    private static final Map<String, Entry> ENTRIES = new HashMap<>();

    static {
        for (String line : TABLE.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            for (QpType t : QpType.values()) {
                if (f[2].equals("*") || f[2].equals(t.name())) {
                    ENTRIES.put(key(QpState.valueOf(f[0]), QpState.valueOf(f[1]), t),
                            new Entry(mask(f[3]), mask(f[4])));
                }
            }
        }
    }

    private KernelQpTable() {
    }

    private static String key(QpState from, QpState to, QpType type) {
        return from + ">" + to + ">" + type;
    }

    private static int mask(String names) {
        if (names.equals("-")) {
            return 0;
        }
        int m = 0;
        for (String n : names.split("\\|")) {
            int bit = QpAttrMask.bit(n);
            if (bit == 0) {
                throw new IllegalStateException("no mask bit " + n);
            }
            m |= bit;
        }
        return m;
    }

    /** @return the entry, or null when the transition is invalid */
    public static Entry entry(QpState from, QpState to, QpType type) {
        return ENTRIES.get(key(from, to, type));
    }

    /** @return whether the kernel accepts the transition with the mask, by this table */
    public static boolean ok(QpState from, QpState to, QpType type, int mask) {
        if ((mask & QpAttrMask.CUR_STATE) != 0 && from != QpState.RTR && from != QpState.RTS && from != QpState.SQD
                && from != QpState.SQE) {
            return false;
        }
        Entry e = entry(from, to, type);
        return e != null && (mask & e.required()) == e.required()
                && (mask & ~(e.required() | e.optional() | QpAttrMask.STATE)) == 0;
    }
}
