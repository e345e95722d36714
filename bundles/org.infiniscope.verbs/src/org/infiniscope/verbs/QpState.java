package org.infiniscope.verbs;

/** Queue pair states, in libibverbs' order ({@code enum ibv_qp_state}). */
public enum QpState {
    /** Just created or reset: no work is processed. */
    RESET,
    /** Initialised: receives can be posted, nothing is processed. */
    INIT,
    /** Ready to receive. */
    RTR,
    /** Ready to send. */
    RTS,
    /** Send queue drain(ed). */
    SQD,
    /** Send queue error (UD, UC): receives still work. */
    SQE,
    /** Error: every outstanding and new work request completes flushed. */
    ERR
}
