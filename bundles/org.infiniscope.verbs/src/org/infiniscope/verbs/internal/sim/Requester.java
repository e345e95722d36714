package org.infiniscope.verbs.internal.sim;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.WrOpcode;

/**
 * The requester's side: sends the head work request of a QP's send queue through the fabric to the destination
 * QP's responder and, for RC, carries the response back; a request or response lost on the way (a pulled cable, a
 * port down, no route) is a timeout and a retry, and the retries exhausted complete the request with
 * {@link WcStatus#RETRY_EXC_ERR} and move the QP to ERR.
 */
final class Requester {

    /** Bytes of the extended transport headers a request without payload carries (RETH; AtomicETH). */
    private static final int RETH = 16, ATOMIC_ETH = 28, AETH = 4;

    private Requester() {
    }

    /** @return true when the head request is finished and the next one may go */
    static boolean transmit(SimQp qp, SendWr wr) {
        SimWire wire = qp.pd.ctx.wire;
        WrOpcode op = wr.opcode();
        boolean carriesData = op == WrOpcode.SEND || op == WrOpcode.SEND_WITH_IMM || op == WrOpcode.RDMA_WRITE
                || op == WrOpcode.RDMA_WRITE_WITH_IMM;
        boolean atomic = op == WrOpcode.ATOMIC_CMP_AND_SWP || op == WrOpcode.ATOMIC_FETCH_AND_ADD;
        int len = (int) wr.length();
        byte[] data = null;
        if (carriesData) {
            data = Memory.gather(qp, wr.sgList());
            if (data == null) {
                qp.sendError(wr, WcStatus.LOC_PROT_ERR);
                return true;
            }
        }
        if (atomic && len != 8) {
            qp.sendError(wr, WcStatus.LOC_LEN_ERR);
            return true;
        }
        int mtu = qp.type() == QpType.UD ? Mtu.bytes(Mtu.MTU_4096) : Mtu.bytes(qp.attr.pathMtu());
        if (qp.type() == QpType.UD && len > mtu) {
            qp.sendError(wr, WcStatus.LOC_LEN_ERR);
            return true;
        }
        int packets = atomic ? 1 : Math.max(1, (len + mtu - 1) / mtu);
        AhAttr av = qp.type() == QpType.UD ? ((SimAh) wr.ah()).attr() : qp.attr.ahAttr();
        int dqpn = qp.type() == QpType.UD ? wr.remoteQpn() : qp.attr.destQpNum();
        // a Q_Key with its top bit set means the QP's own (IBA 10.2.4)
        int qkey = wr.remoteQkey() < 0 ? qp.attr.qkey() : wr.remoteQkey();
        SimFabric.AttachPoint from = qp.pd.ctx.hca.port(av.portNum());
        int slid = wire.fabric.localPort(from).lid() | av.srcPathBits();
        Packet p = new Packet(qp.type(), op, qp.attr.sqPsn(), packets, data, len, wr.remoteAddr(), wr.rkey(),
                wr.compareAdd(), wr.swap(), wr.immData(), wr.solicited(), qp.qpNum(), slid, dqpn, qkey);
        long requestBytes = carriesData ? len : atomic ? ATOMIC_ETH : RETH;
        SimFabric.AttachPoint arrival = wire.fabric.carryPacket(from, av.dlid(), requestBytes,
                carriesData ? packets : 1);
        Response resp = null;
        if (arrival != null) {
            SimHca dst = wire.hca(arrival.name());
            SimQp target = dst == null || !dst.present ? null : dst.qps.get(dqpn);
            if (target != null) {
                resp = target.responder.handle(p, arrival.port());
            }
            if (qp.type() == QpType.RC && resp != null) {
                long bytes = resp.data() == null ? AETH : AETH + resp.data().length;
                int n = op == WrOpcode.RDMA_READ ? packets : 1;
                if (wire.fabric.carryPacket(arrival, slid, bytes, n) == null) {
                    resp = null; // the response was lost on its way back
                }
            }
        }
        if (qp.type() != QpType.RC) {
            if (qp.signaled(wr)) {
                qp.sendCq.add(qp.wc(wr.wrId(), WcStatus.SUCCESS, SimQp.opcode(op), len), false);
            }
            qp.next(packets);
            return true;
        }
        if (resp == null || resp.kind() == Response.Kind.NAK_SEQ) {
            if (!qp.retryAfterTimeout()) {
                qp.sendError(wr, WcStatus.RETRY_EXC_ERR);
            }
            return false;
        }
        switch (resp.kind()) {
            case RNR_NAK -> {
                if (!qp.retryAfterRnr(resp.rnrTimer())) {
                    qp.sendError(wr, WcStatus.RNR_RETRY_EXC_ERR);
                }
                return false;
            }
            case NAK_INV_REQ -> {
                qp.sendError(wr, WcStatus.REM_INV_REQ_ERR);
                return false;
            }
            case NAK_REM_ACCESS -> {
                qp.sendError(wr, WcStatus.REM_ACCESS_ERR);
                return false;
            }
            case NAK_REM_OP -> {
                qp.sendError(wr, WcStatus.REM_OP_ERR);
                return false;
            }
            default -> {
            }
        }
        int byteLen = len;
        if (op == WrOpcode.RDMA_READ || atomic) {
            WcStatus st = Memory.scatter(qp, wr.sgList(), resp.data());
            if (st != WcStatus.SUCCESS) {
                qp.sendError(wr, st);
                return false;
            }
            byteLen = resp.data().length;
        }
        if (qp.signaled(wr)) {
            qp.sendCq.add(new WorkCompletion(wr.wrId(), WcStatus.SUCCESS, SimQp.opcode(op), byteLen, 0, false,
                    qp.qpNum(), 0, 0), false);
        }
        qp.next(op == WrOpcode.RDMA_READ || carriesData ? packets : 1);
        return true;
    }

    /** @return an atomic's 8 bytes as the HCA returns them: in host order */
    static byte[] bytes(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(v).array();
    }
}
