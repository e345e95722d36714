package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.UdParam;
import org.infiniscope.cm.internal.CmConnectionsService;
import org.infiniscope.cm.sim.CmConnectTest.Pair;
import org.infiniscope.verbs.AddressHandle;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.junit.jupiter.api.Test;

/** The CM under MAD loss, SIDR, LAP/APR and MRA on the simulated fabric. */
class CmProtocolTest {

    @Test
    void underMadLossTheCmRetriesAndStillConnectsAndDisconnects() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            hosts.cm.loseMads(0x5EED, 0.3);
            for (int i = 0; i < 3; i++) {
                Pair p = CmConnectTest.connect(hosts, "h2");
                assertEquals(QpState.RTS, p.clientQp().state());
                p.clientQp().postSend(SendWr.send(1, p.client().mr.sge(0, 8)));
                assertEquals(WcStatus.SUCCESS, p.client().await(1).get(0).status());
                p.clientId().disconnect();
                p.client().expect(CmEventType.DISCONNECTED);
                p.server().expect(CmEventType.DISCONNECTED);
                p.client().expect(CmEventType.TIMEWAIT_EXIT);
                p.server().expect(CmEventType.TIMEWAIT_EXIT);
                p.listener().close();
                p.client().close();
                p.server().close();
            }
            assertTrue(hosts.cm.lost() > 0, "MADs were lost: " + hosts.cm.lost() + " of " + hosts.cm.sent());
        }
    }

    @Test
    void everyRetryLostEndsUnreachable() throws Exception {
        try (CmHosts hosts = new CmHosts(new CmOptions(8, 2, 16))) {
            Side server = new Side(hosts.cm.host("h2"));
            CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
            listener.bind(null, 0, CmConnectTest.PORT);
            listener.listen(1);
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByNode("h2", CmConnectTest.PORT), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            client.qp(id, QpType.RC);
            hosts.cm.loseMads(1, 1.0);
            long before = hosts.cm.sent();
            id.connect(ConnParam.of());
            assertEquals(-110, client.expect(CmEventType.UNREACHABLE).status());
            // the REQ, its 2 retries, then the REJ (Timeout) that tells the peer to forget it
            assertEquals(4, hosts.cm.sent() - before);
        }
    }

    @Test
    void sidrResolvesAUdQpAndADatagramReachesIt() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            Side server = new Side(hosts.cm.host("h2"));
            CmId listener = server.cm.createId(server.channel, PortSpace.UDP);
            listener.bind(null, 0, 5000);
            listener.listen(1);
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.UDP);
            id.resolveAddr(new CmAddress.ByNode("h2", 5000), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            QueuePair cqp = client.qp(id, QpType.UD);
            id.connect(ConnParam.of(new byte[]{7}));
            CmEvent request = server.expect(CmEventType.CONNECT_REQUEST);
            assertEquals(7, request.param().privateData()[0]);
            QueuePair sqp = server.qp(request.id(), QpType.UD);
            for (QueuePair q : List.of(cqp, sqp)) {
                CmId owner = q == cqp ? id : request.id();
                for (QpState s : List.of(QpState.RTR, QpState.RTS)) {
                    CmId.QpAttrs a = owner.initQpAttr(s);
                    q.modify(a.attr(), a.mask());
                }
            }
            sqp.postRecv(RecvWr.of(1, server.mr.sge(0, 4096)));
            request.id().accept(ConnParam.of(new byte[]{8}));
            UdParam ud = client.expect(CmEventType.ESTABLISHED).ud();
            assertNotNull(ud);
            assertEquals(sqp.qpNum(), ud.qpn());
            assertEquals(hosts.lids.lid("h2"), ud.dlid());
            assertEquals(8, ud.privateData()[0]);

            AddressHandle ah = client.pd.createAh(AhAttr.toLid(ud.dlid(), 1));
            client.memory.set(ValueLayout.JAVA_INT_UNALIGNED, 0, 0xD06);
            cqp.postSend(SendWr.sendUd(2, client.mr.sge(0, 4), ah, ud.qpn(), ud.qkey()));
            assertEquals(WcStatus.SUCCESS, client.await(1).get(0).status());
            assertEquals(WcStatus.SUCCESS, server.await(1).get(0).status());
            assertEquals(0xD06, server.memory.get(ValueLayout.JAVA_INT_UNALIGNED, 40), "after the 40-byte GRH space");
        }
    }

    @Test
    void sidrToAServiceNobodyListensOnIsUnreachable() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            hosts.cm.host("h2");
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.UDP);
            id.resolveAddr(new CmAddress.ByNode("h2", 5001), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            client.qp(id, QpType.UD);
            id.connect(ConnParam.of());
            assertEquals(1, client.expect(CmEventType.UNREACHABLE).status(), "SIDR_REP: service ID not supported");
        }
    }

    @Test
    void lapAprLoadsAnAlternatePathIntoBothQps() throws Exception {
        List<CmConnection> seen = new CopyOnWriteArrayList<>();
        try (CmHosts hosts = new CmHosts(CmHosts.FAST);
                AutoCloseable l = new CmConnectionsService().addListener(seen::add)) {
            Pair p = CmConnectTest.connect(hosts, "h2");
            CmRoute primary = p.clientId().route().orElseThrow();
            CmRoute alternate = new CmRoute(primary.slid(), primary.dlid(), primary.sgid(), primary.dgid(),
                    primary.mtu(), 1, primary.rate(), primary.packetLifeTime(), primary.pkey());
            p.clientId().loadAlternateRoute(alternate);
            p.client().expect(CmEventType.ALT_PATH_LOADED);
            p.server().expect(CmEventType.ALT_PATH_LOADED);
            AhAttr clientAlt = p.clientQp().query().altAhAttr();
            AhAttr serverAlt = p.serverQp().query().altAhAttr();
            assertNotNull(clientAlt);
            assertNotNull(serverAlt);
            assertEquals(hosts.lids.lid("h2"), clientAlt.dlid());
            assertEquals(1, clientAlt.sl());
            assertEquals(hosts.lids.lid("h1"), serverAlt.dlid());
            assertEquals(1, serverAlt.sl());
            assertTrue(seen.stream().anyMatch(c -> c.node().equals("h1") && c.lapState() == CmState.LAP_SENT));
            assertTrue(seen.stream().anyMatch(c -> c.node().equals("h2") && c.lapState() == CmState.LAP_RCVD));
            assertEquals(CmState.LAP_LOADED, new CmConnectionsService().connections("h1").get(0).lapState());
        }
    }

    @Test
    void aSlowConsumerGetsAnMraSentAndTheRequesterWaits() throws Exception {
        // the requester gives up after 3 × 4.096 µs × 2^16 ≈ 0.8 s without an MRA; the MRA asks for 2^24 (69 s) more
        List<CmConnection> seen = new CopyOnWriteArrayList<>();
        CountDownLatch mraHeard = new CountDownLatch(1);
        try (CmHosts hosts = new CmHosts(new CmOptions(16, 2, 24));
                AutoCloseable l = new CmConnectionsService().addListener(c -> {
                    seen.add(c);
                    if (c.node().equals("h1") && c.state() == CmState.MRA_REQ_RCVD) {
                        mraHeard.countDown();
                    }
                })) {
            Side server = new Side(hosts.cm.host("h2"));
            CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
            listener.bind(null, 0, CmConnectTest.PORT);
            listener.listen(1);
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByNode("h2", CmConnectTest.PORT), Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            client.qp(id, QpType.RC);
            id.connect(ConnParam.of());
            CmId child = server.expect(CmEventType.CONNECT_REQUEST).id();
            // the consumer waits until the requester heard the MRA: far past the requester's own retries
            assertTrue(mraHeard.await(Side.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the MRA reached the requester");
            assertTrue(client.channel.get(Duration.ofMillis(1200)).isEmpty(),
                    "the requester keeps waiting past its own retries");
            server.qp(child, QpType.RC);
            child.accept(ConnParam.of());
            client.expect(CmEventType.ESTABLISHED);
            server.expect(CmEventType.ESTABLISHED);
            assertTrue(seen.stream().anyMatch(c -> c.node().equals("h2") && c.state() == CmState.MRA_REQ_SENT));
        }
    }

    @Test
    void aSwitchHasNoCmAndAnUnknownNodeIsAnAddressError() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            CmException e = assertThrows(CmException.class, () -> hosts.cm.host("sw1"));
            assertTrue(e.getMessage().startsWith("no CM on sw1"), e.getMessage());
            Side client = new Side(hosts.cm.host("h1"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByNode("nosuchhost", 1), Side.DEADLINE);
            assertEquals(-113, client.expect(CmEventType.ADDR_ERROR).status(), "EHOSTUNREACH");
            CmException route = assertThrows(CmException.class, () -> id.resolveRoute(Side.DEADLINE));
            assertEquals("the identifier is not bound to a device: resolve an address first", route.getMessage());
        }
    }
}
