package org.infiniscope.verbs.internal.sim;

import static org.infiniscope.verbs.QpAttrMask.ACCESS_FLAGS;
import static org.infiniscope.verbs.QpAttrMask.AV;
import static org.infiniscope.verbs.QpAttrMask.CUR_STATE;
import static org.infiniscope.verbs.QpAttrMask.DEST_QPN;
import static org.infiniscope.verbs.QpAttrMask.EN_SQD_ASYNC_NOTIFY;
import static org.infiniscope.verbs.QpAttrMask.MAX_DEST_RD_ATOMIC;
import static org.infiniscope.verbs.QpAttrMask.MAX_QP_RD_ATOMIC;
import static org.infiniscope.verbs.QpAttrMask.MIN_RNR_TIMER;
import static org.infiniscope.verbs.QpAttrMask.PATH_MTU;
import static org.infiniscope.verbs.QpAttrMask.PKEY_INDEX;
import static org.infiniscope.verbs.QpAttrMask.PORT;
import static org.infiniscope.verbs.QpAttrMask.QKEY;
import static org.infiniscope.verbs.QpAttrMask.RETRY_CNT;
import static org.infiniscope.verbs.QpAttrMask.RNR_RETRY;
import static org.infiniscope.verbs.QpAttrMask.RQ_PSN;
import static org.infiniscope.verbs.QpAttrMask.SQ_PSN;
import static org.infiniscope.verbs.QpAttrMask.STATE;
import static org.infiniscope.verbs.QpAttrMask.TIMEOUT;

import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;

import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpTransitions;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.WcOpcode;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.WrOpcode;

/**
 * A queue pair of a simulated HCA: the state machine (checked against {@link QpTransitions} as the kernel does),
 * and the requester's side of the transport — one message at a time, with its PSNs, the local ACK timeout and
 * retry count, and RNR NAK retries. The responder's side is {@link Responder}. Guarded by the wire's lock.
 */
final class SimQp implements QueuePair {

    final SimPd pd;
    final QpInitAttr init;
    final SimCq sendCq;
    final SimCq recvCq;
    final SimSrq srq;
    private final int qpn;
    final QpAttr attr = new QpAttr();
    QpState state = QpState.RESET;
    final ArrayDeque<SendWr> sq = new ArrayDeque<>();
    final ArrayDeque<RecvWr> rq = new ArrayDeque<>();
    /** The responder's expected PSN. */
    int epsn;
    final Responder responder = new Responder(this);
    private int retriesLeft;
    private int rnrLeft;
    private boolean waiting;
    private boolean drainNotify;
    private ScheduledFuture<?> timer;
    private boolean destroyed;
    /** What the resource view counts. */
    long messagesSent, messagesReceived, retries, rnrRetries;
    WcStatus lastError;

    private SimQp(SimPd pd, QpInitAttr init, int qpn) {
        this.pd = pd;
        this.init = init;
        this.sendCq = (SimCq) init.sendCq();
        this.recvCq = (SimCq) init.recvCq();
        this.srq = (SimSrq) init.srq();
        this.qpn = qpn;
    }

    static SimQp create(SimPd pd, QpInitAttr init) throws VerbsException {
        var dev = pd.ctx.hca.attr();
        QpCap cap = init.cap();
        if (!(init.sendCq() instanceof SimCq s) || s.ctx != pd.ctx || s.closed || !(init.recvCq() instanceof SimCq r)
                || r.ctx != pd.ctx || r.closed) {
            throw new VerbsException(Errno.EINVAL, "the QP's CQs are not CQs of this context");
        }
        if (init.srq() != null && (!(init.srq() instanceof SimSrq q) || q.pd != pd || q.closed)) {
            throw new VerbsException(Errno.EINVAL, "the QP's SRQ is not one of its protection domain");
        }
        if (cap.maxSendWr() < 0 || cap.maxSendWr() > dev.maxQpWr() || cap.maxRecvWr() < 0
                || cap.maxRecvWr() > dev.maxQpWr() || cap.maxSendSge() < 0 || cap.maxSendSge() > dev.maxSge()
                || cap.maxRecvSge() < 0 || cap.maxRecvSge() > dev.maxSge() || cap.maxInlineData() < 0) {
            throw new VerbsException(Errno.EINVAL, "QP capabilities " + cap + " are beyond the device's");
        }
        SimQp qp = new SimQp(pd, init, pd.ctx.hca.allocQpn());
        qp.sendCq.users++;
        qp.recvCq.users++;
        if (qp.srq != null) {
            qp.srq.users++;
        }
        qp.attr.cap(cap);
        SimRestrack.changed();
        return qp;
    }

