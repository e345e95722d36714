package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmId.QpAttrs;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;

/**
 * The attributes that move a connection's QP through INIT, RTR and RTS, from what the REQ, the REP and the path said
 * (as Linux's {@code ib_cm_init_qp_attr} takes them). Both sides read the read/atomic depths from the REP: the
 * responder's resources are the requester's initiator depth, and the other way round.
 */
final class QpMover {

    /** The RNR NAK timer the CM sets: code 12, 0.64 ms (rdma_cm's). */
    static final int MIN_RNR_TIMER = 12;
    /** The Q_Key of rdma_cm's UD QPs. */
    static final int UD_QKEY = 0x01234567;

    private QpMover() {
    }

    static QpAttrs attrs(Conn c, QpType type, int port, QpState state) {
        QpAttr a = new QpAttr().qpState(state);
        int mask = QpAttrMask.STATE;
        switch (state) {
            case INIT -> {
                a.pkeyIndex(0).portNum(port);
                mask |= QpAttrMask.PKEY_INDEX | QpAttrMask.PORT;
                if (type == QpType.UD) {
                    a.qkey(UD_QKEY);
                    mask |= QpAttrMask.QKEY;
                } else {
                    a.qpAccessFlags(
                            Access.LOCAL_WRITE | Access.REMOTE_WRITE | Access.REMOTE_READ | Access.REMOTE_ATOMIC);
                    mask |= QpAttrMask.ACCESS_FLAGS;
                }
            }
            case RTR -> {
                if (type != QpType.UD) {
                    a.ahAttr(new AhAttr(c.route.dlid(), c.route.sl(), 0, c.route.rate(), port)).pathMtu(c.route.mtu())
                            .destQpNum(c.remoteQpn).rqPsn(c.remotePsn);
                    mask |= QpAttrMask.AV | QpAttrMask.PATH_MTU | QpAttrMask.DEST_QPN | QpAttrMask.RQ_PSN;
                    if (c.alternate != null) {
                        a.altAhAttr(new AhAttr(c.alternate.dlid(), c.alternate.sl(), 0, c.alternate.rate(), port));
                        mask |= QpAttrMask.ALT_PATH;
                    }
                }
                if (type == QpType.RC) {
                    a.maxDestRdAtomic(c.active ? c.rep.initiatorDepth() : c.rep.responderResources())
                            .minRnrTimer(MIN_RNR_TIMER);
                    mask |= QpAttrMask.MAX_DEST_RD_ATOMIC | QpAttrMask.MIN_RNR_TIMER;
                }
            }
            case RTS -> {
                a.sqPsn(c == null ? 0 : c.localPsn);
                mask |= QpAttrMask.SQ_PSN;
                if (type == QpType.RC) {
                    a.timeout(c.req.primaryPath().localAckTimeout()).retryCnt(c.req.retryCount())
                            .rnrRetry(c.active ? c.rep.rnrRetryCount() : c.req.rnrRetryCount())
                            .maxRdAtomic(c.active ? c.rep.responderResources() : c.rep.initiatorDepth());
                    mask |= QpAttrMask.TIMEOUT | QpAttrMask.RETRY_CNT | QpAttrMask.RNR_RETRY
                            | QpAttrMask.MAX_QP_RD_ATOMIC;
                }
            }
            default -> throw new IllegalArgumentException("the CM moves QPs to INIT, RTR and RTS, not " + state);
        }
        return new QpAttrs(a, mask);
    }

    static void move(Conn c, int port, QpState state) throws VerbsException {
        QpAttrs m = attrs(c, c.qp.type(), port, state);
        c.qp.modify(m.attr(), m.mask());
    }

    /** RTR then RTS, from INIT. */
    static void connect(Conn c, int port) throws VerbsException {
        move(c, port, QpState.RTR);
        move(c, port, QpState.RTS);
    }

    /** Moves the QP to ERR (a disconnect, a REJ); a QP that is gone or already in ERR is left. */
    static void error(Conn c) {
        if (c.qp == null || !c.cmMovesQp) {
            return;
        }
        try {
            if (c.qp.state() != QpState.ERR && c.qp.state() != QpState.RESET) {
                c.qp.modify(new QpAttr().qpState(QpState.ERR), QpAttrMask.STATE);
            }
        } catch (VerbsException e) {
            // destroyed meanwhile: nothing left to stop
        }
    }

    /** RTS to RTS with the alternate path loaded. */
    static void loadAlternate(Conn c, int port) throws VerbsException {
        QpAttr a = new QpAttr().qpState(QpState.RTS)
                .altAhAttr(new AhAttr(c.alternate.dlid(), c.alternate.sl(), 0, c.alternate.rate(), port));
        c.qp.modify(a, QpAttrMask.STATE | QpAttrMask.ALT_PATH);
    }
}
