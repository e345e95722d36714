package org.infiniscope.cm.internal;

import java.util.concurrent.ScheduledFuture;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.CmState;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.cm.Rep;
import org.infiniscope.mad.cm.Req;
import org.infiniscope.verbs.QueuePair;

/**
 * One communication of a {@link ConnectionManager}: its IBA 12.9 state and what the messages exchanged so far
 * said. Touched only on its manager's thread.
 */
final class Conn {

    final int localCommId;
    final boolean active;
    ConnUser user;
    CmState state = CmState.IDLE;
    CmState lapState = CmState.LAP_IDLE;
    int remoteCommId;
    long serviceId;
    long remoteCaGuid;
    QueuePair qp;
    int localQpn;
    int remoteQpn;
    int localPsn;
    int remotePsn;
    int remoteQkey;
    CmRoute route;
    CmRoute alternate;
    Req req;
    Rep rep;
    /** The last message sent that waits for an answer, for retransmission; and the one repeated on duplicates. */
    byte[] lastSent;
    int retriesLeft;
    long timeoutNanos;
    ScheduledFuture<?> timer;
    /** Whether the timer sends an MRA for a REQ the consumer has not answered yet, rather than a retry. */
    boolean mraPending;
    /** Whether the QP is moved by the CM (created by it) rather than by the user. */
    boolean cmMovesQp = true;
    /** The transaction ID the exchange uses (a REP answers under the REQ's). */
    long tid;

    final ConnectionManager owner;

    Conn(ConnectionManager owner, int localCommId, boolean active, ConnUser user) {
        this.owner = owner;
        this.localCommId = localCommId;
        this.active = active;
        this.user = user;
    }

    int peerLid() {
        return route == null ? 0 : route.dlid();
    }

    CmConnection snapshot(String node, String device, int port) {
        Gid peer = route == null ? Gid.ZERO : route.dgid();
        return new CmConnection(node, device, port, localCommId, remoteCommId, localQpn, remoteQpn, state, lapState,
                serviceId, peerLid(), peer, localPsn, remotePsn, active);
    }

    void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