    @Override
    public int qpNum() {
        return qpn;
    }

    @Override
    public QpType type() {
        return init.type();
    }

    @Override
    public QpState state() {
        synchronized (pd.ctx.wire) {
            return state;
        }
    }

    @Override
    public QpInitAttr initAttr() {
        return init;
    }

    @Override
    public QpAttr query() {
        synchronized (pd.ctx.wire) {
            return attr.copy().qpState(state).curQpState(state).sqDrainNotify(drainNotify);
        }
    }

    private static VerbsException einval(String why) {
        return new VerbsException(Errno.EINVAL, why);
    }

    @Override
    public void modify(QpAttr a, int mask) throws VerbsException {
        synchronized (pd.ctx.wire) {
            pd.ctx.check();
            if (destroyed) {
                throw einval("the QP is destroyed");
            }
            QpState cur = (mask & CUR_STATE) != 0 ? a.curQpState() : state;
            QpState next = (mask & STATE) != 0 ? a.qpState() : cur;
            if (cur == null || next == null) {
                throw einval("no state given");
            }
            if (!QpTransitions.isOk(cur, next, type(), mask)) {
                throw einval(type() + " QP " + cur + " -> " + next + " refuses attribute mask " + QpAttrMask.names(mask)
                        + " (requires " + QpAttrMask.names(QpTransitions.required(cur, next, type())) + ", accepts "
                        + QpAttrMask.names(QpTransitions.optional(cur, next, type())) + ")");
            }
            if (cur != state) {
                throw einval("the QP is in " + state + ", not " + cur);
            }
            checkValues(a, mask);
            apply(a, mask);
            enter(next, (mask & EN_SQD_ASYNC_NOTIFY) != 0 && a.sqDrainNotify());
        }
    }

    private void checkValues(QpAttr a, int mask) throws VerbsException {
        var dev = pd.ctx.hca.attr();
        if ((mask & PORT) != 0) {
            pd.ctx.checkPort(a.portNum());
        }
        if ((mask & PKEY_INDEX) != 0 && (a.pkeyIndex() < 0 || a.pkeyIndex() >= 128)) {
            throw einval("P_Key index " + a.pkeyIndex() + " is beyond the table (0..127)");
        }
        if ((mask & PATH_MTU) != 0 && (a.pathMtu() < Mtu.MTU_256 || a.pathMtu() > Mtu.MTU_4096)) {
            throw einval("path MTU code " + a.pathMtu() + " (1..5)");
        }
        if ((mask & TIMEOUT) != 0 && (a.timeout() < 0 || a.timeout() > 31)) {
            throw einval("timeout " + a.timeout() + " (0..31)");
        }
        if ((mask & RETRY_CNT) != 0 && (a.retryCnt() < 0 || a.retryCnt() > 7)) {
            throw einval("retry count " + a.retryCnt() + " (0..7)");
        }
        if ((mask & RNR_RETRY) != 0 && (a.rnrRetry() < 0 || a.rnrRetry() > 7)) {
            throw einval("RNR retry " + a.rnrRetry() + " (0..7)");
        }
        if ((mask & MIN_RNR_TIMER) != 0 && (a.minRnrTimer() < 0 || a.minRnrTimer() > 31)) {
            throw einval("minimum RNR timer " + a.minRnrTimer() + " (0..31)");
        }
        if ((mask & MAX_QP_RD_ATOMIC) != 0 && (a.maxRdAtomic() < 0 || a.maxRdAtomic() > dev.maxQpInitRdAtom())) {
            throw einval("max_rd_atomic " + a.maxRdAtomic() + " (0.." + dev.maxQpInitRdAtom() + ")");
        }
        if ((mask & MAX_DEST_RD_ATOMIC) != 0 && (a.maxDestRdAtomic() < 0 || a.maxDestRdAtomic() > dev.maxQpRdAtom())) {
            throw einval("max_dest_rd_atomic " + a.maxDestRdAtomic() + " (0.." + dev.maxQpRdAtom() + ")");
        }
        if ((mask & DEST_QPN) != 0 && (a.destQpNum() & ~0xFFFFFF) != 0) {
            throw einval("destination QPN 0x" + Integer.toHexString(a.destQpNum()) + " is over 24 bits");
        }
        if ((mask & AV) != 0) {
            AhAttr av = a.ahAttr();
            if (av == null || av.dlid() <= 0 || av.dlid() >= 0xC000) {
                throw einval("the address vector needs a unicast DLID");
            }
            pd.ctx.checkPort(av.portNum());
        }
        if ((mask & ACCESS_FLAGS) != 0 && (a.qpAccessFlags() & ~org.infiniscope.verbs.Access.ALL) != 0) {
            throw einval("unknown QP access flags 0x" + Integer.toHexString(a.qpAccessFlags()));
        }
    }

