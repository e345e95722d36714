package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PathRecords on a simulated fat tree (4 leaves, 2 spines, 16 hosts): between every pair of hosts the SA's path is the
 * one a hop-by-hop walk of the forwarding tables takes (walked here over the SA's own LFT and link records), its MTU
 * the least on the way; Gets, GIDs, selectors and MultiPathRecord.
 */
class PathRecordTest {

    private static SaFixture fx;
    private static MadTransport client;
    private static Subnet original;

    @BeforeAll
    static void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(4, 2, 4)));
        client = fx.client("h00005");
        original = fx.sim.subnet();
    }

    @AfterAll
    static void down() {
        fx.close();
    }

    @AfterEach
    void restore() {
        fx.published.set(original);
    }

    /** A walk along the SA's own tables: the switches' LFT blocks and the links. */
    private static final class Tables {
        final Map<Integer, int[]> lft = new HashMap<>();
        final Map<Long, LinkRecord> links = new HashMap<>();
        final Map<Long, PortInfoRecord> ports = new HashMap<>();

        Tables() throws Exception {
            byte[] none = new byte[SaMad.DATA_LENGTH];
            for (LFTRecord r : table(fx.ask(client, Method.GET_TABLE, LFTRecord.ATTRIBUTE_ID, 0, 0, none),
                    LFTRecord.CODEC)) {
                int[] t = lft.computeIfAbsent(r.lid(), k -> new int[0x10000]);
                for (int i = 0; i < 64; i++) {
                    t[r.firstLid() + i] = r.lft().ports().get(i);
                }
            }
            for (LinkRecord r : table(fx.ask(client, Method.GET_TABLE, LinkRecord.ATTRIBUTE_ID, 0, 0, none),
                    LinkRecord.CODEC)) {
                links.put(key(r.fromLid(), r.fromPort()), r);
            }
            for (PortInfoRecord r : table(fx.ask(client, Method.GET_TABLE, PortInfoRecord.ATTRIBUTE_ID, 0, 0, none),
                    PortInfoRecord.CODEC)) {
                ports.put(key(r.endportLid(), r.portNum()), r);
            }
        }

        static long key(int lid, int port) {
            return (long) lid << 8 | port;
        }

        /** @return the least neighbour MTU on the way from a host's port 1 to dlid, or 0 when the walk fails */
        int walk(int slid, int dlid) {
            if (slid == dlid) {
                return ports.get(key(slid, 1)).portInfo().mtuCap();
            }
            int mtu = ports.get(key(slid, 1)).portInfo().neighborMtu();
            LinkRecord hop = links.get(key(slid, 1));
            for (int n = 0; n < 16; n++) {
                int sw = hop.toLid();
                if (sw == dlid) {
                    return mtu;
                }
                int out = lft.get(sw)[dlid];
                if (out == RoutingResult.NO_ROUTE || out == 0) {
                    return 0;
                }
                mtu = Math.min(mtu, ports.get(key(sw, out)).portInfo().neighborMtu());
                hop = links.get(key(sw, out));
            }
            return 0;
        }
    }

    private static byte[] lids(int slid, int dlid) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(PathRecord.betweenLids(slid, dlid), t, 0);
        return t;
    }

    private static final long LIDS = PathRecord.Components.SLID | PathRecord.Components.DLID;

    @Test
    void everyHostPairHasThePathTheForwardingTablesTake() throws Exception {
        // one spine port carries a smaller MTU: the paths through it must say so
        long spine = original.node(nodeGuid("spine001")).orElseThrow().guid();
        fx.published.set(SimSubnet.withPort(original, spine, 3,
                p -> PortInfoBuilder.from(p).neighborMtu(p.neighborMtu() - 1).build()));
        Tables tables = new Tables();
        int lowered = 0;
        for (SimSubnet.End src : fx.sim.hosts()) {
            for (SimSubnet.End dst : fx.sim.hosts()) {
                int slid = fx.sim.lid(src);
                int dlid = fx.sim.lid(dst);
                List<PathRecord> paths = table(
                        fx.ask(client, Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(slid, dlid)),
                        PathRecord.CODEC);
                assertEquals(1, paths.size(), slid + " -> " + dlid);
                PathRecord p = paths.get(0);
                int walked = tables.walk(slid, dlid);
                assertTrue(walked > 0, "the tables lead from " + slid + " to " + dlid);
                assertEquals(walked, p.mtu(), "MTU " + slid + " -> " + dlid);
                if (walked < tables.ports.get(Tables.key(slid, 1)).portInfo().neighborMtu()) {
                    lowered++;
                }
                assertEquals(slid, p.slid());
                assertEquals(dlid, p.dlid());
                assertEquals(new Gid(Gid.DEFAULT_PREFIX, original.byLid(slid).orElseThrow().port().guid()), p.sgid());
                assertEquals(new Gid(Gid.DEFAULT_PREFIX, original.byLid(dlid).orElseThrow().port().guid()), p.dgid());
                assertTrue(p.reversible());
                assertEquals(0xFFFF, p.pKey());
                assertEquals(0, p.sl());
                assertEquals(2, p.mtuSelector());
                assertEquals(2, p.rateSelector());
                assertEquals(3, p.rate(), "4X SDR: 10 Gb/s");
                assertEquals(slid == dlid ? 0 : 0x12, p.packetLifeTime(), "no time in the fabric on the way to itself");
                assertEquals(0, p.hopLimit());
            }
        }
        assertTrue(lowered > 0, "some paths cross the port with the smaller MTU");
    }

    @Test
    void aPathTableWithoutEndsHasEveryPairOfEndports() throws Exception {
        List<PathRecord> all = table(
                fx.ask(client, Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                PathRecord.CODEC);
        int endports = 22;
        assertEquals(endports * endports, all.size());
        Set<Long> pairs = new HashSet<>();
        all.forEach(p -> pairs.add((long) p.slid() << 16 | p.dlid()));
        assertEquals(all.size(), pairs.size());
    }

    @Test
    void aGetAnswersOnePathOrSaysWhyNot() throws Exception {
        int a = fx.sim.lid("h00002");
        int b = fx.sim.lid("h00016");
        PathRecord p = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(a, b)),
                PathRecord.CODEC);
        assertEquals(a, p.slid());
        assertEquals(b, p.dlid());
        assertEquals(SaStatus.status(SaStatus.ERR_TOO_MANY_RECORDS),
                status(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, PathRecord.Components.SLID, lids(a, b))));
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS),
                status(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(a, 999))));
    }

    @Test
    void gidsNameTheSamePathsAsLids() throws Exception {
        int a = fx.sim.lid("h00003");
        int b = fx.sim.lid("h00012");
        Gid sgid = new Gid(Gid.DEFAULT_PREFIX, original.byLid(a).orElseThrow().port().guid());
        Gid dgid = new Gid(Gid.DEFAULT_PREFIX, original.byLid(b).orElseThrow().port().guid());
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(
                new PathRecord(0, dgid, sgid, 0, 0, false, 0, 0, 0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), t, 0);
        long gids = PathRecord.Components.SGID | PathRecord.Components.DGID;
        assertEquals(record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(a, b)), PathRecord.CODEC),
                record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, gids, t), PathRecord.CODEC));
        PathRecord.CODEC.encode(new PathRecord(0, dgid, new Gid(Gid.DEFAULT_PREFIX, 0x1234), 0, 0, false, 0, 0, 0,
                false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), t, 0);
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID_GID),
                status(fx.ask(client, Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, gids, t)));
    }

    @Test
    void selectorsBoundTheMtuAndTheRate() throws Exception {
        int a = fx.sim.lid("h00001");
        int b = fx.sim.lid("h00009");
        PathRecord best = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(a, b)),
                PathRecord.CODEC);
        long mtu = LIDS | PathRecord.Components.MTU_SELECTOR | PathRecord.Components.MTU;
        // less than the path's MTU: the SA lowers it; greater than it: no path
        assertEquals(best.mtu() - 1,
                record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, mtu, template(a, b, 1, best.mtu(), 0, 0)),
                        PathRecord.CODEC).mtu());
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), status(
                fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, mtu, template(a, b, 0, best.mtu(), 0, 0))));
        long rate = LIDS | PathRecord.Components.RATE_SELECTOR | PathRecord.Components.RATE;
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS),
                status(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, rate, template(a, b, 0, 0, 2, 7)))); // exactly 40 Gb/s: too fast
        assertEquals(best.rate(),
                record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, rate, template(a, b, 0, 0, 3, 0)),
                        PathRecord.CODEC).rate()); // the largest available
    }

    private static byte[] template(int slid, int dlid, int mtuSelector, int mtu, int rateSelector, int rate) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, false, 0, 0, 0, 0,
                mtuSelector, mtu, rateSelector, rate, 0, 0, 0), t, 0);
        return t;
    }

    @Test
    void aMissingRouteMeansNoPath() throws Exception {
        int a = fx.sim.lid("h00005");
        int b = fx.sim.lid("h00013");
        byte[][] tables = SimSubnet.minHop(original.graph());
        int leaf = original.graph().switchIndex(nodeGuid("leaf002"));
        tables[leaf][b] = (byte) RoutingResult.NO_ROUTE;
        fx.published
                .set(new Subnet(2, original.subnetPrefix(), original.smPortGuid(), original.smLid(), original.nodes(),
                        original.links(), original.graph(), new RoutingResult("cut", tables), original.sms()));
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS),
                status(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(a, b))));
        PathRecord back = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, lids(b, a)),
                PathRecord.CODEC);
        assertFalse(back.reversible(), "the way back exists, but not the way there");
    }

    @Test
    void multiPathRecordsGiveThePathsBetweenEverySourceAndDestination() throws Exception {
        List<Gid> sgids = new ArrayList<>();
        List<Gid> dgids = new ArrayList<>();
        for (String h : List.of("h00002", "h00006")) {
            sgids.add(new Gid(Gid.DEFAULT_PREFIX, original.byLid(fx.sim.lid(h)).orElseThrow().port().guid()));
        }
        for (String h : List.of("h00010", "h00014", "h00015")) {
            dgids.add(new Gid(Gid.DEFAULT_PREFIX, original.byLid(fx.sim.lid(h)).orElseThrow().port().guid()));
        }
        byte[] data = new MultiPathRecord(false, 0, 0, 0, 0, 0, 0, 0, 0, 0, sgids, dgids).encode();
        List<PathRecord> paths = table(fx.ask(client, Method.GET_MULTI, MultiPathRecord.ATTRIBUTE_ID, 0, 0, data),
                PathRecord.CODEC);
        assertEquals(6, paths.size());
        for (PathRecord p : paths) {
            assertTrue(sgids.contains(p.sgid()) && dgids.contains(p.dgid()), p.toString());
        }
    }

    private static long nodeGuid(String name) {
        return fx.sim.fabric.topology().node(name).orElseThrow().nodeGuid();
    }
}
