package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.internal.CmConnectionsService;
import org.infiniscope.mad.cm.RejectReason;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcOpcode;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.junit.jupiter.api.Test;

/** Two simulated hosts connect through the CM, move data over the QPs it connected, and disconnect. */
class CmConnectTest {

    static final int PORT = 7471;

    /** A connected pair: the client's and the server's identifiers and QPs. */
    record Pair(Side client, CmId clientId, QueuePair clientQp, Side server, CmId serverId, QueuePair serverQp,
            CmId listener) {
    }

    /** h1 connects to a listener on h2 (RC, private data both ways), the server posting one receive first. */
    static Pair connect(CmHosts hosts, String serverNode) throws Exception {
        Side server = new Side(hosts.cm.host(serverNode));
        CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
        listener.bind(null, 0, PORT);
        listener.listen(4);

        Side client = new Side(hosts.cm.host("h1"));
        CmId id = client.cm.createId(client.channel, PortSpace.TCP);
        id.resolveAddr(new CmAddress.ByNode(serverNode, PORT), Side.DEADLINE);
        client.expect(CmEventType.ADDR_RESOLVED);
        id.resolveRoute(Side.DEADLINE);
        client.expect(CmEventType.ROUTE_RESOLVED);
        QueuePair cqp = client.qp(id, QpType.RC);
        assertEquals(QpState.INIT, cqp.state(), "rdma_create_qp leaves the QP in INIT");
        id.connect(ConnParam.of(new byte[]{1, 2, 3}));

        CmEvent request = server.expect(CmEventType.CONNECT_REQUEST);
        assertEquals(listener, request.listenId());
        assertArrayEquals(new byte[]{1, 2, 3}, Arrays.copyOf(request.param().privateData(), 3));
        CmId child = request.id();
        QueuePair sqp = server.qp(child, QpType.RC);
        sqp.postRecv(RecvWr.of(100, server.mr.sge(0, 4096)));
        child.accept(ConnParam.of(new byte[]{9}));
        CmEvent established = client.expect(CmEventType.ESTABLISHED);
        assertEquals(9, established.param().privateData()[0], "the REP's private data");
        server.expect(CmEventType.ESTABLISHED);
        return new Pair(client, id, cqp, server, child, sqp, listener);
    }

