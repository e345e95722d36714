package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.UdParam;
import org.infiniscope.mad.cm.Apr;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.cm.CmPath;
import org.infiniscope.mad.cm.Drep;
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
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.infiniscope.verbs.VerbsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a CM does with each message that reaches it (IBA 12.9.6's state diagrams), and when its retries run out.
 * Duplicates are answered with the message sent last; a REQ for a connection this side still holds is stale.
 */
final class Inbound {

    private static final Logger LOG = LoggerFactory.getLogger(Inbound.class);
    /** The negative errno a timed-out exchange reports (ETIMEDOUT). */
    static final int ETIMEDOUT = -110;

    private final ConnectionManager cm;

    Inbound(ConnectionManager cm) {
        this.cm = cm;
    }

    void handle(byte[] mad, int slid) {
        CmMad.Decoded d;
        try {
            d = CmMad.decode(mad);
        } catch (MadFormatException e) {
            cm.countMalformed();
            LOG.debug("CM {}:{}: dropped a malformed MAD from LID {}: {}", cm.device, cm.port, slid, e.getMessage());
            return;
        }
        long tid = d.header().transactionId();
        switch (d.message()) {
            case Req m -> req(m, tid, slid);
            case Mra m -> mra(m);
            case Rej m -> rej(m);
            case Rep m -> rep(m);
            case Rtu m -> rtu(m);
            case Dreq m -> dreq(m, tid, slid);
            case Drep m -> drep(m);
            case SidrReq m -> sidrReq(m, tid, slid);
            case SidrRep m -> sidrRep(m);
            case Lap m -> lap(m);
            case Apr m -> apr(m);
        }
    }

    private Conn byRemote(int remoteCommId, long caGuid) {
        for (Conn c : cm.conns.values()) {
            if (!c.active && c.remoteCommId == remoteCommId && c.remoteCaGuid == caGuid) {
                return c;
            }
        }
        return null;
    }

    private Conn byRemoteQpn(int qpn, long caGuid) {
        for (Conn c : cm.conns.values()) {
            if (c.remoteQpn == qpn && c.remoteCaGuid == caGuid && c.state != CmState.TIMEWAIT) {
                return c;
            }
        }
        return null;
    }

    private void req(Req req, long tid, int slid) {
        Conn dup = byRemote(req.localCommId(), req.localCaGuid());
        if (dup != null) {
            duplicateReq(dup, req, tid, slid);
            return;
        }
        Conn stale = byRemoteQpn(req.localQpn(), req.localCaGuid());
        if (stale != null && (stale.state == CmState.ESTABLISHED || stale.state == CmState.REP_SENT)) {
            // the peer reuses a QP we still hold connected: it lost that connection (IBA 12.9.8.3.1)
            cm.sendLoose(rej(0, req.localCommId(), Rej.REQ, RejectReason.STALE_CONNECTION), tid, slid);
            cm.outbound.disconnectStale(stale);
            return;
        }
        ConnUser listener = cm.listeners.get(req.serviceId());
        if (listener == null) {
            cm.sendLoose(rej(0, req.localCommId(), Rej.REQ, RejectReason.INVALID_SERVICE_ID), tid, slid);
            return;
        }
        if (req.transportServiceType() != 0 && req.transportServiceType() != 1) {
            cm.sendLoose(rej(0, req.localCommId(), Rej.REQ, RejectReason.INVALID_TRANSPORT_TYPE), tid, slid);
            return;
        }
        Conn c = cm.newConn(false, null);
        c.tid = tid;
        c.req = req;
        c.serviceId = req.serviceId();
        c.remoteCommId = req.localCommId();
        c.remoteCaGuid = req.localCaGuid();
        c.remoteQpn = req.localQpn();
        c.remotePsn = req.startingPsn();
        c.route = reverse(req.primaryPath(), req.pathMtu(), req.partitionKey());
        if (!req.alternatePath().equals(CmPath.NONE)) {
            c.alternate = reverse(req.alternatePath(), req.pathMtu(), req.partitionKey());
        }
        c.timeoutNanos = CmOptions.nanos(req.localCmResponseTimeout()) + 2 * life(c.route);
        cm.state(c, CmState.REQ_RCVD);
        ConnParam param = new ConnParam(req.privateData().toByteArray(), req.responderResources(), req.initiatorDepth(),
                req.retryCount(), req.rnrRetryCount());
        ConnUser user = listener.request(c, param);
        if (user == null) {
            cm.send(c, rej(c.localCommId, c.remoteCommId, Rej.REQ, RejectReason.NO_RESOURCES), false);
            cm.remove(c);
            return;
        }
        c.user = user;
        // a consumer slower than half the peer's patience gets an MRA sent for it
        cm.outbound.mraLater(c, CmOptions.nanos(req.remoteCmResponseTimeout()) / 2);
    }

    private void duplicateReq(Conn c, Req req, long tid, int slid) {
        switch (c.state) {
            case REQ_RCVD, MRA_REQ_SENT -> cm.outbound.mra(c);
            case REP_SENT, MRA_REP_RCVD -> cm.resend(c, Rep.ATTRIBUTE_ID);
            case TIMEWAIT ->
                cm.sendLoose(rej(c.localCommId, req.localCommId(), Rej.REQ, RejectReason.STALE_CONNECTION), tid, slid);
            case ESTABLISHED, DREQ_SENT, DREQ_RCVD -> {
                if (req.localQpn() != c.remoteQpn) {
                    // the same communication ID for another QP: the peer reused an ID we still hold
                    cm.sendLoose(rej(0, req.localCommId(), Rej.REQ, RejectReason.DUPLICATE_LOCAL_COMM_ID), tid, slid);
                }
            }
            default -> {
                // a REQ that crossed ours: nothing to add
            }
        }
    }

    static Rej rej(int local, int remote, int which, RejectReason reason) {
        return new Rej(local, remote, which, reason.code(), Octets.EMPTY, null);
    }

    /** @return the route of a path as the passive side sees it */
    static CmRoute reverse(CmPath p, int mtu, int pkey) {
        return new CmRoute(p.remoteLid(), p.localLid(), p.remoteGid(), p.localGid(), mtu, p.serviceLevel(),
                p.packetRate(), Math.max(0, p.localAckTimeout() - 1), pkey);
    }

    static long life(CmRoute r) {
        return CmOptions.nanos(r.packetLifeTime());
    }

    private void mra(Mra m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null) {
            return;
        }
        long wait = CmOptions.nanos(m.serviceTimeout()) + c.timeoutNanos;
        if (m.messageMraed() == Mra.REQ && c.state == CmState.REQ_SENT) {
            cm.state(c, CmState.MRA_REQ_RCVD);
            cm.arm(c, wait);
        } else if (m.messageMraed() == Mra.REP && c.state == CmState.REP_SENT) {
            cm.state(c, CmState.MRA_REP_RCVD);
            cm.arm(c, wait);
        } else if (m.messageMraed() == Mra.LAP && c.lapState == CmState.LAP_SENT) {
            cm.lapState(c, CmState.MRA_LAP_RCVD);
            cm.arm(c, wait);
        }
    }

    private void rej(Rej m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null) {
            return;
        }
        switch (c.state) {
            case REQ_SENT, MRA_REQ_RCVD, REP_SENT, MRA_REP_RCVD, REP_RCVD -> {
                c.cancelTimer();
                ConnParam param = new ConnParam(m.privateData().toByteArray(), 0, 0, 0, 0);
                if (m.reason() == RejectReason.STALE_CONNECTION.code()) {
                    cm.timewait(c);
                } else {
                    QpMover.error(c);
                    cm.remove(c);
                }
                c.user.event(CmEventType.REJECTED, m.reason(), param, null);
            }
            default -> {
                // a REJ for a communication that is past connecting: ignored (IBA 12.9.6)
            }
        }
    }

    private void rep(Rep m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null) {
            return;
        }
        switch (c.state) {
            case REQ_SENT, MRA_REQ_RCVD -> cm.outbound.repReceived(c, m);
            case ESTABLISHED, REP_RCVD -> cm.resend(c, Rtu.ATTRIBUTE_ID); // our RTU was lost
            default -> {
                // a late duplicate
            }
        }
    }

    private void rtu(Rtu m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c != null && (c.state == CmState.REP_SENT || c.state == CmState.MRA_REP_RCVD)) {
            c.cancelTimer();
            cm.state(c, CmState.ESTABLISHED);
            c.user.event(CmEventType.ESTABLISHED, 0, null, null);
        }
    }

    private void dreq(Dreq m, long tid, int slid) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null || m.remoteQpnOrEecn() != c.localQpn) {
            // IBA 12.9.6: a DREQ for no communication is answered, so that the peer can leave DREQ_SENT
            cm.sendLoose(new Drep(0, m.localCommId(), null), tid, slid);
            return;
        }
        switch (c.state) {
            case ESTABLISHED, REP_SENT, MRA_REP_RCVD, DREQ_SENT -> {
                cm.state(c, CmState.DREQ_RCVD);
                c.tid = tid;
                cm.send(c, new Drep(c.localCommId, c.remoteCommId, null), false);
                cm.timewait(c);
                c.user.event(CmEventType.DISCONNECTED, 0, null, null);
            }
            case TIMEWAIT -> cm.resend(c, Drep.ATTRIBUTE_ID);
            default -> {
                // not connected yet: nothing to disconnect
            }
        }
    }

    private void drep(Drep m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c != null && c.state == CmState.DREQ_SENT) {
            cm.timewait(c);
            c.user.event(CmEventType.DISCONNECTED, 0, null, null);
        }
    }

    private void sidrReq(SidrReq m, long tid, int slid) {
        for (Conn c : cm.conns.values()) {
            if (c.state == CmState.SIDR_REQ_RCVD && c.remoteCommId == m.requestId() && c.peerLid() == slid) {
                return; // a duplicate while the consumer decides
            }
        }
        ConnUser listener = cm.listeners.get(m.serviceId());
        if (listener == null) {
            cm.sendLoose(new SidrRep(m.requestId(), SidrRep.SERVICE_ID_NOT_SUPPORTED, 0, m.serviceId(), 0, Octets.EMPTY,
                    null), tid, slid);
            return;
        }
        Conn c = cm.newConn(false, null);
        c.tid = tid;
        c.remoteCommId = m.requestId();
        c.serviceId = m.serviceId();
        c.route = cm.outbound.routeTo(slid);
        cm.state(c, CmState.SIDR_REQ_RCVD);
        ConnUser user = listener.request(c, new ConnParam(m.privateData().toByteArray(), 0, 0, 0, 0));
        if (user == null) {
            cm.send(c, new SidrRep(m.requestId(), SidrRep.REJECTED, 0, m.serviceId(), 0, Octets.EMPTY, null), false);
            cm.remove(c);
            return;
        }
        c.user = user;
    }

    private void sidrRep(SidrRep m) {
        Conn c = cm.conns.get(m.requestId());
        if (c == null || c.state != CmState.SIDR_REQ_SENT) {
            return;
        }
        cm.remove(c);
        if (m.status() == SidrRep.VALID) {
            c.remoteQpn = m.qpn();
            c.user.event(CmEventType.ESTABLISHED, 0, null,
                    new UdParam(m.qpn(), m.qKey(), c.peerLid(), m.privateData().toByteArray()));
        } else {
            c.user.event(CmEventType.UNREACHABLE, m.status(), null, null);
        }
    }

    private void lap(Lap m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null || c.state != CmState.ESTABLISHED) {
            return;
        }
        if (c.lapState == CmState.LAP_LOADED && c.lastSent != null) {
            cm.resend(c, Apr.ATTRIBUTE_ID);
            return;
        }
        cm.lapState(c, CmState.LAP_RCVD);
        c.alternate = reverse(m.alternatePath(), c.route.mtu(), c.route.pkey());
        int status = Apr.AP_LOADED;
        try {
            if (c.cmMovesQp && c.qp != null) {
                QpMover.loadAlternate(c, cm.port);
            }
        } catch (VerbsException e) {
            status = 3; // APStatus 3: the alternate path was rejected
            c.alternate = null;
        }
        cm.send(c, new Apr(c.localCommId, c.remoteCommId, status, Octets.EMPTY, null), false);
        cm.lapState(c, status == Apr.AP_LOADED ? CmState.LAP_LOADED : CmState.LAP_IDLE);
        c.user.event(status == Apr.AP_LOADED ? CmEventType.ALT_PATH_LOADED : CmEventType.ALT_PATH_ERROR, status, null,
                null);
    }

    private void apr(Apr m) {
        Conn c = cm.conns.get(m.remoteCommId());
        if (c == null || c.lapState != CmState.LAP_SENT && c.lapState != CmState.MRA_LAP_RCVD) {
            return;
        }
        c.cancelTimer();
        if (m.apStatus() == Apr.AP_LOADED) {
            try {
                if (c.cmMovesQp && c.qp != null) {
                    QpMover.loadAlternate(c, cm.port);
                }
                cm.lapState(c, CmState.LAP_LOADED);
                c.user.event(CmEventType.ALT_PATH_LOADED, 0, null, null);
                return;
            } catch (VerbsException e) {
                LOG.debug("CM {}:{}: the local QP refused the alternate path: {}", cm.device, cm.port, e.getMessage());
            }
        }
        c.alternate = null;
        cm.lapState(c, CmState.LAP_IDLE);
        c.user.event(CmEventType.ALT_PATH_ERROR, m.apStatus(), null, null);
    }

    /** The retries of the message a communication waits on ran out. */
    void gaveUp(Conn c) {
        if (c.lapState == CmState.LAP_SENT || c.lapState == CmState.MRA_LAP_RCVD) {
            c.alternate = null;
            cm.lapState(c, CmState.LAP_IDLE);
            c.user.event(CmEventType.ALT_PATH_ERROR, ETIMEDOUT, null, null);
            return;
        }
        switch (c.state) {
            case REQ_SENT, MRA_REQ_RCVD, REP_SENT, MRA_REP_RCVD -> {
                cm.send(c, rej(c.localCommId, c.remoteCommId, Rej.OTHER, RejectReason.TIMEOUT), false);
                QpMover.error(c);
                cm.remove(c);
                c.user.event(c.active ? CmEventType.UNREACHABLE : CmEventType.CONNECT_ERROR, ETIMEDOUT, null, null);
            }
            case DREQ_SENT -> {
                cm.timewait(c);
                c.user.event(CmEventType.DISCONNECTED, 0, null, null);
            }
            case SIDR_REQ_SENT -> {
                cm.remove(c);
                c.user.event(CmEventType.UNREACHABLE, ETIMEDOUT, null, null);
            }
            default -> {
                // nothing waited
            }
        }
    }
}
