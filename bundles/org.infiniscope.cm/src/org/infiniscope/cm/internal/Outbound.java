package org.infiniscope.cm.internal;

import java.io.IOException;

import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.cm.CmPath;
import org.infiniscope.mad.cm.Dreq;
import org.infiniscope.mad.cm.Lap;
import org.infiniscope.mad.cm.Mra;
import org.infiniscope.mad.cm.Rej;
import org.infiniscope.mad.cm.RejectReason;
import org.infiniscope.mad.cm.Rep;
import org.infiniscope.mad.cm.Req;
import org.infiniscope.mad.cm.Rtu;
import org.infiniscope.mad.cm.SidrRep;
import org.infiniscope.mad.cm.SidrReq;
import org.infiniscope.mad.wire.Octets;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.VerbsException;

/** What the consumer of a CM starts: connect, listen, accept, reject, disconnect, SIDR and LAP. */
final class Outbound {

    private final ConnectionManager cm;

    Outbound(ConnectionManager cm) {
        this.cm = cm;
    }

    private CmState expect(Conn c, String what, CmState... states) throws CmException {
        for (CmState s : states) {
            if (c.state == s) {
                return s;
            }
        }
        throw new CmException("cannot " + what + " in state " + c.state);
    }

    void listen(long serviceId, ConnUser user) throws CmException {
        if (cm.listeners.putIfAbsent(serviceId, user) != null) {
            throw new CmException(String.format("service ID 0x%016x is listened on already (EADDRINUSE)", serviceId));
        }
        cm.listed(serviceId, true);
    }

    void unlisten(long serviceId, ConnUser user) {
        if (cm.listeners.remove(serviceId, user)) {
            cm.listed(serviceId, false);
        }
    }

    /** Sends the REQ of an active communication whose route and QP are set. */
    void connect(Conn c, ConnParam p) throws CmException {
        expect(c, "connect", CmState.IDLE);
        CmRoute r = c.route;
        int ackTimeout = Math.min(31, r.packetLifeTime() + 1);
        CmPath path = new CmPath(r.slid(), r.dlid(), r.sgid(), r.dgid(), 0, r.rate(), 0, 0, r.sl(), true, ackTimeout);
        int transport = c.qp.type() == QpType.UC ? 1 : 0;
        c.req = new Req(c.localCommId, c.serviceId, cm.wire.caGuid(), 0, c.localQpn, p.responderResources(), 0,
                p.initiatorDepth(), 0, cm.options.responseTimeout(), transport, false, c.localPsn,
                cm.options.responseTimeout(), p.retryCount(), r.pkey(), r.mtu(), false, p.rnrRetryCount(),
                cm.options.maxRetries(), false, 0, path, CmPath.NONE, false, Octets.of(p.privateData()));
        c.timeoutNanos = CmOptions.nanos(cm.options.responseTimeout()) + 2 * Inbound.life(r);
        cm.state(c, CmState.REQ_SENT);
        cm.send(c, c.req, true);
    }

    void repReceived(Conn c, Rep m) {
        c.cancelTimer();
        c.rep = m;
        c.remoteCommId = m.localCommId();
        c.remoteQpn = m.localQpn();
        c.remotePsn = m.startingPsn();
        c.remoteCaGuid = m.localCaGuid();
        ConnParam param = new ConnParam(m.privateData().toByteArray(), m.responderResources(), m.initiatorDepth(),
                c.req.retryCount(), m.rnrRetryCount());
        if (!c.cmMovesQp) {
            cm.state(c, CmState.REP_RCVD);
            c.user.event(CmEventType.CONNECT_RESPONSE, 0, param, null);
            return;
        }
        try {
            QpMover.connect(c, cm.port);
        } catch (VerbsException e) {
            cm.send(c, Inbound.rej(c.localCommId, c.remoteCommId, Rej.REP, RejectReason.NO_QP), false);
            QpMover.error(c);
            cm.remove(c);
            c.user.event(CmEventType.CONNECT_ERROR, -e.errno().value(), null, null);
            return;
        }
        cm.send(c, new Rtu(c.localCommId, c.remoteCommId, null), false);
        cm.state(c, CmState.ESTABLISHED);
        c.user.event(CmEventType.ESTABLISHED, 0, param, null);
    }

    void establish(Conn c) throws CmException {
        expect(c, "establish", CmState.REP_RCVD);
        cm.send(c, new Rtu(c.localCommId, c.remoteCommId, null), false);
        cm.state(c, CmState.ESTABLISHED);
        c.user.event(CmEventType.ESTABLISHED, 0, null, null);
    }

