package org.infiniscope.verbs;

import java.util.ArrayList;
import java.util.List;

/** The attribute mask bits of {@code ibv_modify_qp} ({@code enum ibv_qp_attr_mask}), with the same values. */
public final class QpAttrMask {

    public static final int STATE = 1;
    public static final int CUR_STATE = 1 << 1;
    public static final int EN_SQD_ASYNC_NOTIFY = 1 << 2;
    public static final int ACCESS_FLAGS = 1 << 3;
    public static final int PKEY_INDEX = 1 << 4;
    public static final int PORT = 1 << 5;
    public static final int QKEY = 1 << 6;
    public static final int AV = 1 << 7;
    public static final int PATH_MTU = 1 << 8;
    public static final int TIMEOUT = 1 << 9;
    public static final int RETRY_CNT = 1 << 10;
    public static final int RNR_RETRY = 1 << 11;
    public static final int RQ_PSN = 1 << 12;
    public static final int MAX_QP_RD_ATOMIC = 1 << 13;
    public static final int ALT_PATH = 1 << 14;
    public static final int MIN_RNR_TIMER = 1 << 15;
    public static final int SQ_PSN = 1 << 16;
    public static final int MAX_DEST_RD_ATOMIC = 1 << 17;
    public static final int PATH_MIG_STATE = 1 << 18;
    public static final int CAP = 1 << 19;
    public static final int DEST_QPN = 1 << 20;
    public static final int RATE_LIMIT = 1 << 25;

    private static final String[] NAMES = {"STATE", "CUR_STATE", "EN_SQD_ASYNC_NOTIFY", "ACCESS_FLAGS", "PKEY_INDEX",
            "PORT", "QKEY", "AV", "PATH_MTU", "TIMEOUT", "RETRY_CNT", "RNR_RETRY", "RQ_PSN", "MAX_QP_RD_ATOMIC",
            "ALT_PATH", "MIN_RNR_TIMER", "SQ_PSN", "MAX_DEST_RD_ATOMIC", "PATH_MIG_STATE", "CAP", "DEST_QPN", null,
            null, null, null, "RATE_LIMIT"};

    /** Every defined bit. */
    public static final int ALL = (1 << 21) - 1 | RATE_LIMIT;

    private QpAttrMask() {
    }

    /** @return the bit of a name as {@link #names} prints it, or 0 */
    public static int bit(String name) {
        for (int i = 0; i < NAMES.length; i++) {
            if (name.equals(NAMES[i])) {
                return 1 << i;
            }
        }
        return 0;
    }

    /** @return the mask's bits by name, joined with {@code |}; unknown bits in hex; {@code 0} for none */
    public static String names(int mask) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            if ((mask & 1 << i) != 0) {
                out.add(i < NAMES.length && NAMES[i] != null ? NAMES[i] : "0x" + Integer.toHexString(1 << i));
            }
        }
        return out.isEmpty() ? "0" : String.join("|", out);
    }
}
