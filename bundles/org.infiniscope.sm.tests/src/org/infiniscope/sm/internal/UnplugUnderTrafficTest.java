package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.SimTraffic;
import org.infiniscope.sim.VirtualClock;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 6, "unplug a link under traffic: the SM reroutes and every pair is reachable again": flows run between the
 * hosts of a fat tree on the LFTs the SM programmed, an inter-switch cable that carries some of them is pulled, the
 * switches' trap 128 makes the SM sweep and reroute, and then every host pair is reachable again through the LFTs
 * read back, every flow is routed and carries its whole rate, and the data counters move on the new paths and not on
 * the pulled link.
 */
class UnplugUnderTrafficTest {

    /** A flow's rate: 16 flows, 4 a leaf over 2 uplinks of 1 GB/s (4X SDR): no link is oversubscribed. */
    private static final double RATE = 0.1e9;

    /** The Notice attribute: traps. */
    private static final int NOTICE = 0x0002;

    /**
     * @param trapLost whether the leaf's trap 128 is lost on its way to the SM, so that only the SM's timer (a light
     *        sweep that finds the switch's PortStateChange) can make it reroute
     */
    @ParameterizedTest(name = "trap lost: {0}")
    @ValueSource(booleans = {false, true})
    void theSmReroutesAroundAPulledUplinkAndTheFlowsGoOnOverTheNewPaths(boolean trapLost) throws Exception {
        VirtualClock clock = new VirtualClock();
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"), clock);
        List<Node> hosts = sim.topology().nodes().stream().filter(n -> n.type() == NodeType.CA).toList();
        Map<Long, String> names = new HashMap<>();
        sim.topology().nodes().forEach(n -> names.put(n.nodeGuid(), n.name()));
        Path dir = Files.createDirectories(Path.of("target", "sm-tests"));
        SmSettings settings = SimSm.settings(Files.createTempFile(dir, "unplug", ".guid2lid"));
        if (trapLost) {
            settings = settings.withTimers(Duration.ofMillis(200), Duration.ofMillis(100), 2);
        }
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), settings).start()) {
            sm.awaitUp();
            // the shift permutation host i -> host i+4: every flow leaves its leaf
            Map<Node, Node> flows = new LinkedHashMap<>();
            for (int i = 0; i < hosts.size(); i++) {
                Node from = hosts.get(i);
                Node to = hosts.get((i + 4) % hosts.size());
                flows.put(from, to);
                sim.traffic().start(from.name(), to.name(), RATE);
            }
            clock.advance(Duration.ofSeconds(1));
            assertEquals(List.of(), sim.traffic().unrouted(), "every flow routed on the SM's tables");

            FabricCheck before = FabricCheck.read(sim, lastCa(sim));
            Map<Node, List<FabricCheck.Hop>> oldPaths = paths(before, flows);
            // a leaf's uplink that some flows take
            FabricCheck.Hop cut = oldPaths.values().stream().flatMap(List::stream)
                    .filter(h -> isSwitch(sim, peerOf(sim, names.get(h.switchGuid()), h.port()).a())).findFirst()
                    .orElseThrow();
            String leaf = names.get(cut.switchGuid());
            List<Node> through = oldPaths.entrySet().stream().filter(e -> e.getValue().contains(cut))
                    .map(Map.Entry::getKey).toList();
            assertFalse(through.isEmpty());

            // a sweep that traps of the bring-up started is over before the cable is pulled
            long sweep = sm.runner.sweep(SweepKind.HEAVY).get().subnet().get().sweep();
            if (trapLost) {
                sim.faults().dropRate(sim.defaultAttachPoint().name(), 1, 100, NOTICE);
            }
            sim.faults().unplug(leaf, cut.port());
            // without the timer (sweep interval 0) only the trap 128 the leaf sends can make the SM sweep and
            // reroute; with the trap lost, the timer's light sweep finds the leaf's PortStateChange
            long leafGuid = sim.topology().node(leaf).get().nodeGuid();
            Subnet rerouted = sm.awaitUp();
            while (rerouted.peer(leafGuid, cut.port()).isPresent()) {
                rerouted = sm.awaitUp();
            }
            assertTrue(rerouted.sweep() > sweep, "a sweep after the cable was pulled");

            FabricCheck after = FabricCheck.read(sim, lastCa(sim));
            assertEquals(List.of(), after.notActive(), "every port that is up is ACTIVE");
            List<String> unreachable = after.unreachable();
            assertEquals(List.of(), unreachable.subList(0, Math.min(10, unreachable.size())),
                    "every host reaches every endport's LIDs through the LFTs read back");
            Map<Node, List<FabricCheck.Hop>> newPaths = paths(after, flows);
            for (Node from : through) {
                assertFalse(newPaths.get(from).contains(cut), from.name() + "'s flow left the pulled link");
                assertNotEquals(oldPaths.get(from), newPaths.get(from), from.name() + "'s flow was rerouted");
            }

            // the flows go on: a second more, counted on every port of the new paths and none on the pulled link
            Map<FabricCheck.Hop, Integer> load = new HashMap<>();
            newPaths.values().forEach(p -> p.forEach(h -> load.merge(h, 1, Integer::sum)));
            Map<FabricCheck.Hop, Long> start = new HashMap<>();
            load.keySet().forEach(h -> start.put(h, xmitData(sim, names, h)));
            long pulled = xmitData(sim, names, cut);
            clock.advance(Duration.ofSeconds(1));
            assertEquals(List.of(), sim.traffic().unrouted(), "every flow routed again");
            for (SimTraffic.Flow flow : sim.traffic().flows()) {
                assertEquals(RATE, flow.achievedBytesPerSecond(), RATE * 1e-6, flow + " carries its whole rate");
            }
            List<String> wrong = new ArrayList<>();
            load.forEach((hop, n) -> {
                long words = xmitData(sim, names, hop) - start.get(hop);
                // payload in words of 4 bytes, plus packet headers (24 bytes of 2048) and a few MADs
                double payload = n * RATE / 4;
                if (words < payload || words > payload * 1.02 + 10_000) {
                    wrong.add(names.get(hop.switchGuid()) + "[" + hop.port() + "] " + words + " words for " + n
                            + " flows");
                }
            });
            assertEquals(List.of(), wrong, "PortXmitData on the new paths");
            assertEquals(pulled, xmitData(sim, names, cut), "nothing leaves by the pulled port");
        }
    }

    private static Map<Node, List<FabricCheck.Hop>> paths(FabricCheck check, Map<Node, Node> flows) {
        Map<Node, List<FabricCheck.Hop>> paths = new HashMap<>();
        flows.forEach((from, to) -> {
            List<FabricCheck.Hop> path = check.path(from.nodeGuid(), 1, to.nodeGuid(), 1);
            assertFalse(path.isEmpty(), from.name() + " -> " + to.name() + " through the LFTs");
            paths.put(from, path);
        });
        return paths;
    }

    private static long xmitData(SimFabric sim, Map<Long, String> names, FabricCheck.Hop hop) {
        return sim.faults().counter(names.get(hop.switchGuid()), hop.port(), PortCounter.PORT_XMIT_DATA);
    }

    /** @return the link at a port, seen from the other end ({@code a()} is the peer) */
    private static Link peerOf(SimFabric sim, String node, int port) {
        for (Link l : sim.topology().links()) {
            if (l.a().equals(node) && l.portA() == port) {
                return new Link(l.b(), l.portB(), l.a(), l.portA(), l.width(), l.speed(), l.extSpeed());
            }
            if (l.b().equals(node) && l.portB() == port) {
                return l;
            }
        }
        throw new AssertionError("no link at " + node + "[" + port + "]");
    }

    private static boolean isSwitch(SimFabric sim, String node) {
        return sim.topology().node(node).get().isSwitch();
    }

    private static SimFabric.AttachPoint lastCa(SimFabric sim) {
        var ca = sim.topology().nodes().stream().filter(n -> n.type() == NodeType.CA).reduce((a, b) -> b).get();
        return sim.attachPoint(ca.name(), 1);
    }
}
