package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.WorkCompletion;

/** One host's verbs objects for a test: a context, a PD, a channel and a CQ, and memory to register. */
public final class Peer implements AutoCloseable {

    public static final Duration DEADLINE = Duration.ofSeconds(10);
    static final int QKEY = 0x11111111;

    final String node;
    public final int lid;
    public final Context ctx;
    public final ProtectionDomain pd;
    final CompletionChannel channel;
    public final CompletionQueue cq;
    private final Arena arena = Arena.ofShared();

    Peer(SimVerbsProvider verbs, String node, int lid) throws VerbsException {
        this.node = node;
        this.lid = lid;
        this.ctx = verbs.open(verbs.device(node));
        this.pd = ctx.allocPd();
        this.channel = ctx.createCompChannel();
        this.cq = ctx.createCq(256, channel, 0);
    }

    public QueuePair qp(QpType type) throws VerbsException {
        return pd.createQp(new QpInitAttr(type, cq, cq, null, new QpCap(64, 64, 4, 4, 0), false));
    }

    public MemoryRegion mr(int size, int access) throws VerbsException {
        return pd.registerMemory(memory(size), access);
    }

    public MemorySegment memory(int size) {
        return arena.allocate(size, 4096);
    }

    /** Waits for {@code n} completions, sleeping on the completion channel between polls. */
    public List<WorkCompletion> await(int n) throws Exception {
        List<WorkCompletion> out = new ArrayList<>();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            out.addAll(cq.poll(n - out.size()));
            if (out.size() >= n) {
                return out;
            }
            cq.reqNotify(false);
            out.addAll(cq.poll(n - out.size())); // what came between the poll and the arming
            if (out.size() >= n) {
                return out;
            }
            long left = deadline - System.nanoTime();
            assertTrue(left > 0, node + ": " + out.size() + " of " + n + " completions within " + DEADLINE);
            Optional<CompletionQueue> ev = channel.getCqEvent(Duration.ofNanos(left));
            ev.ifPresent(c -> c.ackEvents(1));
        }
    }

    public WorkCompletion await() throws Exception {
        return await(1).get(0);
    }

    /** RESET to INIT. */
    static void init(QueuePair qp) throws VerbsException {
        QpAttr a = new QpAttr().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qkey(QKEY)
                .qpAccessFlags(Access.REMOTE_WRITE | Access.REMOTE_READ | Access.REMOTE_ATOMIC);
        int mask = QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT
                | (qp.type() == QpType.UD ? QpAttrMask.QKEY : QpAttrMask.ACCESS_FLAGS);
        qp.modify(a, mask);
    }

    /** INIT to RTR towards the remote QP. */
    static void rtr(QueuePair qp, int dlid, int destQpn, int minRnrTimer) throws VerbsException {
        QpAttr a = new QpAttr().qpState(QpState.RTR).ahAttr(AhAttr.toLid(dlid, 1)).pathMtu(Mtu.MTU_1024)
                .destQpNum(destQpn).rqPsn(0x100).maxDestRdAtomic(4).minRnrTimer(minRnrTimer);
        int mask = QpAttrMask.STATE;
        if (qp.type() != QpType.UD) {
            mask |= QpAttrMask.AV | QpAttrMask.PATH_MTU | QpAttrMask.DEST_QPN | QpAttrMask.RQ_PSN;
        }
        if (qp.type() == QpType.RC) {
            mask |= QpAttrMask.MAX_DEST_RD_ATOMIC | QpAttrMask.MIN_RNR_TIMER;
        }
        qp.modify(a, mask);
    }

    /** RTR to RTS. */
    static void rts(QueuePair qp, int timeout, int retry, int rnrRetry) throws VerbsException {
        QpAttr a = new QpAttr().qpState(QpState.RTS).sqPsn(0x100).timeout(timeout).retryCnt(retry).rnrRetry(rnrRetry)
                .maxRdAtomic(4);
        int mask = QpAttrMask.STATE | QpAttrMask.SQ_PSN;
        if (qp.type() == QpType.RC) {
            mask |= QpAttrMask.TIMEOUT | QpAttrMask.RETRY_CNT | QpAttrMask.RNR_RETRY | QpAttrMask.MAX_QP_RD_ATOMIC;
        }
        qp.modify(a, mask);
    }

    /** Connects two QPs of the same type, both to RTS. */
    public static void connect(QueuePair a, Peer pa, QueuePair b, Peer pb, int timeout, int retry, int rnrRetry)
            throws VerbsException {
        init(a);
        init(b);
        rtr(a, pb.lid, b.qpNum(), 1);
        rtr(b, pa.lid, a.qpNum(), 1);
        rts(a, timeout, retry, rnrRetry);
        rts(b, timeout, retry, rnrRetry);
    }

    @Override
    public void close() {
        ctx.close();
        arena.close();
    }
}
