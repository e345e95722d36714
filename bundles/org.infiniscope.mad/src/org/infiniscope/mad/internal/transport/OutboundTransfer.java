package org.infiniscope.mad.internal.transport;

import org.infiniscope.mad.rmpp.RmppSender;
import org.infiniscope.mad.transport.MadAddress;

/** An answer an agent gave that the transport sends in RMPP segments. */
final class OutboundTransfer extends Transfer {

    final RmppSender sender;

    OutboundTransfer(TransferKey key, MadAddress peer, RmppSender sender) {
        super(key, peer);
        this.sender = sender;
    }
}