    /** Accepts a REQ (moves the QP, sends the REP) or a SIDR_REQ (sends the SIDR_REP with the QP). */
    void accept(Conn c, ConnParam p) throws CmException {
        if (c.state == CmState.SIDR_REQ_RCVD) {
            cm.send(c, new SidrRep(c.remoteCommId, SidrRep.VALID, c.qp.qpNum(), c.serviceId, QpMover.UD_QKEY,
                    Octets.EMPTY, Octets.of(p.privateData())), false);
            cm.remove(c);
            return;
        }
        expect(c, "accept", CmState.REQ_RCVD, CmState.MRA_REQ_SENT);
        if (c.qp == null) {
            throw new CmException("accept needs a QP: create one on the identifier first");
        }
        c.localQpn = c.qp.qpNum();
        c.rep = new Rep(c.localCommId, c.remoteCommId, 0, c.localQpn, 0, c.localPsn,
                Math.min(p.responderResources(), c.req.initiatorDepth()),
                Math.min(p.initiatorDepth(), c.req.responderResources()), 0, 0, false, p.rnrRetryCount(), false,
                cm.wire.caGuid(), Octets.of(p.privateData()));
        if (c.cmMovesQp) {
            try {
                QpMover.connect(c, cm.port);
            } catch (VerbsException e) {
                throw new CmException("the QP cannot take the connection: " + e.getMessage(), e);
            }
        }
        cm.state(c, CmState.REP_SENT);
        cm.send(c, c.rep, true);
    }

    void reject(Conn c, byte[] privateData) throws CmException {
        if (c.state == CmState.SIDR_REQ_RCVD) {
            cm.send(c, new SidrRep(c.remoteCommId, SidrRep.REJECTED, 0, c.serviceId, 0, Octets.EMPTY,
                    Octets.of(privateData)), false);
            cm.remove(c);
            return;
        }
        CmState s = expect(c, "reject", CmState.REQ_RCVD, CmState.MRA_REQ_SENT, CmState.REP_RCVD);
        cm.send(c, new Rej(c.localCommId, c.remoteCommId, s == CmState.REP_RCVD ? Rej.REP : Rej.REQ,
                RejectReason.CONSUMER_DEFINED.code(), Octets.EMPTY, Octets.of(privateData)), false);
        QpMover.error(c);
        cm.remove(c);
    }

    void mra(Conn c) {
        cm.send(c, new Mra(c.localCommId, c.remoteCommId, Mra.REQ, cm.options.mraServiceTimeout(), null), false);
        cm.state(c, CmState.MRA_REQ_SENT);
    }

    /** Sends an MRA for a REQ the consumer has not answered after {@code nanos}. */
    void mraLater(Conn c, long nanos) {
        cm.arm(c, nanos);
        c.mraPending = true;
    }

    void disconnect(Conn c) throws CmException {
        switch (c.state) {
            case ESTABLISHED, REP_SENT, MRA_REP_RCVD -> {
                QpMover.error(c);
                cm.state(c, CmState.DREQ_SENT);
                cm.send(c, new Dreq(c.localCommId, c.remoteCommId, c.remoteQpn, null), true);
            }
            case DREQ_SENT, DREQ_RCVD, TIMEWAIT -> {
                // disconnecting already
            }
            default -> throw new CmException("cannot disconnect in state " + c.state);
        }
    }

    /** A REQ showed the peer lost this connection: it goes, with a DREQ the peer will not know. */
    void disconnectStale(Conn c) {
        QpMover.error(c);
        cm.state(c, CmState.DREQ_SENT);
        cm.send(c, new Dreq(c.localCommId, c.remoteCommId, c.remoteQpn, null), true);
        c.user.event(CmEventType.DISCONNECTED, 0, null, null);
    }

    void sidr(Conn c, ConnParam p) throws CmException {
        expect(c, "resolve a UD service", CmState.IDLE);
        c.timeoutNanos = CmOptions.nanos(cm.options.responseTimeout()) + 2 * Inbound.life(c.route);
        cm.state(c, CmState.SIDR_REQ_SENT);
        cm.send(c, new SidrReq(c.localCommId, c.route.pkey(), c.serviceId, Octets.of(p.privateData())), true);
    }

    void lap(Conn c, CmRoute alt) throws CmException {
        expect(c, "load an alternate path", CmState.ESTABLISHED);
        if (!c.active) {
            throw new CmException("only the active side sends a LAP");
        }
        if (c.lapState == CmState.LAP_SENT || c.lapState == CmState.MRA_LAP_RCVD) {
            throw new CmException("a LAP is under way");
        }
        c.alternate = alt;
        CmPath path = new CmPath(alt.slid(), alt.dlid(), alt.sgid(), alt.dgid(), 0, alt.rate(), 0, 0, alt.sl(), true,
                Math.min(31, alt.packetLifeTime() + 1));
        cm.lapState(c, CmState.LAP_SENT);
        cm.send(c, new Lap(c.localCommId, c.remoteCommId, c.remoteQpn, cm.options.responseTimeout(), path, null), true);
    }

    /** @return a route back to a LID a MAD came from (SIDR carries no path) */
    CmRoute routeTo(int slid) {
        try {
            return new CmRoute(cm.wire.lid(), slid, cm.wire.gid(), Gid.ZERO, Mtu.MTU_1024, 0, 0, 0, 0xFFFF);
        } catch (IOException e) {
            return new CmRoute(0, slid, Gid.ZERO, Gid.ZERO, Mtu.MTU_1024, 0, 0, 0, 0xFFFF);
        }
    }
}
