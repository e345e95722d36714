package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.internal.FabricResolver;
import org.infiniscope.cm.internal.Resolver;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.junit.jupiter.api.Test;

/**
 * resolveRoute asks the SA for a PathRecord, and what the SA said (SL, MTU, packet life) is what both QPs get. The SA
 * here is the test's own, at the SM LID the fabric's ports know (h1): it answers a Get(PathRecord) from SGID to
 * DGID with the LIDs the fabric gave those ports, SL 2, MTU 2048, packet life 5.
 */
class SaRouteTest {

    @Test
    void theRouteIsTheSasPathRecordAndTheQpsFollowIt() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST);
                MadTransport sa = MadTransports.over(hosts.fabric.openChannel(hosts.fabric.attachPoint("h1", 1)),
                        TransportConfig.DEFAULT)) {
            Resolver ports = new FabricResolver(hosts.fabric);
            AtomicInteger asked = new AtomicInteger();
            sa.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET), true),
                    (in, responder) -> {
                        try {
                            SaMad q = SaMad.decode(in.mad(), 0);
                            PathRecord want = q.record(PathRecord.CODEC);
                            int dlid = ports.target(new CmAddress.ByGid(want.dgid(), 0)).lid();
                            int slid = ports.target(new CmAddress.ByGid(want.sgid(), 0)).lid();
                            PathRecord p = new PathRecord(0, want.dgid(), want.sgid(), dlid, slid, false, 0, 0, 0, true,
                                    1, 0xFFFF, 0, 2, 2, Mtu.MTU_2048, 2, 3, 2, 5, 0);
                            asked.incrementAndGet();
                            responder.respond(SaMad.of(q.header().transactionId(), Method.GET_RESP, SaHeader.EMPTY,
                                    PathRecord.CODEC, p).encode());
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    });
            hosts.cm.routesFromSa(Duration.ofSeconds(2));
            Side server = new Side(hosts.cm.host("h2"));
            CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
            listener.bind(null, 0, CmConnectTest.PORT);
            listener.listen(1);
            Side client = new Side(hosts.cm.host("h3"));
            CmId id = client.cm.createId(client.channel, PortSpace.TCP);
            id.resolveAddr(new CmAddress.ByGid(new Gid(Gid.DEFAULT_PREFIX, 0x0002c90300000201L), CmConnectTest.PORT),
                    Side.DEADLINE);
            client.expect(CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Side.DEADLINE);
            client.expect(CmEventType.ROUTE_RESOLVED);
            assertTrue(asked.get() >= 1, "the SA was asked (again when an answer came after the time-out)");
            CmRoute route = id.route().orElseThrow();
            assertEquals(hosts.lids.lid("h2"), route.dlid());
            assertEquals(hosts.lids.lid("h3"), route.slid());
            assertEquals(2, route.sl());
            assertEquals(Mtu.MTU_2048, route.mtu());
            assertEquals(5, route.packetLifeTime());

            QueuePair cqp = client.qp(id, QpType.RC);
            id.connect(ConnParam.of());
            CmEvent request = server.expect(CmEventType.CONNECT_REQUEST);
            QueuePair sqp = server.qp(request.id(), QpType.RC);
            request.id().accept(ConnParam.of());
            client.expect(CmEventType.ESTABLISHED);
            server.expect(CmEventType.ESTABLISHED);
            for (QueuePair q : new QueuePair[]{cqp, sqp}) {
                QpAttr a = q.query();
                assertEquals(2, a.ahAttr().sl());
                assertEquals(Mtu.MTU_2048, a.pathMtu());
                assertEquals(6, a.timeout(), "the local ACK timeout: packet life + 1");
            }
            assertEquals(hosts.lids.lid("h3"), sqp.query().ahAttr().dlid());
        }
    }
}
