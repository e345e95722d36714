package org.infiniscope.verbs;

import static org.infiniscope.verbs.QpAttrMask.ACCESS_FLAGS;
import static org.infiniscope.verbs.QpAttrMask.ALT_PATH;
import static org.infiniscope.verbs.QpAttrMask.AV;
import static org.infiniscope.verbs.QpAttrMask.CUR_STATE;
import static org.infiniscope.verbs.QpAttrMask.DEST_QPN;
import static org.infiniscope.verbs.QpAttrMask.EN_SQD_ASYNC_NOTIFY;
import static org.infiniscope.verbs.QpAttrMask.MAX_DEST_RD_ATOMIC;
import static org.infiniscope.verbs.QpAttrMask.MAX_QP_RD_ATOMIC;
import static org.infiniscope.verbs.QpAttrMask.MIN_RNR_TIMER;
import static org.infiniscope.verbs.QpAttrMask.PATH_MIG_STATE;
import static org.infiniscope.verbs.QpAttrMask.PATH_MTU;
import static org.infiniscope.verbs.QpAttrMask.PKEY_INDEX;
import static org.infiniscope.verbs.QpAttrMask.PORT;
import static org.infiniscope.verbs.QpAttrMask.QKEY;
import static org.infiniscope.verbs.QpAttrMask.RETRY_CNT;
import static org.infiniscope.verbs.QpAttrMask.RNR_RETRY;
import static org.infiniscope.verbs.QpAttrMask.RQ_PSN;
import static org.infiniscope.verbs.QpAttrMask.SQ_PSN;
import static org.infiniscope.verbs.QpAttrMask.STATE;
import static org.infiniscope.verbs.QpAttrMask.TIMEOUT;

/**
 * Which QP state transitions are valid and with which attributes, as the Linux kernel decides it
 * ({@code ib_modify_qp_is_ok} and its {@code qp_state_table} in {@code drivers/infiniband/core/verbs.c}) for the RC,
 * UC and UD types: a transition is valid when the table has it, the mask holds every required attribute, and no
 * attribute beyond the required, the optional ones and {@link QpAttrMask#STATE}; {@link QpAttrMask#CUR_STATE} is
 * refused unless the QP is in RTR, RTS, SQD or SQE.
 */
public final class QpTransitions {

    private static final int N = QpState.values().length;
    private static final boolean[][] VALID = new boolean[N][N];
    private static final int[][][] REQUIRED = new int[N][N][QpType.values().length];
    private static final int[][][] OPTIONAL = new int[N][N][QpType.values().length];

