package org.infiniscope.mad.transport;

import org.infiniscope.mad.rmpp.RmppStatus;

/** An RMPP transfer of an answer ended without its message: aborted or stopped by either side. */
public final class RmppTransferException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param message which transfer, from where, and how far it got
     * @param status the RMPPStatus that ended it ({@link RmppStatus})
     */
    public RmppTransferException(String message, int status) {
        super(message + ": " + RmppStatus.name(status) + " (RMPPStatus " + status + ")");
        this.status = status;
    }

    /** @return the RMPPStatus that ended the transfer */
    public int status() {
        return status;
    }
}
