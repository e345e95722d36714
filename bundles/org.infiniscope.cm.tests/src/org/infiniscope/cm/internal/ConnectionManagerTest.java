package org.infiniscope.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.UdParam;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.cm.CmMessage;
import org.infiniscope.mad.cm.CmPath;
import org.infiniscope.mad.cm.Dreq;
import org.infiniscope.mad.cm.Mra;
import org.infiniscope.mad.cm.Rej;
import org.infiniscope.mad.cm.RejectReason;
import org.infiniscope.mad.cm.Req;
import org.infiniscope.mad.wire.Octets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One port's CM fed REQs by hand through a wire that keeps what it sends: refusals, duplicates, stale REQs. */
class ConnectionManagerTest {

    static final long SID = 0x01060000L | 7471;
    static final long PEER_GUID = 0x0002c90300000100L;

    /** A wire that keeps what the CM sends. */
    static final class KeepingWire implements CmWire {
        final BlockingQueue<byte[]> sent = new LinkedBlockingQueue<>();

        @Override
        public void send(byte[] mad, int dlid) {
            sent.add(mad);
        }

        @Override
        public int lid() {
            return 4;
        }

        @Override
        public Gid gid() {
            return new Gid(TransportWire.DEFAULT_PREFIX, 0x201);
        }

        @Override
        public long caGuid() {
            return 0x0002c90300000200L;
        }

        @Override
        public void close() {
        }

        CmMessage next() throws Exception {
            byte[] mad = sent.poll(10, TimeUnit.SECONDS);
            assertNotNull(mad, "the CM answered");
            return CmMad.decode(mad).message();
        }
    }

    /** A listener that takes every request. */
    static final class Taker implements ConnUser {
        final BlockingQueue<Conn> requests = new LinkedBlockingQueue<>();

        @Override
        public void event(CmEventType type, int status, ConnParam param, UdParam ud) {
        }

        @Override
        public ConnUser request(Conn conn, ConnParam param) {
            requests.add(conn);
            return this;
        }
    }

    KeepingWire wire;
    ConnectionManager cm;

    @BeforeEach
    void start() {
        wire = new KeepingWire();
        cm = new ConnectionManager("h2", "sim_h2", 1, wire, new CmOptions(20, 3, 22), 1);
    }

    @AfterEach
    void stop() {
        cm.close();
    }

    static Req req(int commId, int qpn) {
        CmPath path = new CmPath(1, 4, new Gid(TransportWire.DEFAULT_PREFIX, 0x101),
                new Gid(TransportWire.DEFAULT_PREFIX, 0x201), 0, 3, 0, 0, 0, true, 14);
        return new Req(commId, SID, PEER_GUID, 0, qpn, 4, 0, 4, 0, 20, 0, false, 0x123, 20, 7, 0xFFFF, 5, false, 7, 15,
                false, 0, path, CmPath.NONE, false, Octets.of(new byte[]{1}));
    }

    void feed(CmMessage m) {
        cm.received(CmMad.encode(m, 0x77), 1);
    }

    Taker listen() throws Exception {
        Taker t = new Taker();
        cm.call(() -> {
            cm.outbound.listen(SID, t);
            return null;
        });
        return t;
    }

    @Test
    void aReqNobodyListensForIsRejectedWithInvalidServiceId() throws Exception {
        feed(req(0x1111, 0x40));
        Rej rej = assertInstanceOf(Rej.class, wire.next());
        assertEquals(RejectReason.INVALID_SERVICE_ID.code(), rej.reason());
        assertEquals(Rej.REQ, rej.messageRejected());
        assertEquals(0x1111, rej.remoteCommId());
        assertEquals(0, rej.localCommId(), "no communication was created for it");
    }

    @Test
    void aDuplicateReqWhileTheConsumerDecidesIsAnsweredWithAnMra() throws Exception {
        Taker t = listen();
        feed(req(0x2222, 0x40));
        Conn c = t.requests.poll(10, TimeUnit.SECONDS);
        assertNotNull(c);
        feed(req(0x2222, 0x40));
        Mra mra = assertInstanceOf(Mra.class, wire.next());
        assertEquals(Mra.REQ, mra.messageMraed());
        assertEquals(22, mra.serviceTimeout());
        assertEquals(c.localCommId, mra.localCommId());
        assertEquals(0x2222, mra.remoteCommId());
        assertEquals(CmState.MRA_REQ_SENT, cm.call(() -> c.state));
        assertNull(t.requests.poll(), "a duplicate makes no second connect request");
    }

    @Test
    void aReqForAQpStillConnectedIsStaleTheOldConnectionIsDisconnected() throws Exception {
        Taker t = listen();
        feed(req(0x3333, 0x40));
        Conn old = t.requests.poll(10, TimeUnit.SECONDS);
        cm.call(() -> {
            cm.state(old, CmState.ESTABLISHED); // as if accepted and the RTU came
            old.localQpn = 0x99;
            return null;
        });
        feed(req(0x4444, 0x40)); // the peer forgot us and reuses its QP
        Rej rej = assertInstanceOf(Rej.class, wire.next());
        assertEquals(RejectReason.STALE_CONNECTION.code(), rej.reason());
        assertEquals(0x4444, rej.remoteCommId());
        Dreq dreq = assertInstanceOf(Dreq.class, wire.next());
        assertEquals(old.localCommId, dreq.localCommId());
        assertEquals(0x40, dreq.remoteQpnOrEecn());
        assertEquals(CmState.DREQ_SENT, cm.call(() -> old.state));
    }

    @Test
    void aReqReusingAnEstablishedCommIdForAnotherQpIsRejectedAsDuplicate() throws Exception {
        Taker t = listen();
        feed(req(0x5555, 0x40));
        Conn old = t.requests.poll(10, TimeUnit.SECONDS);
        cm.call(() -> {
            cm.state(old, CmState.ESTABLISHED);
            return null;
        });
        feed(req(0x5555, 0x41));
        Rej rej = assertInstanceOf(Rej.class, wire.next());
        assertEquals(RejectReason.DUPLICATE_LOCAL_COMM_ID.code(), rej.reason());
    }

    @Test
    void aReqForACommunicationInTimewaitIsRejectedAsStale() throws Exception {
        Taker t = listen();
        feed(req(0x6666, 0x40));
        Conn old = t.requests.poll(10, TimeUnit.SECONDS);
        cm.call(() -> {
            cm.state(old, CmState.TIMEWAIT);
            return null;
        });
        feed(req(0x6666, 0x40));
        Rej rej = assertInstanceOf(Rej.class, wire.next());
        assertEquals(RejectReason.STALE_CONNECTION.code(), rej.reason());
    }

    @Test
    void malformedCmMadsAreCountedAndDropped() throws Exception {
        listen();
        byte[] mad = CmMad.encode(req(0x7777, 0x40), 1);
        mad[2] = 1; // ClassVersion 1
        cm.received(mad, 1);
        byte[] unknown = CmMad.encode(req(0x7778, 0x40), 2);
        unknown[17] = 0x30; // AttributeID 0x0030: no CM message
        cm.received(unknown, 1);
        feed(req(0x7779, 0x40)); // a good one after them is still handled
        cm.call(() -> null);
        assertEquals(2, cm.malformed());
        assertNull(wire.sent.poll(), "nothing answers a malformed MAD, and the good REQ waits for its consumer");
    }
}
