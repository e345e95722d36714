package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyTables;
import org.infiniscope.sm.partition.QosOptions;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * The SM on the embedded simulator with a partitions file and QoS options: the tables read back from the ports are
 * those {@link org.infiniscope.sm.partition.PkeyCalculator} and QosCalculator compute, written once.
 */
class PolicyProgrammingSimTest {

    private static Path file(String name, String text) throws Exception {
        Path dir = Path.of("target", "sm-tests");
        Files.createDirectories(dir);
        Path f = Files.createTempFile(dir, name, ".conf");
        Files.writeString(f, text);
        return f;
    }

    private static List<Node> hosts(SimFabric sim) {
        return sim.topology().nodes().stream().filter(n -> n.type() == NodeType.CA).toList();
    }

    /** h00002, h00003 full and h00004, h00005 limited members of 0x0001; every host a limited default member. */
    private static String partitions(SimFabric sim) {
        List<Node> h = hosts(sim);
        return String.format("""
                Default=0x7fff : ALL, ALL_SWITCHES=full, SELF=full ;
                Blue=0x0001 : 0x%x=full, 0x%x=full, 0x%x, 0x%x ;
                """, h.get(1).portGuid(1), h.get(2).portGuid(1), h.get(3).portGuid(1), h.get(4).portGuid(1));
    }

    /** Every end port's whole P_Key table, read by SMP from the SM's port. */
    private static Map<Long, List<Integer>> readTables(SimSm sm, Subnet subnet) throws Exception {
        Smps smps = new Smps(sm.transport, 0, Duration.ofMillis(500), 3);
        Map<Long, List<Integer>> tables = new HashMap<>();
        for (SubnetNode n : subnet.nodes()) {
            int blocks = Math.max(1, (n.info().partitionCap() + 31) / 32);
            List<Integer> t = new ArrayList<>();
            for (int b = 0; b < blocks; b++) {
                t.addAll(
                        Smps.await(smps.get(Smps.route(n.route()), PKeyTable.CODEC, PKeyTable.modifier(b, 0))).pKeys());
            }
            tables.put(n.ports().stream().filter(p -> n.isSwitch() ? p.number() == 0 : p.number() >= 1).findFirst()
                    .orElseThrow().guid(), t);
        }
        return tables;
    }

