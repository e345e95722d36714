package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SA's node, port, link, switch, LFT and SM tables on a simulated 2-level fat tree (4 leaves, 2 spines, 16 hosts)
 * brought up by {@link SimSubnet}: GetTable answers through RMPP list every node, port and link of the subnet, and each
 * record equals the SubnAdmGet of that one record.
 */
class SaRecordsTest {

    private static SaFixture fx;
    private static MadTransport client;
    private static Subnet subnet;

    @BeforeAll
    static void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(4, 2, 4)));
        client = fx.client("h00005");
        subnet = fx.sim.subnet();
    }

    @AfterAll
    static void down() {
        fx.close();
    }

    private static byte[] template() {
        return new byte[SaMad.DATA_LENGTH];
    }

    @Test
    void nodeRecordsListEveryNodeOnceAndEachEqualsItsGet() throws Exception {
        List<NodeRecord> all = table(fx.ask(client, Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, 0, template()),
                NodeRecord.CODEC);
        assertEquals(subnet.nodes().size(), all.size(), "one NodeRecord per node (single-port hosts)");
        Set<Long> guids = new HashSet<>();
        for (NodeRecord r : all) {
            assertTrue(guids.add(r.nodeInfo().nodeGuid()), "twice: " + r);
            SubnetNode node = subnet.node(r.nodeInfo().nodeGuid()).orElseThrow();
            assertEquals(node.description(), r.nodeDescription().text());
            assertEquals(node.info().nodeType(), r.nodeInfo().nodeType());
            SubnetPort port = node.port(r.nodeInfo().localPortNum()).orElseThrow();
            assertEquals(port.info().lid(), r.lid());
            assertEquals(port.guid(), r.nodeInfo().portGuid());
            byte[] t = template();
            Bits.put16(t, 0, r.lid());
            assertEquals(r, record(fx.ask(client, Method.GET, NodeRecord.ATTRIBUTE_ID, 0, NodeRecord.Components.LID, t),
                    NodeRecord.CODEC), "Get of LID " + r.lid());
        }
    }

    @Test
    void nodeRecordsMatchByNodeGuidAndType() throws Exception {
        byte[] t = template();
        Bits.put8(t, 4 + 2, NodeInfo.TYPE_SWITCH);
        List<NodeRecord> switches = table(
                fx.ask(client, Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, NodeRecord.Components.NODE_TYPE, t),
                NodeRecord.CODEC);
        assertEquals(6, switches.size());
        assertTrue(switches.stream().allMatch(r -> r.nodeInfo().nodeType() == NodeInfo.TYPE_SWITCH));
    }

    @Test
    void portInfoRecordsListEveryPortAndEachEqualsItsGet() throws Exception {
        List<PortInfoRecord> all = table(
                fx.ask(client, Method.GET_TABLE, PortInfoRecord.ATTRIBUTE_ID, 0, 0, template()), PortInfoRecord.CODEC);
        int expected = subnet.nodes().stream().mapToInt(n -> n.ports().size()).sum();
        assertEquals(expected, all.size(), "every switch port (0 included) and every host port");
        for (PortInfoRecord r : all) {
            byte[] t = template();
            Bits.put16(t, 0, r.endportLid());
            Bits.put8(t, 2, r.portNum());
            PortInfoRecord one = record(
                    fx.ask(client, Method.GET, PortInfoRecord.ATTRIBUTE_ID, 0,
                            PortInfoRecord.Components.ENDPORT_LID | PortInfoRecord.Components.PORT_NUM, t),
                    PortInfoRecord.CODEC);
            assertEquals(r, one);
            assertEquals(0, one.portInfo().mKey(), "the M_Key is never handed out");
            SubnetPort port = subnet.byLid(r.endportLid()).map(ref -> ref.node().port(r.portNum()).orElseThrow())
                    .orElseThrow();
            assertEquals(port.info().portState(), r.portInfo().portState());
        }
    }

    @Test
    void linkRecordsListEveryLinkBothWaysAndEachEqualsItsGet() throws Exception {
        List<LinkRecord> all = table(fx.ask(client, Method.GET_TABLE, LinkRecord.ATTRIBUTE_ID, 0, 0, template()),
                LinkRecord.CODEC);
        assertEquals(2 * subnet.links().size(), all.size());
        for (LinkRecord r : all) {
            assertTrue(all.contains(new LinkRecord(r.toLid(), r.toPort(), r.fromPort(), r.fromLid())),
                    "the other direction of " + r);
            byte[] t = template();
            Bits.put16(t, 0, r.fromLid());
            Bits.put8(t, 2, r.fromPort());
            assertEquals(r, record(fx.ask(client, Method.GET, LinkRecord.ATTRIBUTE_ID, 0,
                    LinkRecord.Components.FROM_LID | LinkRecord.Components.FROM_PORT, t), LinkRecord.CODEC));
        }
    }

    @Test
    void switchInfoAndLftRecordsAreTheProgrammedTables() throws Exception {
        List<SwitchInfoRecord> switches = table(
                fx.ask(client, Method.GET_TABLE, SwitchInfoRecord.ATTRIBUTE_ID, 0, 0, template()),
                SwitchInfoRecord.CODEC);
        assertEquals(6, switches.size());
        for (SwitchInfoRecord s : switches) {
            assertEquals(subnet.graph().maxLid(), s.switchInfo().linearFdbTop(), "LinearFDBTop as programmed");
        }
        List<LFTRecord> lfts = table(fx.ask(client, Method.GET_TABLE, LFTRecord.ATTRIBUTE_ID, 0, 0, template()),
                LFTRecord.CODEC);
        assertEquals(6 * (subnet.graph().maxLid() / LinearForwardingTable.PER_BLOCK + 1), lfts.size());
        for (LFTRecord r : lfts) {
            int s = subnet.graph().switchIndex(subnet.byLid(r.lid()).orElseThrow().node().guid());
            for (int i = 0; i < LinearForwardingTable.PER_BLOCK; i++) {
                assertEquals(subnet.routing().port(s, r.firstLid() + i), (int) r.lft().ports().get(i));
            }
            byte[] t = template();
            Bits.put16(t, 0, r.lid());
            Bits.put16(t, 2, r.blockNum());
            assertEquals(r, record(fx.ask(client, Method.GET, LFTRecord.ATTRIBUTE_ID, 0,
                    LFTRecord.Components.LID | LFTRecord.Components.BLOCK_NUM, t), LFTRecord.CODEC));
        }
    }

    @Test
    void smInfoRecordIsTheMasterAndHidesItsKey() throws Exception {
        SMInfoRecord sm = record(fx.ask(client, Method.GET, SMInfoRecord.ATTRIBUTE_ID, 0, 0, template()),
                SMInfoRecord.CODEC);
        assertEquals(subnet.smLid(), sm.lid());
        assertEquals(SmInfo.MASTER, sm.smInfo().smState());
        assertEquals(subnet.smPortGuid(), sm.smInfo().guid());
        assertEquals(0, sm.smInfo().smKey());
        assertNotNull(sm);
    }
}
