package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.Sge;
import org.infiniscope.verbs.VerbsException;

/**
 * {@code struct ibv_qp}: {@code ibv_modify_qp} hands the mask to the kernel, which checks it against its
 * {@code qp_state_table} (EINVAL when it refuses); sends and receives go through the ops table.
 */
final class RcQp implements QueuePair {

    private final RcPd pd;
    final MemorySegment qp;
    private final QpInitAttr init;
    /** Destroys the QP when librdmacm created it ({@code rdma_destroy_qp}), else null for {@code ibv_destroy_qp}. */
    private final Runnable destroyer;

    RcQp(RcPd pd, MemorySegment qp, QpInitAttr init) {
        this(pd, qp, init, null);
    }

    RcQp(RcPd pd, MemorySegment qp, QpInitAttr init, Runnable destroyer) {
        this.pd = pd;
        this.qp = qp.reinterpret(Structs.QP_SIZE);
        this.init = init;
        this.destroyer = destroyer;
    }

    @Override
    public int qpNum() {
        return qp.get(JAVA_INT, Structs.QP_NUM);
    }

    @Override
    public QpType type() {
        return init.type();
    }

    @Override
    public QpState state() {
        return query().qpState();
    }

    @Override
    public QpInitAttr initAttr() {
        return init;
    }

    static void writeAh(MemorySegment s, long at, AhAttr ah) {
        s.set(JAVA_SHORT, at + Structs.AH_DLID, (short) ah.dlid());
        s.set(JAVA_BYTE, at + Structs.AH_SL, (byte) ah.sl());
        s.set(JAVA_BYTE, at + Structs.AH_SRC_PATH_BITS, (byte) ah.srcPathBits());
        s.set(JAVA_BYTE, at + Structs.AH_STATIC_RATE, (byte) ah.staticRate());
        s.set(JAVA_BYTE, at + Structs.AH_IS_GLOBAL, (byte) 0);
        s.set(JAVA_BYTE, at + Structs.AH_PORT_NUM, (byte) ah.portNum());
    }

    private static AhAttr readAh(MemorySegment s, long at) {
        return new AhAttr(s.get(JAVA_SHORT, at + Structs.AH_DLID) & 0xFFFF, s.get(JAVA_BYTE, at + Structs.AH_SL),
                s.get(JAVA_BYTE, at + Structs.AH_SRC_PATH_BITS), s.get(JAVA_BYTE, at + Structs.AH_STATIC_RATE),
                s.get(JAVA_BYTE, at + Structs.AH_PORT_NUM) & 0xFF);
    }

