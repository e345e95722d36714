package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.UdParam;

/** What a communication tells the identifier above it; called on the manager's thread. */
interface ConnUser {

    /** An event of this communication. */
    void event(CmEventType type, int status, ConnParam param, UdParam ud);

    /**
     * A REQ or SIDR_REQ came to a listener.
     *
     * @param conn the new communication, in REQ_RCVD or SIDR_REQ_RCVD
     * @return the user of the new communication, or null when the listener takes no more (REJ)
     */
    default ConnUser request(Conn conn, ConnParam param) {
        return null;
    }
}
