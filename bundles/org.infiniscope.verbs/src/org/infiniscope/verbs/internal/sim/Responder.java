package org.infiniscope.verbs.internal.sim;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.WcOpcode;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.WrOpcode;

/**
 * The responder's side of a QP: checks the PSN (RC: a duplicate is answered again without being executed twice,
 * a PSN ahead is a sequence NAK), consumes receives (none: an RNR NAK), checks R_Keys and access for RDMA and
 * atomics (a violation NAKs, moves the QP to ERR and raises {@link AsyncEventType#QP_ACCESS_ERR}), and executes.
 * UC and UD drop what they cannot take; UD also checks the Q_Key and leaves the 40 bytes of a GRH in front of the
 * data it receives.
 */
final class Responder {

    static final int GRH = 40;
    private static final int REPLAY = 64;

    private final SimQp qp;
    /** The last answers by PSN, for duplicates (a retry after a lost response). */
    private final Map<Integer, Response> answered = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Response> eldest) {
            return size() > REPLAY;
        }
    };

    Responder(SimQp qp) {
        this.qp = qp;
    }

    void clear() {
        answered.clear();
    }

    /** @return the answer to send back (RC), an ACK marker for UC and UD, or null for a dropped request */
    Response handle(Packet p, int port) {
        QpState s = qp.state;
        if (s != QpState.RTR && s != QpState.RTS && s != QpState.SQD && s != QpState.SQE || p.type() != qp.type()
                || qp.attr.portNum() != port) {
            return null;
        }
        if (qp.type() == QpType.UD) {
            return p.qkey() == qp.attr.qkey() ? receiveDatagram(p) : null;
        }
        if (p.srcQpn() != qp.attr.destQpNum() || qp.attr.ahAttr() == null || p.slid() != qp.attr.ahAttr().dlid()) {
            return null; // not from the connected peer
        }
        if (qp.type() == QpType.UC) {
            qp.epsn = (p.psn() + p.packets()) & 0xFFFFFF;
            execute(p, false);
            return Response.ACK;
        }
        int diff = (p.psn() - qp.epsn) & 0xFFFFFF;
        if (diff != 0) {
            if (diff >= 0x800000) {
                return answered.getOrDefault(p.psn(), Response.ACK); // a duplicate: answer, do not execute again
            }
            return Response.nak(Response.Kind.NAK_SEQ);
        }
        Response r = execute(p, true);
        if (r != null && r.kind() == Response.Kind.ACK) {
            qp.epsn = (qp.epsn + p.packets()) & 0xFFFFFF;
            answered.put(p.psn(), r);
        }
        return r;
    }

    private Response receiveDatagram(Packet p) {
        RecvWr r = qp.takeRecv();
        if (r == null) {
            return null;
        }
        qp.messagesReceived++;
        byte[] withGrh = new byte[GRH + p.length()];
        System.arraycopy(p.data(), 0, withGrh, GRH, p.length());
        WcStatus st = Memory.scatter(qp, r.sgList(), withGrh);
        boolean imm = p.op() == WrOpcode.SEND_WITH_IMM;
        qp.recvCq.add(new WorkCompletion(r.wrId(), st, WcOpcode.RECV, st == WcStatus.SUCCESS ? withGrh.length : 0,
                imm ? p.imm() : 0, imm, qp.qpNum(), p.srcQpn(), p.slid()), p.solicited());
        return Response.ACK;
    }

    private Response execute(Packet p, boolean rc) {
        qp.messagesReceived++;
        switch (p.op()) {
            case SEND, SEND_WITH_IMM -> {
                RecvWr r = qp.takeRecv();
                if (r == null) {
                    return rc ? new Response(Response.Kind.RNR_NAK, null, qp.attr.minRnrTimer()) : null;
                }
                WcStatus st = Memory.scatter(qp, r.sgList(), p.data());
                boolean imm = p.op() == WrOpcode.SEND_WITH_IMM;
                qp.recvCq.add(new WorkCompletion(r.wrId(), st, WcOpcode.RECV, st == WcStatus.SUCCESS ? p.length() : 0,
                        imm ? p.imm() : 0, imm, qp.qpNum(), p.srcQpn(), p.slid()), p.solicited());
                if (st != WcStatus.SUCCESS) {
                    if (rc) {
                        qp.toError();
                        return Response
                                .nak(st == WcStatus.LOC_LEN_ERR ? Response.Kind.NAK_INV_REQ : Response.Kind.NAK_REM_OP);
                    }
                    return null;
                }
                return Response.ACK;
            }
            case RDMA_WRITE, RDMA_WRITE_WITH_IMM -> {
                MemorySegment to = Memory.remote(qp, p.remoteAddr(), p.length(), p.rkey(), Access.REMOTE_WRITE);
                if (to == null) {
                    return accessError(rc);
                }
                RecvWr r = null;
                if (p.op() == WrOpcode.RDMA_WRITE_WITH_IMM) {
                    r = qp.takeRecv();
                    if (r == null) {
                        return rc ? new Response(Response.Kind.RNR_NAK, null, qp.attr.minRnrTimer()) : null;
                    }
                }
                MemorySegment.copy(MemorySegment.ofArray(p.data()), 0, to, 0, p.length());
                if (r != null) {
                    qp.recvCq.add(new WorkCompletion(r.wrId(), WcStatus.SUCCESS, WcOpcode.RECV_RDMA_WITH_IMM,
                            p.length(), p.imm(), true, qp.qpNum(), p.srcQpn(), p.slid()), p.solicited());
                }
                return Response.ACK;
            }
            case RDMA_READ -> {
                if (qp.attr.maxDestRdAtomic() == 0) {
                    return invalid();
                }
                MemorySegment from = Memory.remote(qp, p.remoteAddr(), p.length(), p.rkey(), Access.REMOTE_READ);
                if (from == null) {
                    return accessError(rc);
                }
                return new Response(Response.Kind.ACK, from.toArray(ValueLayout.JAVA_BYTE), 0);
            }
            default -> {
                if (qp.attr.maxDestRdAtomic() == 0 || (p.remoteAddr() & 7) != 0) {
                    return invalid();
                }
                MemorySegment at = Memory.remote(qp, p.remoteAddr(), 8, p.rkey(), Access.REMOTE_ATOMIC);
                if (at == null) {
                    return accessError(rc);
                }
                long orig = at.get(ValueLayout.JAVA_LONG, 0);
                long now = p.op() == WrOpcode.ATOMIC_CMP_AND_SWP
                        ? orig == p.compareAdd() ? p.swap() : orig
                        : orig + p.compareAdd();
                at.set(ValueLayout.JAVA_LONG, 0, now);
                return new Response(Response.Kind.ACK, Requester.bytes(orig), 0);
            }
        }
    }

    private Response invalid() {
        qp.toError();
        return Response.nak(Response.Kind.NAK_INV_REQ);
    }

    private Response accessError(boolean rc) {
        if (!rc) {
            return null;
        }
        qp.toError();
        qp.pd.ctx.event(AsyncEventType.QP_ACCESS_ERR, qp, null, null, 0);
        return Response.nak(Response.Kind.NAK_REM_ACCESS);
    }
}