    @Test
    void programsThePartitionsOnceAndKeepsThemWhenTheFileGoesBad() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        Path conf = file("partitions", partitions(sim));
        FabricPolicy policy = new FabricPolicy(PolicySettings.defaults(conf));
        Path guid2lid = file("guid2lid", "");
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(guid2lid), policy).start()) {
            Subnet subnet = sm.awaitUp();
            // counted when the first sweep came up: a trap can start a second sweep right after it
            Map<Integer, Long> firstSweep = sm.getsAtUp.take();
            long hosts = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).count();
            // each host's one-block table is read once, by the sweep, whose read serves the P_Key programming too;
            // the programming reads the switches' port 0 tables alone (the sweep reads no switch's)
            long switches = sim.topology().nodes().stream().filter(n -> n.isSwitch()).count();
            assertEquals(switches, policy.pkeys().endBlocksRead, "end port tables read by the programming");
            assertEquals(hosts + policy.pkeys().blocksRead, firstSweep.getOrDefault(PKeyTable.ATTRIBUTE_ID, 0L),
                    "P_Key Gets: one a host, and those of switch ports");
            PkeyTables computed = policy.pkeys().last();
            assertNotNull(computed);
            assertFalse(computed.usedDefault());
            Map<Long, List<Integer>> read = readTables(sm, subnet);
            assertEquals(subnet.nodes().size(), read.size());
            read.forEach((guid, table) -> assertEquals(computed.endPorts().get(guid).pkeys(), table,
                    String.format("the table of port 0x%016x", guid)));
            List<Node> h = hosts(sim);
            assertTrue(read.get(h.get(1).portGuid(1)).contains(0x8001));
            assertTrue(read.get(h.get(3).portGuid(1)).contains(0x0001));
            assertFalse(read.get(h.get(6).portGuid(1)).stream().anyMatch(k -> (k & 0x7FFF) == 1));
            assertTrue(read.get(h.get(6).portGuid(1)).contains(0x7FFF), "a limited default member");
            // the subnet the SA answers from shows the programmed tables
            subnet.nodes()
                    .forEach(n -> n.ports().stream().filter(p -> read.containsKey(p.guid()))
                            .filter(p -> n.isSwitch() ? p.number() == 0 : true)
                            .forEach(p -> assertEquals(
                                    read.get(p.guid()).stream().filter(k -> (k & 0x7FFF) != 0).toList(), p.pKeys(),
                                    n.description())));

            sm.channel.reset();
            Subnet again = sm.runner.sweep(SweepKind.HEAVY).get(60, TimeUnit.SECONDS).subnet().orElseThrow();
            assertEquals(0, sm.channel.sets(PKeyTable.ATTRIBUTE_ID), "a second sweep writes no P_Key block");
            assertEquals(read, readTables(sm, again));

            Files.writeString(conf, "Default=0x7fff : ALL, SELF=full ;\nBlue=0xnothex : ALL ;\n");
            sm.channel.reset();
            sm.runner.sweep(SweepKind.HEAVY).get(60, TimeUnit.SECONDS);
            assertNotNull(policy.error());
            assertTrue(policy.error().startsWith(conf + ":2:"), policy.error());
            assertEquals(0, sm.channel.sets(PKeyTable.ATTRIBUTE_ID), "a bad file writes nothing");
            assertEquals(read, readTables(sm, again), "a bad file keeps the tables in force");

            Files.writeString(conf, partitions(sim).replace(", 0x" + Long.toHexString(h.get(4).portGuid(1)), ""));
            sm.channel.reset();
            sm.runner.sweep(SweepKind.HEAVY).get(60, TimeUnit.SECONDS);
            assertNull(policy.error());
            assertEquals(2, sm.channel.sets(PKeyTable.ATTRIBUTE_ID),
                    "one port left the partition: its block and its switch port's");
        }
    }

    @Test
    void limitedMembersReachFullMembersOnly() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        FabricPolicy policy = new FabricPolicy(PolicySettings.defaults(file("partitions", partitions(sim))));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file("guid2lid", "")), policy)
                .start()) {
            Subnet subnet = sm.awaitUp();
            List<Node> h = hosts(sim);
            int[] lid = new int[h.size()];
            for (int i = 0; i < h.size(); i++) {
                lid[i] = subnet.byPortGuid(h.get(i).portGuid(1)).orElseThrow().port().info().lid();
            }
            try (MadTransport client = MadTransports.over(sim.openChannel(sim.attachPoint(h.get(3).name(), 1)),
                    new TransportConfig(4, 4))) {
                assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), path(client, subnet, lid[3], lid[4]),
                        "two limited members");
                assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), path(client, subnet, lid[3], lid[6]),
                        "two limited default members");
                assertEquals(0, path(client, subnet, lid[3], lid[1]), "a limited and a full member of 0x0001");
                assertEquals(0, path(client, subnet, lid[1], lid[2]), "two full members");
                assertEquals(0, path(client, subnet, lid[3], lid[0]), "the SM's port, a full default member");
            }
        }
    }

    /**
     * The Set that makes a switch port facing an end port enforce partitions arms it too, as the Set that gives an end
     * port its LID arms it: every port with a link takes two PortInfo Sets, the second one making it ACTIVE.
     */
    @Test
    void theEnforcementSetArmsTheSwitchPortsFacingEndPorts() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        FabricPolicy policy = new FabricPolicy(PolicySettings.defaults(null));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file("guid2lid", "")), policy)
                .start()) {
            sm.awaitUp();
            long hosts = hosts(sim).size();
            assertEquals(hosts, policy.pkeys().enforcementSets, "the switch ports facing hosts are set to enforce");
            long endports = sim.topology().nodes().size();
            long switchEnds = SimSm.switchPortsWithALink(sim);
            assertEquals(2 * endports + 2 * switchEnds, sm.channel.sets(PortInfo.ATTRIBUTE_ID),
                    endports + " endports, " + switchEnds + " switch ports with a link, " + hosts + " facing hosts");
        }
    }

    private static long tid = 1;

    @Test
    void theLayersOfADeadlockFreeEngineWinOverTheQosSl2Vl() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("torus:5:5"));
        QosOptions qos = QosOptions.parse("qos TRUE\nqos_sl2vl 7,6,5,4,3,2,1,0,7,6,5,4,3,2,1,0\n", "opensm.conf");
        FabricPolicy policy = new FabricPolicy(new PolicySettings(null, PkeyOptions.DEFAULTS, qos));
        RoutingEngines engines = new RoutingEngines();
        engines.add(new org.infiniscope.sm.internal.routing.DfssspEngine(), 0, 1);
        engines.add(new org.infiniscope.sm.internal.routing.MinHopEngine(), 0, 2);
        SmSettings settings = SimSm.settings(file("guid2lid", "")).withRouting(List.of("dfsssp"));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), settings, policy, engines).start()) {
            Subnet subnet = sm.awaitUp();
            int layers = subnet.routing().layers();
            assertTrue(layers >= 2, "dfsssp's layers on a torus: " + layers);
            Smps smps = new Smps(sm.transport, 0, Duration.ofMillis(500), 3);
            Node host = hosts(sim).get(3);
            SubnetNode n = subnet.byPortGuid(host.portGuid(1)).orElseThrow().node();
            Sl2VlTable sl2vl = Smps.await(smps.get(Smps.route(n.route()), Sl2VlTable.CODEC, 0));
            PortInfo pi = Smps.await(smps.get(Smps.route(n.route()), PortInfo.CODEC, 1));
            int vls = Math.min(layers, QosProgrammer.vlCount(pi.operationalVls()));
            for (int sl = 0; sl < 16; sl++) {
                assertEquals(sl % vls, sl2vl.vlOf(sl), "SL " + sl + " on the engine's layer, not qos_sl2vl's");
            }
        }
    }

    @Test
    void precreatesThePartitionsGroupsAndSetsMulticastFdbTop() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        FabricPolicy policy = new FabricPolicy(PolicySettings
                .defaults(file("partitions", partitions(sim).replace("Blue=0x0001 :", "Blue=0x0001, ipoib :"))));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file("guid2lid", "")), policy)
                .start()) {
            Subnet subnet = sm.awaitUp();
            List<org.infiniscope.sm.partition.PrecreatedGroup> groups = policy.groups();
            assertEquals(1, groups.size(), "Blue's IPoIB broadcast group: " + groups);
            assertEquals(0x8001, groups.get(0).pkey());
            Node host = hosts(sim).get(1); // a full member of Blue
            Gid mgid = Gid.read(groups.get(0).mgid(), 0);
            Gid port = new Gid(subnet.subnetPrefix(), host.portGuid(1));
            try (MadTransport client = MadTransports.over(sim.openChannel(sim.attachPoint(host.name(), 1)),
                    new TransportConfig(4, 4))) {
                byte[] t = new byte[SaMad.DATA_LENGTH];
                org.infiniscope.mad.sa.MCMemberRecord.CODEC
                        .encode(new org.infiniscope.mad.sa.MCMemberRecord(mgid, port, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                0, 0, 0, org.infiniscope.mad.sa.MCMemberRecord.FULL_MEMBER, false), t, 0);
                MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION,
                        Method.SET, 0, 0, tid++, org.infiniscope.mad.sa.MCMemberRecord.ATTRIBUTE_ID, 0);
                long mask = org.infiniscope.mad.sa.MCMemberRecord.Components.MGID
                        | org.infiniscope.mad.sa.MCMemberRecord.Components.PORT_GID
                        | org.infiniscope.mad.sa.MCMemberRecord.Components.JOIN_STATE;
                byte[] answer = client
                        .send(new MadRequest(new SaMad(header, SaHeader.withComponents(mask), t).encode(),
                                MadAddress.gsi(subnet.smLid()), Duration.ofSeconds(2), 1))
                        .get(30, TimeUnit.SECONDS).mad();
                assertEquals(0, (answer[4] & 0xFF) << 8 | answer[5] & 0xFF,
                        "a join without the creating components finds the precreated group");
                int mlid = SaMad.decode(answer, 0).record(org.infiniscope.mad.sa.MCMemberRecord.CODEC).mlid();
                assertTrue(mlid >= 0xC000);
                // the switch the host hangs off gets the group's MLID as its MulticastFDBTop
                SubnetNode leaf = subnet.peer(subnet.byPortGuid(host.portGuid(1)).orElseThrow().node().guid(), 1)
                        .orElseThrow().node();
                Smps smps = new Smps(sm.transport, 0, Duration.ofMillis(500), 3);
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                int top;
                do {
                    top = Smps.await(smps.get(Smps.route(leaf.route()), org.infiniscope.mad.smp.SwitchInfo.CODEC, 0))
                            .multicastFdbTop();
                    assertTrue(System.nanoTime() < deadline, "MulticastFDBTop " + top);
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                } while (top != mlid);
            }
        }
    }

    private static int path(MadTransport client, Subnet subnet, int slid, int dlid) throws Exception {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, false, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0), t, 0);
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Method.GET, 0,
                0, tid++, PathRecord.ATTRIBUTE_ID, 0);
        byte[] mad = new SaMad(header, SaHeader.withComponents(PathRecord.Components.SLID | PathRecord.Components.DLID),
                t).encode();
        byte[] answer = client.send(new MadRequest(mad, MadAddress.gsi(subnet.smLid()), Duration.ofSeconds(2), 1))
                .get(30, TimeUnit.SECONDS).mad();
        return (answer[4] & 0xFF) << 8 | answer[5] & 0xFF;
    }

    @Test
    void programsQosTablesOnce() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:3:2:3"));
        QosOptions qos = QosOptions.parse("""
                qos TRUE
                qos_max_vls 4
                qos_high_limit 3
                qos_vlarb_high 0:4,1:8
                qos_vlarb_low 0:1,1:2,2:3,3:4
                qos_sl2vl 0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3
                """, "opensm.conf");
        FabricPolicy policy = new FabricPolicy(new PolicySettings(null, PkeyOptions.DEFAULTS, qos));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file("guid2lid", "")), policy)
                .start()) {
            Subnet subnet = sm.awaitUp();
            assertTrue(policy.qos().sl2vlSets > 0 && policy.qos().vlArbSets > 0, "SL2VL and VLArb written");
            Smps smps = new Smps(sm.transport, 0, Duration.ofMillis(500), 3);
            Node host = hosts(sim).get(2);
            SubnetNode n = subnet.byPortGuid(host.portGuid(1)).orElseThrow().node();
            Sl2VlTable sl2vl = Smps.await(smps.get(Smps.route(n.route()), Sl2VlTable.CODEC, 0));
            PortInfo pi = Smps.await(smps.get(Smps.route(n.route()), PortInfo.CODEC, 1));
            int vls = QosProgrammer.vlCount(pi.operationalVls());
            for (int sl = 0; sl < 16; sl++) {
                int want = sl % 4;
                assertEquals(want < vls ? want : sl2vl.vlOf(sl), sl2vl.vlOf(sl), "SL " + sl);
            }
            VlArbitrationTable low = Smps.await(smps.get(Smps.route(n.route()), VlArbitrationTable.CODEC,
                    VlArbitrationTable.modifier(VlArbitrationTable.LOW_0_31, 0)));
            assertEquals(new VlArbitrationTable.Entry(0, 1), low.entries().get(0));
            assertTrue(policy.qos().highLimitSets > 0, "VLHighLimit set (the simulator does not keep it)");
            sm.channel.reset();
            sm.runner.sweep(SweepKind.HEAVY).get(60, TimeUnit.SECONDS);
            assertEquals(0, sm.channel.sets(Sl2VlTable.ATTRIBUTE_ID) + sm.channel.sets(VlArbitrationTable.ATTRIBUTE_ID),
                    "a second sweep writes no QoS table");
        }
    }
}
