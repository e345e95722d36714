package org.infiniscope.verbs.internal.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.foreign.ValueLayout;
import java.time.Duration;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WrOpcode;
import org.infiniscope.verbs.sim.Peer;
import org.infiniscope.verbs.sim.TwoHosts;
import org.junit.jupiter.api.Test;

/**
 * The responder's PSN rules, driven with requests of the test's own (a retry after a lost response cannot be made
 * on a fabric whose links fail both ways at once): a duplicate is answered again and not executed twice, a PSN
 * ahead is a sequence NAK, a request from another QP is dropped. Also the send queue drain event.
 */
class ResponderTest {

    private static Packet fetchAdd(int psn, int srcQpn, int slid, long addr, int rkey) {
        return new Packet(QpType.RC, WrOpcode.ATOMIC_FETCH_AND_ADD, psn, 1, null, 8, addr, rkey, 5, 0, 0, false, srcQpn,
                slid, 0, 0);
    }

    @Test
    void duplicatesAreAnsweredOnceExecutedAndPsnsAheadAreNaked() throws Exception {
        try (TwoHosts fabric = new TwoHosts(); Peer a = fabric.peer("h1"); Peer b = fabric.peer("h2")) {
            QueuePair qa = a.qp(QpType.RC);
            QueuePair qb = b.qp(QpType.RC);
            Peer.connect(qa, a, qb, b, 14, 7, 7);
            java.lang.foreign.MemorySegment memory = b.memory(4096);
            MemoryRegion mr = b.pd.registerMemory(memory, Access.LOCAL_WRITE | Access.REMOTE_ATOMIC);
            SimQp responder = (SimQp) qb;
            SimWire wire = responder.pd.ctx.wire;
            synchronized (wire) {
                int epsn = responder.epsn;
                Packet p = fetchAdd(epsn, qa.qpNum(), a.lid, mr.addr(), mr.rkey());
                Response first = responder.responder.handle(p, 1);
                Response again = responder.responder.handle(p, 1);
                assertEquals(Response.Kind.ACK, first.kind());
                assertArrayEquals(first.data(), again.data(), "the duplicate gets the first answer");
                assertEquals(5, memory.get(ValueLayout.JAVA_LONG, 0), "added once");
                assertEquals((epsn + 1) & 0xFFFFFF, responder.epsn);
                assertEquals(Response.Kind.NAK_SEQ, responder.responder
                        .handle(fetchAdd(epsn + 5, qa.qpNum(), a.lid, mr.addr(), mr.rkey()), 1).kind());
                assertNull(
                        responder.responder.handle(fetchAdd(epsn + 1, qa.qpNum() + 1, a.lid, mr.addr(), mr.rkey()), 1),
                        "not the connected QP: dropped");
            }
            assertEquals(QpState.RTS, qb.state());
        }
    }

    @Test
    void rtsToSqdWithNotificationRaisesSqDrained() throws Exception {
        try (TwoHosts fabric = new TwoHosts(); Peer a = fabric.peer("h1"); Peer b = fabric.peer("h2")) {
            QueuePair qa = a.qp(QpType.RC);
            QueuePair qb = b.qp(QpType.RC);
            Peer.connect(qa, a, qb, b, 14, 7, 7);
            qa.modify(new QpAttr().qpState(QpState.SQD).sqDrainNotify(true),
                    QpAttrMask.STATE | QpAttrMask.EN_SQD_ASYNC_NOTIFY);
            var ev = a.ctx.getAsyncEvent(Peer.DEADLINE).orElseThrow();
            assertEquals(AsyncEventType.SQ_DRAINED, ev.type());
            assertEquals(qa, ev.qp());
            // sends posted in SQD wait for RTS
            MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
            MemoryRegion md = b.mr(4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
            qa.postSend(SendWr.write(1, ms.sge(0, 8), md.addr(), md.rkey()));
            assertEquals(0, a.cq.poll(1).size());
            qa.modify(new QpAttr().qpState(QpState.RTS), QpAttrMask.STATE);
            assertEquals(WcStatus.SUCCESS, a.await().status());
            assertEquals(java.util.Optional.empty(), a.ctx.getAsyncEvent(Duration.ZERO));
        }
    }
}
