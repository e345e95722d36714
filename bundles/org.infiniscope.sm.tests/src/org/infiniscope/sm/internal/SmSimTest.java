package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SM on the embedded simulator: SUBNET UP, then what an independent reader finds in the fabric. */
class SmSimTest {

    private static Path tmp(String name) throws Exception {
        Path dir = Path.of("target", "sm-tests");
        Files.createDirectories(dir);
        return Files.createTempFile(dir, name, ".guid2lid");
    }

    private static SimFabric.AttachPoint lastCa(SimFabric sim) {
        var ca = sim.topology().nodes().stream().filter(n -> n.type() == NodeType.CA).reduce((a, b) -> b).get();
        return sim.attachPoint(ca.name(), 1);
    }

    private static void assertConfigured(SimFabric sim) throws Exception {
        FabricCheck c = FabricCheck.read(sim, lastCa(sim));
        assertEquals(List.of(), c.notActive(), "every port that is up is ACTIVE");
        assertEquals(List.of(), c.lidProblems(), "every endport has its own aligned LIDs");
        List<String> unreachable = c.unreachable();
        assertEquals(List.of(), unreachable.subList(0, Math.min(10, unreachable.size())),
                "every host reaches every endport's LIDs through the LFTs read back");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ft2:4:2:4", "ft3:4", "random:6:12:42", "torus:3:3", "dfly:3:2"})
    void bringsGeneratedFabricsUp(String spec) throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse(spec));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("up"))).start()) {
            Subnet subnet = sm.awaitUp();
            assertEquals(SmState.MASTER, sm.runner.state());
            assertEquals(sim.topology().nodes().size(), subnet.nodes().size());
            assertEquals(sm.runner.portGuid(), subnet.smPortGuid());
            assertConfigured(sim);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void honoursLmc(int lmc) throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:3:2:3"));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("lmc")).withLmc(lmc)).start()) {
            Subnet subnet = sm.awaitUp();
            subnet.nodes().stream().filter(n -> !n.isSwitch()).forEach(n -> n.ports().forEach(p -> {
                assertEquals(lmc, p.info().lmc(), n.description());
                assertEquals(0, p.info().lid() % (1 << lmc), n.description() + " LID aligned");
            }));
            assertConfigured(sim);
        }
    }

    @Test
    void keepsLidsAcrossARestartThroughTheGuid2lidFile() throws Exception {
        Path file = tmp("restart");
        Map<Long, Integer> before = new HashMap<>();
        SimFabric first = SimFabric.of(TopologySpec.parse("ft2:3:2:2"));
        try (SimSm sm = new SimSm(first, first.defaultAttachPoint(), SimSm.settings(file)).start()) {
            sm.awaitUp().nodes().forEach(n -> n.ports().stream().filter(p -> p.info().lid() != 0)
                    .forEach(p -> before.put(p.guid(), p.info().lid())));
        }
        String text = Files.readString(file);
        assertTrue(text.lines().allMatch(l -> l.matches("0x[0-9a-f]{16} \\d+ \\d+")), text);
        assertEquals(before.size(), text.lines().count(), "one line per endport");
        // a fabric powered on afresh: every LID 0, so only the file can give the same LIDs back
        SimFabric second = SimFabric.of(TopologySpec.parse("ft2:3:2:2"));
        Map<Long, Integer> after = new HashMap<>();
        try (SimSm sm = new SimSm(second, lastCa(second), SimSm.settings(file)).start()) {
            sm.awaitUp().nodes().forEach(n -> n.ports().stream().filter(p -> p.info().lid() != 0)
                    .forEach(p -> after.put(p.guid(), p.info().lid())));
        }
        assertEquals(before, after);
    }

    @Test
    void resolvesDuplicateLidsKeepingTheGuid2lidOwners() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        var hosts = sim.topology().nodes().stream().filter(n -> n.type() == NodeType.CA).toList();
        long keeper = hosts.get(2).portGuid(1);
        Path file = tmp("dup");
        Files.writeString(file, String.format("0x%016x 7 7%n", keeper));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file)).start()) {
            sm.awaitUp();
        }
        // two hosts made to hold LID 7 (and a third 9) as another SM might have left them
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file)).start()) {
            Subnet s = sm.awaitUp();
            assertEquals(7, s.byPortGuid(keeper).get().port().info().lid(), "the guid2lid owner has LID 7");
            setLid(sm, s, hosts.get(1).portGuid(1), 7);
            setLid(sm, s, hosts.get(3).portGuid(1), 7);
            Subnet again = sm.runner.sweep(SweepKind.HEAVY).get().subnet().get();
            assertEquals(7, again.byPortGuid(keeper).get().port().info().lid(), "the guid2lid owner keeps LID 7");
            assertTrue(again.byPortGuid(hosts.get(1).portGuid(1)).get().port().info().lid() != 7);
            assertTrue(again.byPortGuid(hosts.get(3).portGuid(1)).get().port().info().lid() != 7);
        }
        assertConfigured(sim);
    }

    private static void setLid(SimSm sm, Subnet s, long portGuid, int lid) throws Exception {
        var ref = s.byPortGuid(portGuid).get();
        var peer = s.peer(ref.node().guid(), ref.port().number()).get();
        int[] route = new java.util.ArrayList<>(peer.node().route()).stream().mapToInt(Integer::intValue).toArray();
        int[] toHost = java.util.Arrays.copyOf(route, route.length + 1);
        toHost[route.length] = peer.port().number();
        Smps smps = new Smps(sm.transport, 0, java.time.Duration.ofMillis(500), 3);
        PortInfo now = Smps.await(smps.get(toHost, PortInfo.CODEC, ref.port().number()));
        Smps.await(smps.set(toHost, PortInfo.CODEC, ref.port().number(), PortSettings.base(now).lid(lid).build()));
    }

    @Test
    void aSecondSweepWritesNoLftBlockAndARestartedSmOnlyReadsThem() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        Path file = tmp("again");
        long firstBlocks;
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(file)).start()) {
            sm.awaitUp();
            firstBlocks = sm.channel.sets(LinearForwardingTable.ATTRIBUTE_ID);
            assertTrue(firstBlocks >= 6, "the first sweep writes every switch's blocks: " + firstBlocks);
            long firstSmps = sm.reports.get(0).smps();
            sm.channel.reset();
            SweepReport again = sm.runner.sweep(SweepKind.HEAVY).get();
            assertTrue(again.up(), again.toString());
            assertEquals(0, sm.channel.sets(LinearForwardingTable.ATTRIBUTE_ID), "no LFT block changed");
            assertEquals(0, sm.channel.sets(PortInfo.ATTRIBUTE_ID), "no port changed");
            assertTrue(again.smps() < firstSmps, again.smps() + " SMPs after " + firstSmps);
        }
        // another SM on the configured fabric reads the tables and finds nothing to write
        try (SimSm sm = new SimSm(sim, lastCa(sim), SimSm.settings(file)).start()) {
            sm.awaitUp();
            assertEquals(0, sm.channel.sets(LinearForwardingTable.ATTRIBUTE_ID), "the tables held are right");
        }
    }

    /**
     * A port in INIT is armed by the programming phase's PortInfo Set that gives it its LID, so that bringing the
     * fabric up takes two PortInfo Sets an endport (LIDs and ARMED, then ACTIVE) and two a switch's external port
     * (ARMED, ACTIVE).
     */
    @Test
    void theEndportsAreArmedByTheSetThatGivesThemTheirLids() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("arm"))).start()) {
            sm.awaitUp();
            long endports = sim.topology().nodes().size();
            long switchEnds = SimSm.switchPortsWithALink(sim);
            assertEquals(2 * endports + 2 * switchEnds, sm.channel.sets(PortInfo.ATTRIBUTE_ID),
                    endports + " endports, " + switchEnds + " switch ports with a link");
        }
        assertConfigured(sim);
    }

    /**
     * The heavy sweep reads NodeInfo, SwitchInfo and PortInfo as often as a discovery sweep alone does: what the SM
     * needs of them comes from what the sweep read, not from a second round of Gets.
     */
    @Test
    void theSmReadsNoNodeSwitchOrPortInfoTheDiscoverySweepReadAlready() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        SimSm.CountingChannel alone = new SimSm.CountingChannel(sim.openChannel(sim.defaultAttachPoint()));
        try (var transport = org.infiniscope.mad.transport.MadTransports.over(alone,
                new org.infiniscope.mad.transport.TransportConfig(16, 16))) {
            SimSm.discovery().sweep(transport, org.infiniscope.discovery.SweepOptions.DEFAULT);
        }
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("once"))).start()) {
            sm.awaitUp();
            // counted when the first sweep came up: a trap can start a second sweep right after it
            Map<Integer, Long> firstSweep = sm.getsAtUp.take();
            for (int attribute : new int[]{org.infiniscope.mad.smp.NodeInfo.ATTRIBUTE_ID,
                    org.infiniscope.mad.smp.SwitchInfo.ATTRIBUTE_ID, PortInfo.ATTRIBUTE_ID}) {
                assertTrue(alone.gets(attribute) > 0, "the sweep reads attribute " + attribute);
                assertEquals(alone.gets(attribute), firstSweep.getOrDefault(attribute, 0L),
                        "Gets of attribute 0x" + Integer.toHexString(attribute));
            }
        }
    }

    @Test
    void aPulledCableSendsTrap128AndTheSmReroutes() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("trap"))).start()) {
            sm.awaitUp();
            assertConfigured(sim);
            Link uplink = sim.topology().links().stream().filter(
                    l -> sim.topology().node(l.a()).get().isSwitch() && sim.topology().node(l.b()).get().isSwitch())
                    .findFirst().get();
            // a sweep that traps of the bring-up started is over before the cable is pulled
            long before = sm.runner.sweep(SweepKind.HEAVY).get().subnet().get().sweep();
            sm.ups.clear();
            sim.faults().unplug(uplink.a(), uplink.portA());
            // the sweep interval is 0: only the switches' trap 128 can make the SM sweep again
            Subnet rerouted = sm.awaitUp();
            assertTrue(rerouted.sweep() > before, "a sweep after the cable was pulled");
            assertConfigured(sim);
        }
    }

    @Test
    void theHigherPriorityIsMasterAndTheStandbyTakesOverKeepingTheLids() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        SimSm low = new SimSm(sim, lastCa(sim), SimSm.settings(tmp("low")).withPriority(2));
        Map<Long, Integer> lids = new HashMap<>();
        try (SimSm high = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("high")).withPriority(5))
                .start()) {
            high.awaitUp().nodes().forEach(n -> n.ports().stream().filter(p -> p.info().lid() != 0)
                    .forEach(p -> lids.put(p.guid(), p.info().lid())));
            low.start();
            waitFor(() -> low.runner.state() == SmState.STANDBY, "the lower priority stands by");
            assertEquals(SmState.MASTER, high.runner.state());
        }
        // the master is gone: the standby's polls go unanswered and it takes over
        try (low) {
            Subnet s = low.awaitUp();
            assertEquals(SmState.MASTER, low.runner.state());
            Map<Long, Integer> now = new HashMap<>();
            s.nodes().forEach(n -> n.ports().stream().filter(p -> p.info().lid() != 0)
                    .forEach(p -> now.put(p.guid(), p.info().lid())));
            assertEquals(lids, now, "the LIDs held in the ports are kept");
        }
    }

    @Test
    void aMasterHandsOverToAHigherPriorityStandby() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        try (SimSm low = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("m1")).withPriority(1)).start()) {
            low.awaitUp();
            try (SimSm high = new SimSm(sim, lastCa(sim), SimSm.settings(tmp("m2")).withPriority(9)).start()) {
                // the newcomer finds a master and stands by, unless the master's sweep (trap 144: an SM port
                // appeared) already found it standing by and handed over
                waitFor(() -> high.runner.state() == SmState.STANDBY || high.runner.state() == SmState.MASTER,
                        "the newcomer finds a master");
                if (high.runner.state() == SmState.STANDBY) {
                    // the master's timer: a light sweep finds the standby that outranks it, and hands over
                    low.runner.sweep(SweepKind.LIGHT).get();
                }
                waitFor(() -> low.runner.state() == SmState.STANDBY, "the master hands over");
                high.awaitUp();
                assertEquals(SmState.MASTER, high.runner.state());
            }
        }
    }

    @Test
    void theMasterRunsTheSaOnItsSubnet() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:3"));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(tmp("sa"))).start();
                var client = org.infiniscope.mad.transport.MadTransports.over(sim.openChannel(lastCa(sim)),
                        new org.infiniscope.mad.transport.TransportConfig(4, 4))) {
            Subnet s = sm.awaitUp();
            var h = new org.infiniscope.mad.MadHeader(org.infiniscope.mad.MadHeader.BASE_VERSION,
                    org.infiniscope.mad.MgmtClass.SUBN_ADM, org.infiniscope.mad.sa.SaMad.CLASS_VERSION,
                    org.infiniscope.mad.Method.GET_TABLE, 0, 0, 1, org.infiniscope.mad.sa.NodeRecord.ATTRIBUTE_ID, 0);
            byte[] mad = new org.infiniscope.mad.sa.SaMad(h, org.infiniscope.mad.sa.SaHeader.withComponents(0),
                    new byte[org.infiniscope.mad.sa.SaMad.DATA_LENGTH]).encode();
            byte[] answer = client.send(new org.infiniscope.mad.transport.MadRequest(mad,
                    org.infiniscope.mad.transport.MadAddress.gsi(s.smLid()), java.time.Duration.ofSeconds(2), 2)).get()
                    .mad();
            assertEquals(0, (answer[4] & 0xFF) << 8 | answer[5] & 0xFF, "NodeRecord GetTable status");
            var records = org.infiniscope.mad.sa.SaTable.decode(answer, org.infiniscope.mad.sa.NodeRecord.CODEC);
            assertEquals(s.nodes().size(), records.size(), "a NodeRecord per node (one port each here)");
        }
    }

    @Test
    void anMKeyIsSetProtectedAndCarriedAndNeverInTheSettingsText() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        long key = 0x1234_5678_9abc_def0L;
        SmSettings settings = SimSm.settings(tmp("mkey")).withKeys(0x55, key, 60, 2);
        String text = settings.toString().toLowerCase(java.util.Locale.ROOT);
        assertTrue(!text.contains("123456789abcdef0") && !text.contains(Long.toString(key)) && !text.contains("0x55"),
                text);
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), settings).start()) {
            Subnet s = sm.awaitUp();
            var host = s.nodes().stream().filter(n -> !n.isSwitch()).reduce((a, b) -> b).get();
            var peer = s.peer(host.guid(), 1).get();
            int[] r = peer.node().route().stream().mapToInt(Integer::intValue).toArray();
            int[] route = java.util.Arrays.copyOf(r, r.length + 1);
            route[r.length] = peer.port().number();
            // level 2: a Get without the key goes unanswered, one with it reads the port and its key
            Smps without = new Smps(sm.transport, 0, java.time.Duration.ofMillis(100), 0);
            assertThrows(Smps.SmpException.class, () -> Smps.await(without.get(route, PortInfo.CODEC, 1)));
            Smps with = new Smps(sm.transport, key, java.time.Duration.ofMillis(500), 1);
            PortInfo pi = Smps.await(with.get(route, PortInfo.CODEC, 1));
            assertEquals(key, pi.mKey());
            assertEquals(2, pi.mKeyProtectBits());
            assertEquals(60, pi.mKeyLeasePeriod());
            // the SM carries the key: its next sweep reads and configures everything again
            assertTrue(sm.runner.sweep(SweepKind.HEAVY).get().up());
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws Exception {
        long end = System.nanoTime() + SimSm.WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out: " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