    @Test
    void connectSendWriteReadAndDisconnect() throws Exception {
        List<CmConnection> seen = new CopyOnWriteArrayList<>();
        CmConnectionsService listing = new CmConnectionsService();
        try (CmHosts hosts = new CmHosts(CmHosts.FAST); AutoCloseable l = listing.addListener(seen::add)) {
            Pair p = connect(hosts, "h2");
            assertEquals(QpState.RTS, p.clientQp().state());
            assertEquals(QpState.RTS, p.serverQp().state());
            assertEquals(p.serverQp().qpNum(), p.clientQp().query().destQpNum());
            assertEquals(p.clientQp().query().sqPsn(), p.serverQp().query().rqPsn(), "the REQ's starting PSN");
            assertEquals(p.serverQp().query().sqPsn(), p.clientQp().query().rqPsn(), "the REP's starting PSN");

            CmConnection c1 = listing.connections("h1").get(0);
            CmConnection c2 = listing.connections("h2").stream().filter(c -> c.state() != CmState.LISTEN).findFirst()
                    .orElseThrow();
            assertEquals(CmState.ESTABLISHED, c1.state());
            assertEquals(CmState.ESTABLISHED, c2.state());
            assertEquals(c1.localCommId(), c2.remoteCommId());
            assertEquals(c2.localQpn(), c1.remoteQpn());
            assertEquals(c1.localPsn(), c2.remotePsn());
            assertEquals(0x0000000001060000L | PORT, c1.serviceId());
            assertEquals(hosts.lids.lid("h2"), c1.peerLid());
            assertEquals(hosts.lids.lid("h1"), c2.peerLid());
            assertTrue(listing.connections("h2").stream().anyMatch(c -> c.state() == CmState.LISTEN));

            // send/recv
            p.client().memory.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x1122334455667788L);
            p.clientQp().postSend(SendWr.send(1, p.client().mr.sge(0, 8)));
            assertEquals(WcStatus.SUCCESS, p.client().await(1).get(0).status());
            WorkCompletion recv = p.server().await(1).get(0);
            assertEquals(WcOpcode.RECV, recv.opcode());
            assertEquals(8, recv.byteLen());
            assertEquals(0x1122334455667788L, p.server().memory.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            // RDMA write, then read back what the server holds
            p.client().memory.set(ValueLayout.JAVA_LONG_UNALIGNED, 64, 0x0BADCAFEL);
            p.clientQp().postSend(
                    SendWr.write(2, p.client().mr.sge(64, 8), p.server().mr.addr() + 1024, p.server().mr.rkey()));
            assertEquals(WcStatus.SUCCESS, p.client().await(1).get(0).status());
            assertEquals(0x0BADCAFEL, p.server().memory.get(ValueLayout.JAVA_LONG_UNALIGNED, 1024));
            p.server().memory.set(ValueLayout.JAVA_LONG_UNALIGNED, 2048, 0x5EEDL);
            p.clientQp().postSend(
                    SendWr.read(3, p.client().mr.sge(128, 8), p.server().mr.addr() + 2048, p.server().mr.rkey()));
            assertEquals(WcStatus.SUCCESS, p.client().await(1).get(0).status());
            assertEquals(0x5EEDL, p.client().memory.get(ValueLayout.JAVA_LONG_UNALIGNED, 128));

            // DREQ/DREP, then TIMEWAIT and its end on both sides
            p.clientId().disconnect();
            p.client().expect(CmEventType.DISCONNECTED);
            p.server().expect(CmEventType.DISCONNECTED);
            assertEquals(QpState.ERR, p.clientQp().state());
            assertEquals(QpState.ERR, p.serverQp().state());
            p.client().expect(CmEventType.TIMEWAIT_EXIT);
            p.server().expect(CmEventType.TIMEWAIT_EXIT);
            assertTrue(listing.connections("h1").isEmpty(), listing.connections("h1").toString());
            assertTrue(listing.connections("h2").stream().allMatch(c -> c.state() == CmState.LISTEN));
            // (an MRA comes in between when the server's consumer is slower than half the short response timeout)
            List<CmState> client = seen.stream().filter(c -> c.node().equals("h1")).map(CmConnection::state)
                    .filter(s -> s != CmState.MRA_REQ_RCVD).distinct().toList();
            assertEquals(
                    List.of(CmState.REQ_SENT, CmState.ESTABLISHED, CmState.DREQ_SENT, CmState.TIMEWAIT, CmState.IDLE),
                    client);
            List<CmState> server = seen.stream().filter(c -> c.node().equals("h2")).map(CmConnection::state).distinct()
                    .toList();
            assertTrue(server.containsAll(List.of(CmState.REQ_RCVD, CmState.REP_SENT, CmState.ESTABLISHED,
                    CmState.DREQ_RCVD, CmState.TIMEWAIT, CmState.IDLE)), server.toString());
            p.listener().close();
        }
    }

    @Test
    void aReqToAServiceNobodyListensOnIsRejectedWithInvalidServiceId() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            hosts.cm.host("h2"); // a CM there, but no listener
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByNode("h2", 9999), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            QueuePair qp = client.qp(id, QpType.RC);
            id.connect(ConnParam.of());
            CmEvent rej = client.expect(CmEventType.REJECTED);
            assertEquals(RejectReason.INVALID_SERVICE_ID.code(), rej.status());
            assertEquals(QpState.ERR, qp.state());
        }
    }

    @Test
    void aConsumerRejectCarriesReason28AndItsPrivateData() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            Side server = new Side(hosts.cm.host("h3"));
            CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
            listener.bind(null, 0, PORT);
            listener.listen(1);
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByLid(hosts.lids.lid("h3"), PORT), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            client.qp(id, QpType.RC);
            id.connect(ConnParam.of());
            server.expect(CmEventType.CONNECT_REQUEST).id().reject(new byte[]{42});
            CmEvent rej = client.expect(CmEventType.REJECTED);
            assertEquals(RejectReason.CONSUMER_DEFINED.code(), rej.status());
            assertNotNull(rej.param());
            assertEquals(42, rej.param().privateData()[0]);
        }
    }
}
