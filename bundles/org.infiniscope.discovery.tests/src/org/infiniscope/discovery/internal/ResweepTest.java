package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricChange;
import org.infiniscope.discovery.FabricDiff;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.Resweep;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * Cables pulled and plugged back with the simulator's faults: the light re-sweep must report the fabric a full sweep
 * finds, and exactly the changes {@link FabricDiff} finds between the two full sweeps.
 */
class ResweepTest {

    private static final SweepOptions FAST = new SweepOptions(16, Duration.ofMillis(100), 2);

    private final SimFabric fabric;
    private SimFabric.AttachPoint at;

    ResweepTest() throws Exception {
        // 4 leaves, 2 spines, 4 hosts a leaf: two cables from each leaf to each spine
        fabric = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        at = fabric.defaultAttachPoint();
    }

    private FabricSnapshot sweep() throws IOException, DiscoveryException, InterruptedException {
        return SweepTest.sweep(fabric, at, FAST);
    }

    private Resweep resweep(FabricSnapshot previous) throws IOException, DiscoveryException, InterruptedException {
        try (MadTransport transport = MadTransports.over(fabric.openChannel(at),
                new TransportConfig(FAST.window(), FAST.window()))) {
            return new DiscoveryImpl().resweep(transport, FAST, previous);
        }
    }

    /** The re-sweep agrees with a full sweep of the fabric as it is now, and with FabricDiff between full sweeps. */
    private Resweep check(FabricSnapshot before) throws Exception {
        Resweep r = resweep(before);
        FabricSnapshot full = sweep();
        assertEquals(IbnetdiscoverText.topology(full, "DATE"), IbnetdiscoverText.topology(r.snapshot(), "DATE"));
        assertEquals(full.nodes(), r.snapshot().nodes(), "every node, port, order and route as a full sweep's");
        assertEquals(FabricDiff.compare(before, full), r.changes());
        assertEquals(List.of(), FabricDiff.compare(full, r.snapshot()));
        return r;
    }

    static FabricChange change(FabricChange.Kind kind, long guid, int port, List<String> fields) {
        return new FabricChange(kind, guid, port, null, fields);
    }

    private long guid(FabricSnapshot s, String description) {
        return s.nodes().stream().filter(n -> n.description().equals(description)).findFirst().orElseThrow().nodeGuid();
    }

    @Test
    void anUnchangedFabricHasNoChangesAndCostsFewerSmps() throws Exception {
        FabricSnapshot before = sweep();
        Resweep r = check(before);
        assertEquals(List.of(), r.changes());
        assertTrue(r.smpsSent() < before.smpsSent() / 2, r.smpsSent() + " SMPs vs " + before.smpsSent());
    }

    @Test
    void aPulledUplinkIsALinkRemovedAndTwoPortsDown() throws Exception {
        FabricSnapshot before = sweep();
        long leaf = guid(before, "leaf003");
        DiscoveredLink uplink = before.links().stream()
                .filter(l -> l.nodeA() == leaf && l.portA() == 5 || l.nodeB() == leaf && l.portB() == 5).findFirst()
                .orElseThrow();
        fabric.faults().unplug("leaf003", 5);
        Resweep r = check(before);
        long spine = uplink.nodeA() == leaf ? uplink.nodeB() : uplink.nodeA();
        int spinePort = uplink.nodeA() == leaf ? uplink.portB() : uplink.portA();
        for (long[] end : new long[][]{{leaf, 5}, {spine, spinePort}}) {
            FabricChange port = r.changes().stream().filter(
                    c -> c.kind() == FabricChange.Kind.PORT_CHANGED && c.nodeGuid() == end[0] && c.port() == end[1])
                    .findFirst().orElseThrow();
            assertTrue(port.fields().containsAll(List.of("state", "physicalState")), port.toString());
        }
        assertTrue(r.changes().contains(
                new FabricChange(FabricChange.Kind.LINK_REMOVED, uplink.nodeA(), uplink.portA(), uplink, List.of())),
                r.changes().toString());
        assertEquals(3, r.changes().size(), r.changes().toString());

        fabric.faults().replug("leaf003", 5);
        Resweep back = check(r.snapshot());
        assertTrue(back.changes().stream().anyMatch(c -> c.kind() == FabricChange.Kind.LINK_ADDED),
                back.changes().toString());
    }

    @Test
    void aSwitchWhoseRouteWasPulledIsFoundByAnotherRoute() throws Exception {
        FabricSnapshot before = sweep();
        DiscoveredNode spine = before.nodes().stream().filter(n -> n.description().equals("spine001")).findFirst()
                .orElseThrow();
        // the last hop of the spine's route leaves leaf001, the local host's leaf
        List<Integer> route = spine.route();
        assertEquals(2, route.size(), route.toString());
        fabric.faults().unplug("leaf001", route.get(1));
        Resweep r = check(before);
        assertTrue(r.snapshot().node(spine.nodeGuid()).isPresent());
        assertTrue(!r.snapshot().node(spine.nodeGuid()).orElseThrow().route().equals(route));
    }

    @Test
    void aPulledHostCableRemovesTheHost() throws Exception {
        FabricSnapshot before = sweep();
        long host = guid(before, "h00006");
        fabric.faults().unplug("h00006", 1);
        Resweep r = check(before);
        assertTrue(r.changes().contains(change(FabricChange.Kind.NODE_REMOVED, host, 0, List.of())),
                r.changes().toString());
        assertTrue(r.changes().stream().anyMatch(c -> c.kind() == FabricChange.Kind.LINK_REMOVED
                && (c.link().nodeA() == host || c.link().nodeB() == host)), r.changes().toString());

        fabric.faults().replug("h00006", 1);
        Resweep back = check(r.snapshot());
        assertTrue(back.changes().contains(change(FabricChange.Kind.NODE_ADDED, host, 0, List.of())),
                back.changes().toString());
    }

    @Test
    void fromASwitchACableSeenFromBothSidesIsOneChange() throws Exception {
        at = fabric.attachPoint("spine002", 0);
        FabricSnapshot before = sweep();
        fabric.faults().unplug("leaf004", 8);
        fabric.faults().unplug("h00001", 1);
        Resweep r = check(before);
        assertEquals(1, r.changes().stream().filter(c -> c.kind() == FabricChange.Kind.NODE_REMOVED).count(),
                r.changes().toString());
        fabric.faults().replug("leaf004", 8);
        fabric.faults().replug("h00001", 1);
        check(r.snapshot());
    }

    @Test
    void aSnapshotOfAnotherFabricIsReplacedWhole() throws Exception {
        // the generators number GUIDs alike: the smaller fabric's nodes have the GUIDs of this one's, other ports
        SimFabric small = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        FabricSnapshot other = SweepTest.sweep(small, small.defaultAttachPoint(), FAST);
        Resweep r = check(other);
        assertTrue(r.changes().stream().anyMatch(c -> c.kind() == FabricChange.Kind.NODE_ADDED), r.toString());
    }
}
