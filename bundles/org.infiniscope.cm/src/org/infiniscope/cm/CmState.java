package org.infiniscope.cm;

/**
 * The state of one CM communication (IBA 12.9.6, and the names of Linux's {@code ib_cm_state} and
 * {@code ib_cm_lap_state}); the alternate path's LAP/APR exchange has states of its own, reported in
 * {@link CmConnection#lapState()}.
 */
public enum CmState {
    IDLE,
    LISTEN,
    REQ_SENT,
    REQ_RCVD,
    MRA_REQ_SENT,
    MRA_REQ_RCVD,
    REP_SENT,
    REP_RCVD,
    MRA_REP_SENT,
    MRA_REP_RCVD,
    ESTABLISHED,
    DREQ_SENT,
    DREQ_RCVD,
    TIMEWAIT,
    SIDR_REQ_SENT,
    SIDR_REQ_RCVD,
    /** No LAP under way (the LAP states' idle). */
    LAP_IDLE,
    LAP_SENT,
    LAP_RCVD,
    MRA_LAP_SENT,
    MRA_LAP_RCVD,
    /** An alternate path was loaded by a LAP/APR exchange. */
    LAP_LOADED;

    /** @return whether a connection in this state has both QPs ready to carry data */
    public boolean connected() {
        return this == ESTABLISHED;
    }
}
