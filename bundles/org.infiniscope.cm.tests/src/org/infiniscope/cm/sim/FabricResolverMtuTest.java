package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.internal.FabricResolver;
import org.infiniscope.cm.internal.Resolver;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.verbs.Mtu;
import org.junit.jupiter.api.Test;

/**
 * The fabric resolver's route has the path's MTU, as an SA's PathRecord: the smallest NeighborMTU of both ends of
 * every link the LFTs lead it over (the simulated ports start at 2048), not a fixed 4096; a lowered link lowers only
 * the routes that cross it; a LID nobody routes to has no route.
 */
class FabricResolverMtuTest {

    @Test
    void theRoutesMtuIsTheSmallestAlongThePath() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST)) {
            Resolver resolver = new FabricResolver(hosts.fabric);
            assertEquals(Mtu.MTU_2048, route(resolver, hosts, "h1", "h2").mtu());
            assertEquals(Mtu.MTU_2048, route(resolver, hosts, "h2", "h3").mtu());

            // the sw1 - sw2 link: sw2's port 2 (reached from h1 out of h1:1, sw1:2) now says 1024
            PortInfo info = hosts.lids.portInfo("sw2", 2);
            byte[] data = new byte[Smp.DATA_LENGTH];
            PortInfo.CODEC.encode(
                    PortInfoBuilder.from(info).neighborMtu(Mtu.MTU_1024).portState(0).portPhysicalState(0).build(),
                    data, 0);
            byte[] mad = Smp.directedRoute(Method.SET, 0x77, PortInfo.ATTRIBUTE_ID, 2, 0, new int[]{1, 2}, data)
                    .encode();
            assertTrue(hosts.fabric.exchange(hosts.fabric.attachPoint("h1", 1), mad, mad.length,
                    MadAddress.directedRoute()) != null);
            assertEquals(MadStatus.OK, Smp.decode(mad).status());
            assertEquals(Mtu.MTU_1024, hosts.lids.portInfo("sw2", 2).neighborMtu());

            assertEquals(Mtu.MTU_1024, route(resolver, hosts, "h1", "h2").mtu(), "h1 -> h2 crosses sw1 - sw2");
            assertEquals(Mtu.MTU_1024, route(resolver, hosts, "h2", "h1").mtu(), "so does h2 -> h1");
            assertEquals(Mtu.MTU_2048, route(resolver, hosts, "h2", "h3").mtu(), "h2 -> h3 stays on sw2");

            Gid h1 = new Gid(Gid.DEFAULT_PREFIX, hosts.fabric.topology().node("h1").orElseThrow().portGuid(1));
            CmException none = assertThrows(CmException.class,
                    () -> resolver.route(hosts.lids.lid("h1"), h1, new Resolver.Target(999, h1)));
            assertTrue(none.getMessage().contains("no route"), none.getMessage());
        }
    }

    private static CmRoute route(Resolver resolver, CmHosts hosts, String from, String to) throws CmException {
        Gid sgid = new Gid(Gid.DEFAULT_PREFIX, hosts.fabric.topology().node(from).orElseThrow().portGuid(1));
        return resolver.route(hosts.lids.lid(from), sgid, resolver.target(new CmAddress.ByNode(to, 1)));
    }
}