    private void apply(QpAttr a, int mask) {
        if ((mask & PORT) != 0) {
            attr.portNum(a.portNum());
        }
        if ((mask & PKEY_INDEX) != 0) {
            attr.pkeyIndex(a.pkeyIndex());
        }
        if ((mask & QKEY) != 0) {
            attr.qkey(a.qkey());
        }
        if ((mask & ACCESS_FLAGS) != 0) {
            attr.qpAccessFlags(a.qpAccessFlags());
        }
        if ((mask & AV) != 0) {
            attr.ahAttr(a.ahAttr());
        }
        if ((mask & QpAttrMask.ALT_PATH) != 0) {
            attr.altAhAttr(a.altAhAttr());
        }
        if ((mask & PATH_MTU) != 0) {
            attr.pathMtu(a.pathMtu());
        }
        if ((mask & DEST_QPN) != 0) {
            attr.destQpNum(a.destQpNum());
        }
        if ((mask & RQ_PSN) != 0) {
            attr.rqPsn(a.rqPsn() & 0xFFFFFF);
            epsn = attr.rqPsn();
        }
        if ((mask & SQ_PSN) != 0) {
            attr.sqPsn(a.sqPsn() & 0xFFFFFF);
        }
        if ((mask & MAX_DEST_RD_ATOMIC) != 0) {
            attr.maxDestRdAtomic(a.maxDestRdAtomic());
        }
        if ((mask & MAX_QP_RD_ATOMIC) != 0) {
            attr.maxRdAtomic(a.maxRdAtomic());
        }
        if ((mask & MIN_RNR_TIMER) != 0) {
            attr.minRnrTimer(a.minRnrTimer());
        }
        if ((mask & TIMEOUT) != 0) {
            attr.timeout(a.timeout());
        }
        if ((mask & RETRY_CNT) != 0) {
            attr.retryCnt(a.retryCnt());
            retriesLeft = a.retryCnt();
        }
        if ((mask & RNR_RETRY) != 0) {
            attr.rnrRetry(a.rnrRetry());
            rnrLeft = a.rnrRetry();
        }
    }

    private void enter(QpState next, boolean notifyDrain) {
        QpState was = state;
        state = next;
        if (was != next) {
            SimRestrack.changed();
        }
        switch (next) {
            case RESET -> reset();
            case ERR -> flush();
            case SQD -> {
                if (was == QpState.RTS) {
                    drainNotify = notifyDrain;
                    drained();
                }
            }
            case RTS -> kick();
            default -> {
            }
        }
    }

    /** Back to RESET: the queues are emptied without completions, and the QP's completions leave its CQs. */
    private void reset() {
        cancelTimer();
        sq.clear();
        rq.clear();
        sendCq.purge(qpn);
        recvCq.purge(qpn);
        QpAttr fresh = new QpAttr();
        attr.portNum(fresh.portNum()).pkeyIndex(0).qkey(0).qpAccessFlags(0).ahAttr(null).altAhAttr(null)
                .pathMtu(fresh.pathMtu()).destQpNum(0).rqPsn(0).sqPsn(0).maxDestRdAtomic(0).maxRdAtomic(0)
                .minRnrTimer(0).timeout(0).retryCnt(0).rnrRetry(0);
        epsn = 0;
        waiting = false;
        drainNotify = false;
        responder.clear();
    }