    static {
        for (QpState s : QpState.values()) {
            if (s != QpState.RESET) {
                valid(s, QpState.RESET);
                valid(s, QpState.ERR);
            }
        }
        valid(QpState.RESET, QpState.RESET);
        valid(QpState.RESET, QpState.INIT);
        required(QpState.RESET, QpState.INIT, QpType.UD, PKEY_INDEX | PORT | QKEY);
        required(QpState.RESET, QpState.INIT, QpType.UC, PKEY_INDEX | PORT | ACCESS_FLAGS);
        required(QpState.RESET, QpState.INIT, QpType.RC, PKEY_INDEX | PORT | ACCESS_FLAGS);

        valid(QpState.INIT, QpState.INIT);
        optional(QpState.INIT, QpState.INIT, QpType.UD, PKEY_INDEX | PORT | QKEY);
        optional(QpState.INIT, QpState.INIT, QpType.UC, PKEY_INDEX | PORT | ACCESS_FLAGS);
        optional(QpState.INIT, QpState.INIT, QpType.RC, PKEY_INDEX | PORT | ACCESS_FLAGS);

        valid(QpState.INIT, QpState.RTR);
        required(QpState.INIT, QpState.RTR, QpType.UC, AV | PATH_MTU | DEST_QPN | RQ_PSN);
        required(QpState.INIT, QpState.RTR, QpType.RC,
                AV | PATH_MTU | DEST_QPN | RQ_PSN | MAX_DEST_RD_ATOMIC | MIN_RNR_TIMER);
        optional(QpState.INIT, QpState.RTR, QpType.UD, PKEY_INDEX | QKEY);
        optional(QpState.INIT, QpState.RTR, QpType.UC, ALT_PATH | ACCESS_FLAGS | PKEY_INDEX);
        optional(QpState.INIT, QpState.RTR, QpType.RC, ALT_PATH | ACCESS_FLAGS | PKEY_INDEX);

        valid(QpState.RTR, QpState.RTS);
        required(QpState.RTR, QpState.RTS, QpType.UD, SQ_PSN);
        required(QpState.RTR, QpState.RTS, QpType.UC, SQ_PSN);
        required(QpState.RTR, QpState.RTS, QpType.RC, TIMEOUT | RETRY_CNT | RNR_RETRY | SQ_PSN | MAX_QP_RD_ATOMIC);
        optional(QpState.RTR, QpState.RTS, QpType.UD, CUR_STATE | QKEY);
        optional(QpState.RTR, QpState.RTS, QpType.UC, CUR_STATE | ALT_PATH | ACCESS_FLAGS | PATH_MIG_STATE);
        optional(QpState.RTR, QpState.RTS, QpType.RC,
                CUR_STATE | ALT_PATH | ACCESS_FLAGS | MIN_RNR_TIMER | PATH_MIG_STATE);

        valid(QpState.RTS, QpState.RTS);
        optional(QpState.RTS, QpState.RTS, QpType.UD, CUR_STATE | QKEY);
        optional(QpState.RTS, QpState.RTS, QpType.UC, CUR_STATE | ACCESS_FLAGS | ALT_PATH | PATH_MIG_STATE);
        optional(QpState.RTS, QpState.RTS, QpType.RC,
                CUR_STATE | ACCESS_FLAGS | ALT_PATH | PATH_MIG_STATE | MIN_RNR_TIMER);

        valid(QpState.RTS, QpState.SQD);
        for (QpType t : QpType.values()) {
            optional(QpState.RTS, QpState.SQD, t, EN_SQD_ASYNC_NOTIFY);
        }

        valid(QpState.SQD, QpState.RTS);
        optional(QpState.SQD, QpState.RTS, QpType.UD, CUR_STATE | QKEY);
        optional(QpState.SQD, QpState.RTS, QpType.UC, CUR_STATE | ALT_PATH | ACCESS_FLAGS | PATH_MIG_STATE);
        optional(QpState.SQD, QpState.RTS, QpType.RC,
                CUR_STATE | ALT_PATH | ACCESS_FLAGS | MIN_RNR_TIMER | PATH_MIG_STATE);

        valid(QpState.SQD, QpState.SQD);
        optional(QpState.SQD, QpState.SQD, QpType.UD, PKEY_INDEX | QKEY);
        optional(QpState.SQD, QpState.SQD, QpType.UC, AV | ALT_PATH | ACCESS_FLAGS | PKEY_INDEX | PATH_MIG_STATE);
        optional(QpState.SQD, QpState.SQD, QpType.RC, PORT | AV | TIMEOUT | RETRY_CNT | RNR_RETRY | MAX_QP_RD_ATOMIC
                | MAX_DEST_RD_ATOMIC | ALT_PATH | ACCESS_FLAGS | PKEY_INDEX | MIN_RNR_TIMER | PATH_MIG_STATE);

        valid(QpState.SQE, QpState.RTS);
        optional(QpState.SQE, QpState.RTS, QpType.UD, CUR_STATE | QKEY);
        optional(QpState.SQE, QpState.RTS, QpType.UC, CUR_STATE | ACCESS_FLAGS);
    }

    private QpTransitions() {
    }

    private static void valid(QpState from, QpState to) {
        VALID[from.ordinal()][to.ordinal()] = true;
    }

    private static void required(QpState from, QpState to, QpType type, int mask) {
        REQUIRED[from.ordinal()][to.ordinal()][type.ordinal()] = mask;
    }

    private static void optional(QpState from, QpState to, QpType type, int mask) {
        OPTIONAL[from.ordinal()][to.ordinal()][type.ordinal()] = mask;
    }

    /** @return whether the table has the transition at all */
    public static boolean isValid(QpState from, QpState to) {
        return VALID[from.ordinal()][to.ordinal()];
    }

    /** @return the attributes the transition requires besides {@link QpAttrMask#STATE} */
    public static int required(QpState from, QpState to, QpType type) {
        return REQUIRED[from.ordinal()][to.ordinal()][type.ordinal()];
    }

    /** @return the attributes the transition accepts besides the required ones and {@link QpAttrMask#STATE} */
    public static int optional(QpState from, QpState to, QpType type) {
        return OPTIONAL[from.ordinal()][to.ordinal()][type.ordinal()];
    }

    /** @return whether the kernel accepts the transition with this mask ({@code ib_modify_qp_is_ok}) */
    public static boolean isOk(QpState from, QpState to, QpType type, int mask) {
        if ((mask & CUR_STATE) != 0 && from != QpState.RTR && from != QpState.RTS && from != QpState.SQD
                && from != QpState.SQE) {
            return false;
        }
        if (!isValid(from, to)) {
            return false;
        }
        int req = required(from, to, type);
        int opt = optional(from, to, type);
        return (mask & req) == req && (mask & ~(req | opt | STATE)) == 0;
    }
}
