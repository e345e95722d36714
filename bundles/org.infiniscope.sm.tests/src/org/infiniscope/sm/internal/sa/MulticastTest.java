package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetLink;
import org.infiniscope.topology.Generators;
import org.infiniscope.topology.Link;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Multicast groups on a simulated fat tree: a full member's join with every component creates the group and its MLID
 * from 0xC000; joins and leaves change the spanning tree whose MFT port masks go to the programmer; the last leave
 * frees the MLID. Each case starts from a fresh SA.
 */
class MulticastTest {

    private static final Gid MGID = new Gid(0xFF12_601B_FFFF_0000L, 0x1234);
    private static final long CREATE = MulticastGroups.CREATE_COMPONENTS;
    private static final long JOIN = MulticastGroups.JOIN_COMPONENTS;

    private SaFixture fx;
    private Subnet subnet;

    @BeforeEach
    void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(4, 2, 4)));
        subnet = fx.sim.subnet();
    }

    @AfterEach
    void down() {
        fx.close();
    }

    private Gid gid(String host) {
        return new Gid(Gid.DEFAULT_PREFIX, fx.fabric().topology().node(host).orElseThrow().portGuid(1));
    }

    private static byte[] member(Gid mgid, Gid port, int joinState, boolean proxy) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        MCMemberRecord.CODEC.encode(new MCMemberRecord(mgid, port, 0x80010000, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0,
                2, joinState, proxy), t, 0);
        return t;
    }

    private MCMemberRecord join(MadTransport c, String host, long mask) throws Exception {
        return record(fx.ask(c, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, mask,
                member(MGID, gid(host), MCMemberRecord.FULL_MEMBER, false)), MCMemberRecord.CODEC);
    }

    private long guid(String node) {
        return fx.fabric().topology().node(node).orElseThrow().nodeGuid();
    }

    /** @return the port of a leaf a host is linked to */
    private int leafPort(String host) {
        for (Link l : fx.fabric().topology().links()) {
            if (l.a().equals(host)) {
                return l.portB();
            }
            if (l.b().equals(host)) {
                return l.portA();
            }
        }
        throw new AssertionError(host);
    }

    @Test
    void joinsAndLeavesChangeTheSpanningTree() throws Exception {
        MadTransport a = fx.client("h00005");
        MadTransport b = fx.client("h00014");
        MCMemberRecord created = join(a, "h00005", CREATE);
        assertEquals(0xC000, created.mlid());
        assertEquals(MGID, created.mgid());
        assertEquals(gid("h00005"), created.portGid());
        assertEquals(MCMemberRecord.FULL_MEMBER, created.joinState());
        assertEquals(Map.of(guid("leaf002"), Set.of(leafPort("h00005"))), fx.programmer.of(0xC000));

        MCMemberRecord joined = join(b, "h00014", JOIN);
        assertEquals(0xC000, joined.mlid());
        assertEquals(created.qKey(), joined.qKey());
        Map<Long, Set<Integer>> masks = fx.programmer.of(0xC000);
        assertTrue(masks.get(guid("leaf002")).contains(leafPort("h00005")));
        assertTrue(masks.get(guid("leaf004")).contains(leafPort("h00014")));
        assertIsTree(masks, Set.of(guid("leaf002"), guid("leaf004")));
        assertEquals(3, masks.size(), "two leaves and the one spine between them");

        List<MCMemberRecord> members = table(
                fx.ask(a, Method.GET_TABLE, MCMemberRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                MCMemberRecord.CODEC);
        assertEquals(Set.of(gid("h00005"), gid("h00014")),
                Set.copyOf(members.stream().map(MCMemberRecord::portGid).toList()));

        record(fx.ask(a, Method.DELETE, MCMemberRecord.ATTRIBUTE_ID, 0, JOIN,
                member(MGID, gid("h00005"), MCMemberRecord.FULL_MEMBER, false)), MCMemberRecord.CODEC);
        assertEquals(Map.of(guid("leaf004"), Set.of(leafPort("h00014"))), fx.programmer.of(0xC000));

        record(fx.ask(b, Method.DELETE, MCMemberRecord.ATTRIBUTE_ID, 0, JOIN,
                member(MGID, gid("h00014"), MCMemberRecord.FULL_MEMBER, false)), MCMemberRecord.CODEC);
        assertEquals(Map.of(), fx.programmer.of(0xC000), "the group is gone: nothing forwards its MLID");
        assertEquals(List.of(),
                table(fx.ask(a, Method.GET_TABLE, MCMemberRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                        MCMemberRecord.CODEC),
                "an empty table");
        assertEquals(0xC000, join(a, "h00005", CREATE).mlid(), "the MLID is free again");
    }

    @Test
    void aTreeOverEveryLeafReachesAllMembersWithoutLoops() throws Exception {
        for (String host : List.of("h00001", "h00006", "h00011", "h00016")) {
            MadTransport c = fx.client(host);
            join(c, host, CREATE);
        }
        Map<Long, Set<Integer>> masks = fx.programmer.of(0xC000);
        assertIsTree(masks, Set.of(guid("leaf001"), guid("leaf002"), guid("leaf003"), guid("leaf004")));
        assertEquals(fx.sa.multicastForwarding().get(0xC000), masks, "what a sweep reprograms");
    }

    @Test
    void anSaAssignedMgidTakesTheNextMlid() throws Exception {
        MadTransport a = fx.client("h00005");
        join(a, "h00005", CREATE);
        MCMemberRecord other = record(fx.ask(a, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, CREATE,
                member(Gid.ZERO, gid("h00005"), MCMemberRecord.FULL_MEMBER, false)), MCMemberRecord.CODEC);
        assertEquals(0xC001, other.mlid());
        assertTrue(other.mgid().isMulticast(), other.mgid().toString());
    }

    @Test
    void badJoinsAndLeavesGetTheirStatus() throws Exception {
        MadTransport a = fx.client("h00005");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS),
                status(fx.ask(a, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, JOIN,
                        member(MGID, gid("h00005"), MCMemberRecord.FULL_MEMBER, false))),
                "creating without Q_Key, P_Key, SL...");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS),
                status(fx.ask(a, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, MCMemberRecord.Components.MGID,
                        member(MGID, gid("h00005"), MCMemberRecord.FULL_MEMBER, false))),
                "no PortGID, no JoinState");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                status(fx.ask(a, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, CREATE,
                        member(MGID, gid("h00005"), MCMemberRecord.SEND_ONLY_NON_MEMBER, false))),
                "only full members create");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                status(fx.ask(a, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, CREATE,
                        member(MGID, gid("h00009"), MCMemberRecord.FULL_MEMBER, false))),
                "another port's join without ProxyJoin");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                status(fx.ask(a, Method.DELETE, MCMemberRecord.ATTRIBUTE_ID, 0, JOIN,
                        member(MGID, gid("h00005"), MCMemberRecord.FULL_MEMBER, false))),
                "leaving a group that does not exist");
        assertTrue(fx.programmer.calls.isEmpty(), "no MFT changed");
        assertFalse(fx.sa.statistics().errors() < 5);
    }

    /** The masks' switch links form one tree over the member leaves: connected, and one link fewer than switches. */
    private void assertIsTree(Map<Long, Set<Integer>> masks, Set<Long> leaves) {
        assertTrue(masks.keySet().containsAll(leaves), masks.toString());
        Set<List<Long>> edges = new HashSet<>();
        for (SubnetLink l : subnet.links()) {
            boolean a = masks.getOrDefault(l.nodeA(), Set.of()).contains(l.portA());
            boolean b = masks.getOrDefault(l.nodeB(), Set.of()).contains(l.portB());
            boolean switches = masks.containsKey(l.nodeA()) && masks.containsKey(l.nodeB());
            if (switches) {
                assertEquals(a, b, "both ends of a tree link forward: " + l);
                if (a) {
                    edges.add(List.of(l.nodeA(), l.nodeB()));
                }
            }
        }
        assertEquals(masks.size() - 1, edges.size(), "a tree has one link fewer than switches: " + masks);
        Set<Long> reached = new HashSet<>();
        ArrayDeque<Long> queue = new ArrayDeque<>(List.of(leaves.iterator().next()));
        while (!queue.isEmpty()) {
            long s = queue.poll();
            if (reached.add(s)) {
                for (List<Long> e : edges) {
                    if (e.contains(s)) {
                        queue.add(e.get(0) == s ? e.get(1) : e.get(0));
                    }
                }
            }
        }
        assertEquals(masks.keySet(), reached, "connected");
    }
}
