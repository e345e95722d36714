package org.infiniscope.mad.rmpp;

/** Where an RMPP transfer stands. */
public enum RmppState {
    /** Segments are still moving. */
    ACTIVE,
    /** Every segment arrived (receiver) or was acknowledged (sender). */
    COMPLETE,
    /** Aborted or stopped, by this side or by the peer; the step's status says why. */
    FAILED
}