    @Override
    public void modify(QpAttr a, int mask) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(Structs.QP_ATTR_SIZE, 8);
            s.set(JAVA_INT, Structs.QA_STATE, a.qpState().ordinal());
            s.set(JAVA_INT, Structs.QA_CUR_STATE, a.curQpState().ordinal());
            s.set(JAVA_INT, Structs.QA_PATH_MTU, a.pathMtu());
            s.set(JAVA_INT, Structs.QA_QKEY, a.qkey());
            s.set(JAVA_INT, Structs.QA_RQ_PSN, a.rqPsn());
            s.set(JAVA_INT, Structs.QA_SQ_PSN, a.sqPsn());
            s.set(JAVA_INT, Structs.QA_DEST_QP_NUM, a.destQpNum());
            s.set(JAVA_INT, Structs.QA_ACCESS_FLAGS, a.qpAccessFlags());
            if (a.cap() != null) {
                s.set(JAVA_INT, Structs.QA_CAP, a.cap().maxSendWr());
                s.set(JAVA_INT, Structs.QA_CAP + 4, a.cap().maxRecvWr());
                s.set(JAVA_INT, Structs.QA_CAP + 8, a.cap().maxSendSge());
                s.set(JAVA_INT, Structs.QA_CAP + 12, a.cap().maxRecvSge());
                s.set(JAVA_INT, Structs.QA_CAP + 16, a.cap().maxInlineData());
            }
            if (a.ahAttr() != null) {
                writeAh(s, Structs.QA_AH, a.ahAttr());
            }
            if (a.altAhAttr() != null) {
                writeAh(s, Structs.QA_ALT_AH, a.altAhAttr());
            }
            s.set(JAVA_SHORT, Structs.QA_PKEY_INDEX, (short) a.pkeyIndex());
            s.set(JAVA_BYTE, Structs.QA_EN_SQD_ASYNC_NOTIFY, (byte) (a.sqDrainNotify() ? 1 : 0));
            s.set(JAVA_BYTE, Structs.QA_MAX_RD_ATOMIC, (byte) a.maxRdAtomic());
            s.set(JAVA_BYTE, Structs.QA_MAX_DEST_RD_ATOMIC, (byte) a.maxDestRdAtomic());
            s.set(JAVA_BYTE, Structs.QA_MIN_RNR_TIMER, (byte) a.minRnrTimer());
            s.set(JAVA_BYTE, Structs.QA_PORT_NUM, (byte) a.portNum());
            s.set(JAVA_BYTE, Structs.QA_TIMEOUT, (byte) a.timeout());
            s.set(JAVA_BYTE, Structs.QA_RETRY_CNT, (byte) a.retryCnt());
            s.set(JAVA_BYTE, Structs.QA_RNR_RETRY, (byte) a.rnrRetry());
            Errors.check(pd.context.lib.callInt("ibv_modify_qp", qp, s, mask),
                    "ibv_modify_qp " + QpAttrMask.names(mask));
        }
    }

    @Override
    public QpAttr query() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(Structs.QP_ATTR_SIZE, 8);
            MemorySegment i = arena.allocate(Structs.QP_INIT_SIZE, 8);
            int mask = QpAttrMask.ALL & ~QpAttrMask.RATE_LIMIT;
            if (pd.context.lib.callInt("ibv_query_qp", qp, s, mask, i) != 0) {
                return new QpAttr().qpState(QpState.values()[qp.get(JAVA_INT, Structs.QP_STATE)]);
            }
            return readAttr(s);
        }
    }

    /** Reads a {@code struct ibv_qp_attr}. */
    static QpAttr readAttr(MemorySegment s) {
        {
            QpState st = QpState.values()[s.get(JAVA_INT, Structs.QA_STATE)];
            return new QpAttr().qpState(st).curQpState(st).pathMtu(s.get(JAVA_INT, Structs.QA_PATH_MTU))
                    .qkey(s.get(JAVA_INT, Structs.QA_QKEY)).rqPsn(s.get(JAVA_INT, Structs.QA_RQ_PSN))
                    .sqPsn(s.get(JAVA_INT, Structs.QA_SQ_PSN)).destQpNum(s.get(JAVA_INT, Structs.QA_DEST_QP_NUM))
                    .qpAccessFlags(s.get(JAVA_INT, Structs.QA_ACCESS_FLAGS))
                    .cap(new QpCap(s.get(JAVA_INT, Structs.QA_CAP), s.get(JAVA_INT, Structs.QA_CAP + 4),
                            s.get(JAVA_INT, Structs.QA_CAP + 8), s.get(JAVA_INT, Structs.QA_CAP + 12),
                            s.get(JAVA_INT, Structs.QA_CAP + 16)))
                    .ahAttr(readAh(s, Structs.QA_AH)).altAhAttr(readAh(s, Structs.QA_ALT_AH))
                    .pkeyIndex(s.get(JAVA_SHORT, Structs.QA_PKEY_INDEX) & 0xFFFF)
                    .maxRdAtomic(s.get(JAVA_BYTE, Structs.QA_MAX_RD_ATOMIC) & 0xFF)
                    .maxDestRdAtomic(s.get(JAVA_BYTE, Structs.QA_MAX_DEST_RD_ATOMIC) & 0xFF)
                    .minRnrTimer(s.get(JAVA_BYTE, Structs.QA_MIN_RNR_TIMER))
                    .portNum(s.get(JAVA_BYTE, Structs.QA_PORT_NUM) & 0xFF).timeout(s.get(JAVA_BYTE, Structs.QA_TIMEOUT))
                    .retryCnt(s.get(JAVA_BYTE, Structs.QA_RETRY_CNT)).rnrRetry(s.get(JAVA_BYTE, Structs.QA_RNR_RETRY));
        }
    }

    static MemorySegment sges(Arena arena, List<Sge> list) {
        MemorySegment s = arena.allocate(Structs.SGE_SIZE * Math.max(1, list.size()), 8);
        for (int i = 0; i < list.size(); i++) {
            Sge g = list.get(i);
            s.set(JAVA_LONG, i * Structs.SGE_SIZE, g.addr());
            s.set(JAVA_INT, i * Structs.SGE_SIZE + 8, g.length());
            s.set(JAVA_INT, i * Structs.SGE_SIZE + 12, g.lkey());
        }
        return s;
    }

    static MemorySegment recvWr(Arena arena, RecvWr wr) {
        MemorySegment w = arena.allocate(Structs.RECV_WR_SIZE, 8);
        w.set(JAVA_LONG, 0, wr.wrId());
        w.set(ADDRESS, Structs.RW_SG_LIST, sges(arena, wr.sgList()));
        w.set(JAVA_INT, Structs.RW_NUM_SGE, wr.sgList().size());
        return w;
    }

    @Override
    public void postSend(SendWr wr) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment w = arena.allocate(Structs.SEND_WR_SIZE, 8);
            w.set(JAVA_LONG, 0, wr.wrId());
            w.set(ADDRESS, Structs.SW_SG_LIST, sges(arena, wr.sgList()));
            w.set(JAVA_INT, Structs.SW_NUM_SGE, wr.sgList().size());
            // enum ibv_wr_opcode has WrOpcode's order
            w.set(JAVA_INT, Structs.SW_OPCODE, wr.opcode().ordinal());
            w.set(JAVA_INT, Structs.SW_SEND_FLAGS,
                    (wr.signaled() ? Structs.SEND_SIGNALED : 0) | (wr.solicited() ? Structs.SEND_SOLICITED : 0));
            w.set(JAVA_INT, Structs.SW_IMM, Integer.reverseBytes(wr.immData()));
            switch (wr.opcode()) {
                case ATOMIC_CMP_AND_SWP, ATOMIC_FETCH_AND_ADD -> {
                    w.set(JAVA_LONG, Structs.SW_REMOTE_ADDR, wr.remoteAddr());
                    w.set(JAVA_LONG, Structs.SW_COMPARE_ADD, wr.compareAdd());
                    w.set(JAVA_LONG, Structs.SW_SWAP, wr.swap());
                    w.set(JAVA_INT, Structs.SW_ATOMIC_RKEY, wr.rkey());
                }
                default -> {
                    if (type() == QpType.UD) {
                        if (!(wr.ah() instanceof RcAh ah)) {
                            throw new VerbsException(VerbsException.Errno.EINVAL,
                                    "a UD send needs an address handle of this provider");
                        }
                        w.set(ADDRESS, Structs.SW_UD_AH, ah.ah);
                        w.set(JAVA_INT, Structs.SW_UD_REMOTE_QPN, wr.remoteQpn());
                        w.set(JAVA_INT, Structs.SW_UD_REMOTE_QKEY, wr.remoteQkey());
                    } else {
                        w.set(JAVA_LONG, Structs.SW_REMOTE_ADDR, wr.remoteAddr());
                        w.set(JAVA_INT, Structs.SW_RKEY, wr.rkey());
                    }
                }
            }
            Errors.check(
                    Ibverbs.callOp(pd.context.ctx, Structs.OPS_POST_SEND, Ibverbs.POST, qp, w, arena.allocate(8, 8)),
                    "post_send");
        }
    }

    @Override
    public void postRecv(RecvWr wr) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            Errors.check(Ibverbs.callOp(pd.context.ctx, Structs.OPS_POST_RECV, Ibverbs.POST, qp, recvWr(arena, wr),
                    arena.allocate(8, 8)), "post_recv");
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.context) {
            if (destroyer != null) {
                destroyer.run();
            } else {
                Errors.check(pd.context.lib.callInt("ibv_destroy_qp", qp), "ibv_destroy_qp");
            }
            forget();
        }
    }

    void destroy() {
        if (destroyer != null) {
            destroyer.run();
        } else {
            pd.context.lib.callInt("ibv_destroy_qp", qp);
        }
        forget();
    }

    private void forget() {
        pd.qps.remove(this);
        pd.context.objects.remove(qp.address());
    }
}
