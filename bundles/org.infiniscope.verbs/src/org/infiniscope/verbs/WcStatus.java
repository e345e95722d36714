package org.infiniscope.verbs;

/** Work completion statuses ({@code enum ibv_wc_status}), in libibverbs' order. */
public enum WcStatus {
    SUCCESS,
    LOC_LEN_ERR,
    LOC_QP_OP_ERR,
    LOC_EEC_OP_ERR,
    LOC_PROT_ERR,
    WR_FLUSH_ERR,
    MW_BIND_ERR,
    BAD_RESP_ERR,
    LOC_ACCESS_ERR,
    REM_INV_REQ_ERR,
    REM_ACCESS_ERR,
    REM_OP_ERR,
    RETRY_EXC_ERR,
    RNR_RETRY_EXC_ERR,
    LOC_RDD_VIOL_ERR,
    REM_INV_RD_REQ_ERR,
    REM_ABORT_ERR,
    INV_EECN_ERR,
    INV_EEC_STATE_ERR,
    FATAL_ERR,
    RESP_TIMEOUT_ERR,
    GENERAL_ERR;

    /** @return the name as {@code ibv_wc_status_str} prints it, e.g. "transport retry counter exceeded" */
    public String describe() {
        return switch (this) {
            case SUCCESS -> "success";
            case LOC_LEN_ERR -> "local length error";
            case LOC_QP_OP_ERR -> "local QP operation error";
            case LOC_EEC_OP_ERR -> "local EE context operation error";
            case LOC_PROT_ERR -> "local protection error";
            case WR_FLUSH_ERR -> "Work Request Flushed Error";
            case MW_BIND_ERR -> "memory management operation error";
            case BAD_RESP_ERR -> "bad response error";
            case LOC_ACCESS_ERR -> "local access error";
            case REM_INV_REQ_ERR -> "remote invalid request error";
            case REM_ACCESS_ERR -> "remote access error";
            case REM_OP_ERR -> "remote operation error";
            case RETRY_EXC_ERR -> "transport retry counter exceeded";
            case RNR_RETRY_EXC_ERR -> "RNR retry counter exceeded";
            case LOC_RDD_VIOL_ERR -> "local RDD violation error";
            case REM_INV_RD_REQ_ERR -> "remote invalid RD request";
            case REM_ABORT_ERR -> "aborted error";
            case INV_EECN_ERR -> "invalid EE context number";
            case INV_EEC_STATE_ERR -> "invalid EE context state";
            case FATAL_ERR -> "fatal error";
            case RESP_TIMEOUT_ERR -> "response timeout error";
            case GENERAL_ERR -> "general error";
        };
    }
}