    /** Moves to ERR: every outstanding work request completes flushed. */
    void toError() {
        state = QpState.ERR;
        SimRestrack.changed();
        flush();
    }

    private void flush() {
        cancelTimer();
        waiting = false;
        while (!sq.isEmpty()) {
            SendWr wr = sq.poll();
            sendCq.add(wc(wr.wrId(), WcStatus.WR_FLUSH_ERR, opcode(wr.opcode()), 0), false);
        }
        while (!rq.isEmpty()) {
            recvCq.add(wc(rq.poll().wrId(), WcStatus.WR_FLUSH_ERR, WcOpcode.RECV, 0), false);
        }
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    WorkCompletion wc(long wrId, WcStatus status, WcOpcode op, int len) {
        return new WorkCompletion(wrId, status, op, len, 0, false, qpn, 0, 0);
    }

    static WcOpcode opcode(WrOpcode op) {
        return switch (op) {
            case SEND, SEND_WITH_IMM -> WcOpcode.SEND;
            case RDMA_WRITE, RDMA_WRITE_WITH_IMM -> WcOpcode.RDMA_WRITE;
            case RDMA_READ -> WcOpcode.RDMA_READ;
            case ATOMIC_CMP_AND_SWP -> WcOpcode.COMP_SWAP;
            case ATOMIC_FETCH_AND_ADD -> WcOpcode.FETCH_ADD;
        };
    }

    @Override
    public void postSend(SendWr wr) throws VerbsException {
        synchronized (pd.ctx.wire) {
            pd.ctx.check();
            if (state == QpState.RESET || state == QpState.INIT || state == QpState.RTR) {
                throw einval("a QP in " + state + " takes no sends");
            }
            if (wr.sgList().size() > attr.cap().maxSendSge()) {
                throw einval(wr.sgList().size() + " SGEs in a send: the QP takes " + attr.cap().maxSendSge());
            }
            switch (type()) {
                case UD -> {
                    if (wr.opcode() != WrOpcode.SEND && wr.opcode() != WrOpcode.SEND_WITH_IMM || wr.ah() == null) {
                        throw einval("a UD QP sends SEND or SEND_WITH_IMM through an address handle");
                    }
                }
                case UC -> {
                    if (wr.opcode() == WrOpcode.RDMA_READ || wr.opcode() == WrOpcode.ATOMIC_CMP_AND_SWP
                            || wr.opcode() == WrOpcode.ATOMIC_FETCH_AND_ADD) {
                        throw einval("a UC QP has no " + wr.opcode());
                    }
                }
                default -> {
                }
            }
            if (sq.size() >= attr.cap().maxSendWr()) {
                throw new VerbsException(Errno.ENOMEM, "the send queue is full (" + attr.cap().maxSendWr() + ")");
            }
            if (state == QpState.ERR || state == QpState.SQE) {
                sendCq.add(wc(wr.wrId(), WcStatus.WR_FLUSH_ERR, opcode(wr.opcode()), 0), false);
                return;
            }
            sq.add(wr);
            if (state == QpState.RTS) {
                kick();
            }
        }
    }

    @Override
    public void postRecv(RecvWr wr) throws VerbsException {
        synchronized (pd.ctx.wire) {
            pd.ctx.check();
            if (srq != null) {
                throw einval("the QP takes its receives from an SRQ");
            }
            if (state == QpState.RESET) {
                throw einval("a QP in RESET takes no receives");
            }
            if (wr.sgList().size() > attr.cap().maxRecvSge()) {
                throw einval(wr.sgList().size() + " SGEs in a receive: the QP takes " + attr.cap().maxRecvSge());
            }
            if (rq.size() >= attr.cap().maxRecvWr()) {
                throw new VerbsException(Errno.ENOMEM, "the receive queue is full (" + attr.cap().maxRecvWr() + ")");
            }
            if (state == QpState.ERR) {
                recvCq.add(wc(wr.wrId(), WcStatus.WR_FLUSH_ERR, WcOpcode.RECV, 0), false);
                return;
            }
            rq.add(wr);
        }
    }

    /** @return the next receive work request, from the SRQ or the QP's own queue, or null */
    RecvWr takeRecv() {
        return srq != null ? srq.take() : rq.poll();
    }

    private void kick() {
        pd.ctx.wire.later(this::progress);
    }

    /** Sends what the send queue holds, one message at a time, while the QP is in RTS and not waiting. */
    void progress() {
        while (!destroyed && state == QpState.RTS && !waiting && !sq.isEmpty()) {
            if (!Requester.transmit(this, sq.peek())) {
                return;
            }
        }
    }

    /** The head message is done (completed or failed): the next one's turn, and the retry budgets refill. */
    void next(int packets) {
        sq.poll();
        messagesSent++;
        attr.sqPsn((attr.sqPsn() + packets) & 0xFFFFFF);
        retriesLeft = attr.retryCnt();
        rnrLeft = attr.rnrRetry();
        drained();
    }

    private void drained() {
        if (state == QpState.SQD && drainNotify && !waiting) {
            drainNotify = false;
            pd.ctx.event(org.infiniscope.verbs.AsyncEventType.SQ_DRAINED, this, null, null, 0);
        }
    }

    /**
     * The head message got no answer in time (or a sequence NAK): retransmit it after the local ACK timeout while
     * retries are left.
     *
     * @return false when the retries ran out
     */
    boolean retryAfterTimeout() {
        if (attr.timeout() == 0) {
            waiting = true; // an infinite timeout: the QP waits for ever, as the spec has it
            return true;
        }
        if (retriesLeft == 0) {
            return false;
        }
        retriesLeft--;
        retries++;
        waitFor((long) (4096L << attr.timeout()));
        return true;
    }

    /** @return false when the RNR retries ran out (7 is infinite) */
    boolean retryAfterRnr(int timerCode) {
        if (attr.rnrRetry() != 7) {
            if (rnrLeft == 0) {
                return false;
            }
            rnrLeft--;
        }
        rnrRetries++;
        waitFor(rnrNanos(timerCode));
        return true;
    }

    private void waitFor(long nanos) {
        waiting = true;
        timer = pd.ctx.wire.after(nanos, () -> {
            timer = null;
            waiting = false;
            progress();
            drained();
        });
    }

    private static final double[] RNR_MS = {655.36, 0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12, 0.16, 0.24, 0.32, 0.48,
            0.64, 0.96, 1.28, 1.92, 2.56, 3.84, 5.12, 7.68, 10.24, 15.36, 20.48, 30.72, 40.96, 61.44, 81.92, 122.88,
            163.84, 245.76, 327.68, 491.52};

    /** @return the RNR NAK timer of a code (IBA table 45) */
    static long rnrNanos(int code) {
        return (long) (RNR_MS[code & 31] * 1e6);
    }

    /** A local error on the send side: RC goes to ERR, UC and UD to SQE. */
    void sendError(SendWr wr, WcStatus status) {
        sq.poll();
        lastError = status;
        sendCq.add(wc(wr.wrId(), status, opcode(wr.opcode()), 0), false);
        if (type() == QpType.RC) {
            toError();
        } else {
            state = QpState.SQE;
            SimRestrack.changed();
            while (!sq.isEmpty()) {
                SendWr w = sq.poll();
                sendCq.add(wc(w.wrId(), WcStatus.WR_FLUSH_ERR, opcode(w.opcode()), 0), false);
            }
        }
    }

    boolean signaled(SendWr wr) {
        return wr.signaled() || init.sqSigAll();
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.ctx.wire) {
            destroy();
        }
    }

    void destroy() {
        if (destroyed) {
            return;
        }
        destroyed = true;
        cancelTimer();
        sendCq.users--;
        recvCq.users--;
        if (srq != null) {
            srq.users--;
        }
        pd.qps.remove(this);
        pd.ctx.hca.qps.remove(qpn);
        SimRestrack.changed();
    }

    boolean destroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return type() + " QP 0x" + Integer.toHexString(qpn) + " (" + state + ")";
    }
}
