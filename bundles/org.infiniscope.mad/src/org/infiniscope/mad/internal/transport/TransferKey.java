package org.infiniscope.mad.internal.transport;

import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;

/**
 * Names one RMPP transfer: its class and whole TransactionID, and the peer's LID and queue pair, so that two
 * peers that happen to pick the same TID never share a transfer.
 */
record TransferKey(int mgmtClass, long transactionId, int lid, int qpn) {

    /** @return the key of the transfer a MAD to or from {@code peer} belongs to */
    static TransferKey of(byte[] mad, MadAddress peer) {
        return new TransferKey(Bits.u8(mad, 1), Bits.u64(mad, 8), peer.lid(), peer.qpn());
    }
}
