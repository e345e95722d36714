package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AddressHandle;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.AsyncEvent;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcOpcode;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Data between h1 and h2 through two switches: send/receive, RDMA, atomics, checks, RNR, UD and UC. */
class DataPathTest {

    private static final int ALL_REMOTE = Access.LOCAL_WRITE | Access.REMOTE_WRITE | Access.REMOTE_READ
            | Access.REMOTE_ATOMIC;

    private TwoHosts fabric;
    private Peer a;
    private Peer b;

    @BeforeEach
    void up() throws Exception {
        fabric = new TwoHosts();
        a = fabric.peer("h1");
        b = fabric.peer("h2");
    }

    @AfterEach
    void down() {
        a.close();
        b.close();
        fabric.close();
    }

    private QueuePair[] rc(int timeout, int retry, int rnrRetry) throws Exception {
        QueuePair qa = a.qp(QpType.RC);
        QueuePair qb = b.qp(QpType.RC);
        Peer.connect(qa, a, qb, b, timeout, retry, rnrRetry);
        return new QueuePair[]{qa, qb};
    }

    private static void put(MemoryRegion mr, MemorySegment seg, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, seg, 0, bytes.length);
    }

    @Test
    void sendAndReceiveCrossTheSwitchesAndMoveTheCounters() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemorySegment src = a.memory(8192);
        MemorySegment dst = b.memory(8192);
        MemoryRegion ms = a.pd.registerMemory(src, Access.LOCAL_WRITE);
        MemoryRegion md = b.pd.registerMemory(dst, Access.LOCAL_WRITE);
        for (int i = 0; i < 5000; i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 7));
        }
        long xmitBefore = fabric.counter("h1", 1, PortCounter.PORT_XMIT_PKTS);
        long spineBefore = fabric.counter("sw2", 2, PortCounter.PORT_RCV_PKTS);
        long ackBefore = fabric.counter("h2", 1, PortCounter.PORT_XMIT_PKTS);
        q[1].postRecv(RecvWr.of(21, md.sge()));
        q[0].postSend(SendWr.send(11, ms.sge(0, 5000)).withImm(0xCAFE));
        WorkCompletion sent = a.await();
        WorkCompletion got = b.await();
        assertEquals(new WorkCompletion(11, WcStatus.SUCCESS, WcOpcode.SEND, 5000, 0, false, q[0].qpNum(), 0, 0), sent);
        assertEquals(WcStatus.SUCCESS, got.status());
        assertEquals(21, got.wrId());
        assertEquals(WcOpcode.RECV, got.opcode());
        assertEquals(5000, got.byteLen());
        assertTrue(got.withImm());
        assertEquals(0xCAFE, got.immData());
        assertEquals(q[0].qpNum(), got.srcQp());
        assertEquals(a.lid, got.slid());
        assertArrayEquals(src.asSlice(0, 5000).toArray(ValueLayout.JAVA_BYTE),
                dst.asSlice(0, 5000).toArray(ValueLayout.JAVA_BYTE));
        // 5000 bytes at a 1024-byte path MTU: 5 packets one way; the ACK comes back
        assertEquals(5, fabric.counter("h1", 1, PortCounter.PORT_XMIT_PKTS) - xmitBefore);
        assertEquals(5, fabric.counter("sw2", 2, PortCounter.PORT_RCV_PKTS) - spineBefore);
        assertEquals(1, fabric.counter("h2", 1, PortCounter.PORT_XMIT_PKTS) - ackBefore);
        assertEquals(0x105, q[0].query().sqPsn(), "five PSNs used from 0x100");
    }

    @Test
    void rdmaWriteReadAndAtomics() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemorySegment local = a.memory(4096);
        MemorySegment remote = b.memory(4096);
        MemoryRegion ml = a.pd.registerMemory(local, Access.LOCAL_WRITE);
        MemoryRegion mr = b.pd.registerMemory(remote, ALL_REMOTE);
        put(ml, local, "written by h1");
        q[0].postSend(SendWr.write(1, ml.sge(0, 13), mr.addr() + 100, mr.rkey()));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertEquals("written by h1",
                new String(remote.asSlice(100, 13).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));

        put(mr, remote.asSlice(2000), "read from h2");
        q[0].postSend(SendWr.read(2, ml.sge(500, 12), mr.addr() + 2000, mr.rkey()));
        WorkCompletion read = a.await();
        assertEquals(WcOpcode.RDMA_READ, read.opcode());
        assertEquals(12, read.byteLen());
        assertEquals("read from h2",
                new String(local.asSlice(500, 12).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));

        remote.set(ValueLayout.JAVA_LONG, 64, 40);
        q[0].postSend(SendWr.fetchAndAdd(3, ml.sge(1024, 8), mr.addr() + 64, mr.rkey(), 2));
        assertEquals(WcOpcode.FETCH_ADD, a.await().opcode());
        assertEquals(40, local.get(ValueLayout.JAVA_LONG, 1024), "the original value comes back");
        assertEquals(42, remote.get(ValueLayout.JAVA_LONG, 64));

        q[0].postSend(SendWr.compareAndSwap(4, ml.sge(1032, 8), mr.addr() + 64, mr.rkey(), 41, 99));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertEquals(42, remote.get(ValueLayout.JAVA_LONG, 64), "41 did not match: no swap");
        q[0].postSend(SendWr.compareAndSwap(5, ml.sge(1040, 8), mr.addr() + 64, mr.rkey(), 42, 99));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertEquals(99, remote.get(ValueLayout.JAVA_LONG, 64));
        assertEquals(42, local.get(ValueLayout.JAVA_LONG, 1040));
    }

    @Test
    void aWriteOutsideTheRegionIsARemoteAccessError() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemoryRegion ml = a.mr(4096, Access.LOCAL_WRITE);
        MemoryRegion readOnly = b.mr(4096, Access.REMOTE_READ);
        q[0].postSend(SendWr.write(7, ml.sge(0, 16), readOnly.addr(), readOnly.rkey()));
        q[0].postSend(SendWr.send(8, ml.sge(0, 16)));
        List<WorkCompletion> wcs = a.await(2);
        assertEquals(WcStatus.REM_ACCESS_ERR, wcs.get(0).status());
        assertEquals(WcStatus.WR_FLUSH_ERR, wcs.get(1).status(), "what follows is flushed");
        assertEquals(QpState.ERR, q[0].state());
        assertEquals(QpState.ERR, q[1].state(), "the responder goes to ERR too");
        AsyncEvent ev = b.ctx.getAsyncEvent(Peer.DEADLINE).orElseThrow();
        assertEquals(AsyncEventType.QP_ACCESS_ERR, ev.type());
        assertEquals(q[1], ev.qp());
    }

    @Test
    void aMisalignedAtomicIsAnInvalidRequest() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemoryRegion ml = a.mr(4096, Access.LOCAL_WRITE);
        MemoryRegion mr = b.mr(4096, ALL_REMOTE);
        q[0].postSend(SendWr.fetchAndAdd(1, ml.sge(0, 8), mr.addr() + 4, mr.rkey(), 1));
        assertEquals(WcStatus.REM_INV_REQ_ERR, a.await().status());
    }

    @Test
    void noReceivePostedIsAnRnrNakUntilOneIs() throws Exception {
        QueuePair[] q = rc(14, 7, 7); // RNR retry 7: for ever
        MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
        MemoryRegion md = b.mr(4096, Access.LOCAL_WRITE);
        q[0].postSend(SendWr.send(1, ms.sge(0, 64)));
        assertTrue(a.cq.poll(1).isEmpty(), "no receive: the send waits");
        q[1].postRecv(RecvWr.of(2, md.sge()));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertEquals(64, b.await().byteLen());
    }

    @Test
    void rnrRetriesRunOut() throws Exception {
        QueuePair[] q = rc(14, 7, 2);
        MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
        q[0].postSend(SendWr.send(1, ms.sge(0, 64)));
        WorkCompletion wc = a.await();
        assertEquals(WcStatus.RNR_RETRY_EXC_ERR, wc.status());
        assertEquals(QpState.ERR, q[0].state());
    }

    @Test
    void errFlushesAndResetPurgesTheQpsCompletions() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
        for (int i = 0; i < 3; i++) {
            q[0].postSend(SendWr.send(i, ms.sge(0, 8))); // no receive posted: RNR NAKs, for ever
        }
        q[0].modify(new org.infiniscope.verbs.QpAttr().qpState(QpState.ERR), org.infiniscope.verbs.QpAttrMask.STATE);
        List<WorkCompletion> flushed = a.await(3);
        assertTrue(flushed.stream().allMatch(wc -> wc.status() == WcStatus.WR_FLUSH_ERR), flushed.toString());
        q[0].postSend(SendWr.send(9, ms.sge(0, 8)));
        assertEquals(WcStatus.WR_FLUSH_ERR, a.await().status(), "a send posted in ERR completes flushed");
        q[0].postSend(SendWr.send(10, ms.sge(0, 8)));
        q[0].modify(new org.infiniscope.verbs.QpAttr().qpState(QpState.RESET), org.infiniscope.verbs.QpAttrMask.STATE);
        assertTrue(a.cq.poll(10).isEmpty(), "RESET takes the QP's completions out of its CQ");
        assertEquals(QpState.RESET, q[0].state());
        assertEquals(0, q[0].query().sqPsn());
    }

    @Test
    void udDatagramsLeaveRoomForTheGrhAndCheckTheQkey() throws Exception {
        QueuePair ua = a.qp(QpType.UD);
        QueuePair ub = b.qp(QpType.UD);
        for (QueuePair qp : new QueuePair[]{ua, ub}) {
            Peer.init(qp);
            Peer.rtr(qp, 0, 0, 0);
            Peer.rts(qp, 0, 0, 0);
        }
        MemorySegment src = a.memory(4096);
        MemoryRegion ms = a.pd.registerMemory(src, Access.LOCAL_WRITE);
        MemorySegment dst = b.memory(4096);
        MemoryRegion md = b.pd.registerMemory(dst, Access.LOCAL_WRITE);
        put(ms, src, "datagram");
        AddressHandle ah = a.pd.createAh(AhAttr.toLid(b.lid, 1));
        ub.postRecv(RecvWr.of(5, md.sge()));
        ua.postSend(SendWr.sendUd(6, ms.sge(0, 8), ah, ub.qpNum(), Peer.QKEY + 1)); // wrong Q_Key: dropped
        ua.postSend(SendWr.sendUd(7, ms.sge(0, 8), ah, ub.qpNum(), Peer.QKEY));
        List<WorkCompletion> sent = a.await(2);
        assertEquals(WcStatus.SUCCESS, sent.get(0).status(), "a datagram completes when sent");
        WorkCompletion got = b.await();
        assertEquals(5, got.wrId());
        assertEquals(40 + 8, got.byteLen(), "a GRH's 40 bytes, then the data");
        assertEquals(ua.qpNum(), got.srcQp());
        assertEquals("datagram",
                new String(dst.asSlice(40, 8).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
        assertTrue(b.cq.poll(1).isEmpty(), "the datagram with the wrong Q_Key was dropped");
    }

    @Test
    void ucWritesNeedNoAck() throws Exception {
        QueuePair qa = a.qp(QpType.UC);
        QueuePair qb = b.qp(QpType.UC);
        Peer.connect(qa, a, qb, b, 0, 0, 0);
        MemorySegment src = a.memory(4096);
        MemoryRegion ms = a.pd.registerMemory(src, Access.LOCAL_WRITE);
        MemorySegment dst = b.memory(4096);
        MemoryRegion md = b.pd.registerMemory(dst, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        put(ms, src, "unreliable");
        long before = fabric.counter("h2", 1, PortCounter.PORT_XMIT_PKTS);
        qa.postSend(SendWr.write(1, ms.sge(0, 10), md.addr(), md.rkey()));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertEquals("unreliable",
                new String(dst.asSlice(0, 10).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
        assertEquals(before, fabric.counter("h2", 1, PortCounter.PORT_XMIT_PKTS), "UC sends no ACK");
    }

    @Test
    void solicitedOnlyNotificationWaitsForASolicitedMessage() throws Exception {
        QueuePair[] q = rc(14, 7, 7);
        MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
        MemoryRegion md = b.mr(4096, Access.LOCAL_WRITE);
        q[1].postRecv(RecvWr.of(1, md.sge(0, 100)));
        q[1].postRecv(RecvWr.of(2, md.sge(100, 100)));
        b.cq.reqNotify(true);
        q[0].postSend(SendWr.send(1, ms.sge(0, 8)));
        assertEquals(WcStatus.SUCCESS, a.await().status());
        assertTrue(b.channel.getCqEvent(Duration.ZERO).isEmpty(), "an unsolicited receive raises no event");
        SendWr solicited = SendWr.send(2, ms.sge(0, 8));
        q[0].postSend(new SendWr(2, solicited.opcode(), solicited.sgList(), true, true, 0, 0, 0, 0, 0, null, 0, 0));
        var ev = b.channel.getCqEvent(Peer.DEADLINE).orElseThrow();
        assertEquals(b.cq, ev);
        ev.ackEvents(1);
        assertEquals(2, b.cq.poll(10).size());
    }
}
