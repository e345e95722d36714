package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.Sge;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;

/** Makes QPs and drives them to a state, for the state machine tests. */
final class QpHarness implements AutoCloseable {

    final SimVerbsProvider verbs = TwoHosts.unrouted();
    final Context ctx;
    final ProtectionDomain pd;
    final CompletionQueue cq;

    QpHarness() throws Exception {
        ctx = verbs.open(verbs.device("h1"));
        pd = ctx.allocPd();
        cq = ctx.createCq(4096, null, 0);
    }

    QueuePair create(QpType type) throws Exception {
        return pd.createQp(new QpInitAttr(type, cq, cq, null, new QpCap(16, 16, 2, 2, 0), false));
    }

    /** @return attributes with every field set to a value the device takes */
    static QpAttr full(QpState next, QpState cur) {
        AhAttr av = AhAttr.toLid(7, 1);
        return new QpAttr().qpState(next).curQpState(cur).pkeyIndex(0).portNum(1).qkey(Peer.QKEY)
                .qpAccessFlags(Access.REMOTE_WRITE | Access.REMOTE_READ).ahAttr(av).altAhAttr(av).pathMtu(Mtu.MTU_2048)
                .destQpNum(0x123).rqPsn(5).sqPsn(5).maxDestRdAtomic(2).maxRdAtomic(2).minRnrTimer(12).timeout(14)
                .retryCnt(7).rnrRetry(7).sqDrainNotify(true);
    }

    /** Drives a fresh QP to {@code state} (SQE: UD and UC only, by a send with an unknown lkey). */
    void drive(QueuePair qp, QpState state) throws Exception {
        switch (state) {
            case RESET -> {
            }
            case INIT -> Peer.init(qp);
            case RTR -> {
                drive(qp, QpState.INIT);
                Peer.rtr(qp, 7, 0x123, 12);
            }
            case RTS -> {
                drive(qp, QpState.RTR);
                Peer.rts(qp, 14, 7, 7);
            }
            case SQD -> {
                drive(qp, QpState.RTS);
                qp.modify(new QpAttr().qpState(QpState.SQD), QpAttrMask.STATE);
            }
            case ERR -> {
                drive(qp, QpState.INIT); // the kernel's table has no RESET -> ERR
                qp.modify(new QpAttr().qpState(QpState.ERR), QpAttrMask.STATE);
            }
            case SQE -> sendError(qp);
        }
        assertEquals(state, qp.state(), "driven to " + state);
    }

    /** From RTS, a send whose lkey names no region: UD and UC go to SQE. */
    void sendError(QueuePair qp) throws Exception {
        if (qp.state() != QpState.RTS) {
            drive(qp, QpState.RTS);
        }
        var ah = qp.type() == QpType.UD ? pd.createAh(AhAttr.toLid(7, 1)) : null;
        SendWr wr = qp.type() == QpType.UD
                ? SendWr.sendUd(99, new Sge(0x1000, 8, 0xBAD), ah, 0x123, Peer.QKEY)
                : SendWr.send(99, new Sge(0x1000, 8, 0xBAD));
        qp.postSend(wr);
        WorkCompletion wc = awaitOne();
        assertEquals(WcStatus.LOC_PROT_ERR, wc.status(), "a send with an unknown lkey");
        if (ah != null) {
            ah.close();
        }
    }

    WorkCompletion awaitOne() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            var got = cq.poll(1);
            if (!got.isEmpty()) {
                return got.get(0);
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no completion within 10 s");
    }

    void drain() throws Exception {
        while (!cq.poll(64).isEmpty()) {
            // flushed completions of QPs moved to ERR
        }
    }

    @Override
    public void close() {
        ctx.close();
        verbs.close();
    }
}
