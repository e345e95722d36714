package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EContentAdapter;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Link;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.ModelChange.Kind;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.PhysicalState;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Updates of the model by identity, the notifications they fire and the deltas listeners get. */
class FabricModelServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");

    /** Counts every notification below the fabric, as a GUI's content adapter would see them. */
    static final class Recorder extends EContentAdapter {
        final List<Notification> seen = new ArrayList<>();

        @Override
        public void notifyChanged(Notification notification) {
            super.notifyChanged(notification);
            if (!notification.isTouch()) {
                seen.add(notification);
            }
        }
    }

    private Topology topology;
    private FabricSnapshot snapshot;
    private FabricModelServiceImpl service;
    private Recorder recorder;
    private final List<FabricDelta> deltas = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        topology = TopologySpec.parse("ft2:4:2:4");
        snapshot = TopologySnapshots.of(topology);
        service = new FabricModelServiceImpl();
        service.addListener(deltas::add);
    }

    private Node node(String description) {
        return service.read(f -> f.getNodes().stream().filter(n -> n.getDescription().equals(description)).findFirst()
                .orElseThrow());
    }

    private static Port port(Node node, int number) {
        return node.getPorts().stream().filter(p -> p.getNumber() == number).findFirst().orElseThrow();
    }

    private void firstUpdateThenWatch() {
        service.update(snapshot, "ft2", T0);
        deltas.clear();
        recorder = new Recorder();
        service.addAdapter(recorder);
    }

    @Test
    void theFirstUpdateAddsEveryNodeAndLinkWithItsPorts() {
        FabricDelta delta = service.update(snapshot, "ft2", T0);
        Fabric fabric = service.copy();
        assertEquals("ft2", fabric.getName());
        assertEquals(T0, fabric.getSweepTime().toInstant());
        assertEquals(TopologySnapshots.PREFIX, fabric.getSubnetPrefix());
        assertEquals(TopologySnapshots.SM_LID, fabric.getSmLid());
        assertEquals(topology.nodes().size(), fabric.getNodes().size());
        assertEquals(topology.links().size(), fabric.getLinks().size());
        assertEquals(topology.nodes().size(), delta.elements(Kind.ADDED, Node.class).size());
        assertEquals(topology.links().size(), delta.elements(Kind.ADDED, Link.class).size());
        assertEquals(List.of(), delta.elements(Kind.ADDED, Port.class), "ports come with their new node");
        assertEquals(topology.nodes().size() + topology.links().size() + 1, delta.changes().size(),
                "the nodes, the links and the fabric's own attributes, nothing else: " + delta.changes().stream()
                        .filter(c -> c.kind() == Kind.CHANGED && !(c.element() instanceof Fabric)).toList());
        assertEquals(List.of(delta), deltas, "the listener got the same delta");

        Node leaf = node("leaf001");
        assertEquals(NodeType.SWITCH, leaf.getType());
        assertEquals(port(leaf, 0).getLid(), leaf.getLid(), "a switch's LID is its port 0's");
        assertTrue(leaf.getLid() > 0);
        Port up = port(leaf, 1);
        assertEquals(PortState.ACTIVE, up.getState());
        assertEquals(PhysicalState.LINK_UP, up.getPhysicalState());
        assertEquals(2048, up.getMtu(), "NeighborMTU 4 is 2048 bytes");
        assertEquals(4096, up.getMaxMtu());
        assertEquals(up, up.getRemotePort().getRemotePort());
        Node host = node("h00001");
        assertEquals(0, host.getLid(), "a CA's LIDs are per port");
        assertEquals(leaf, port(host, 1).getRemotePort().getNode());
    }

    @Test
    void theSameSnapshotAgainChangesNothingAndFiresNothing() {
        firstUpdateThenWatch();
        Node leaf = node("leaf001");
        Port port = port(leaf, 1);
        FabricDelta delta = service.update(snapshot, "ft2", T0);
        assertTrue(delta.isEmpty(), delta.toString());
        assertEquals(List.of(), recorder.seen);
        assertEquals(List.of(), deltas, "no call for an update that changed nothing");
        assertSame(leaf, node("leaf001"), "the same node object");
        assertSame(port, port(node("leaf001"), 1), "the same port object");
    }

    @Test
    void aSavedModelLoadsBackByIdentityAndIntoANewServiceEqual() throws Exception {
        firstUpdateThenWatch();
        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        service.save(saved);
        DiscoveredLink pulled = snapshot.links().get(5);
        service.update(TopologySnapshots.unplug(snapshot, pulled), null, T0.plusSeconds(60));
        Node leaf = node("leaf001");
        recorder.seen.clear();
        deltas.clear();

        FabricDelta back = service.load(new ByteArrayInputStream(saved.toByteArray()));
        assertEquals(1, back.elements(Kind.ADDED, Link.class).size(), back.toString());
        assertEquals(2, back.elements(Kind.CHANGED, Port.class).size(), back.toString());
        assertEquals(Set.of(Literals.FABRIC__SWEEP_TIME), back.of(service.read(f -> f)).orElseThrow().features());
        assertEquals(4, back.changes().size(), back.toString());
        assertEquals(List.of(back), deltas);
        assertSame(leaf, node("leaf001"), "loading keeps the identity of what is in both");

        FabricModelServiceImpl other = new FabricModelServiceImpl();
        other.load(new ByteArrayInputStream(saved.toByteArray()));
        // (the first service's replugged link went to the end of its list; a new one has the saved order)
        assertTrue(EcoreUtil.equals(FabricXmi.load(new ByteArrayInputStream(saved.toByteArray())), other.copy()),
                "a new service loads the same model");
        assertTrue(service.load(new ByteArrayInputStream(saved.toByteArray())).isEmpty(), "loaded twice: no change");

        int links = service.read(f -> f.getLinks().size());
        assertThrows(IOException.class,
                () -> service.load(new ByteArrayInputStream("<fabric".getBytes(StandardCharsets.UTF_8))));
        assertEquals(links, (int) service.read(f -> f.getLinks().size()), "a bad file leaves the model as it was");
    }

    @Test
    void aLinkFoundFromItsOtherSideIsTheSameLink() {
        firstUpdateThenWatch();
        List<DiscoveredLink> turned = snapshot.links().stream()
                .map(l -> new DiscoveredLink(l.nodeB(), l.portB(), l.nodeA(), l.portA())).toList();
        List<Link> links = service.read(f -> List.copyOf(f.getLinks()));
        FabricDelta delta = service.update(
                new FabricSnapshot(snapshot.nodes(), turned, snapshot.localNodeGuid(), snapshot.localPort(), 0), "ft2",
                T0);
        assertTrue(delta.isEmpty(), delta.toString());
        assertEquals(List.of(), recorder.seen);
        assertEquals(links, service.read(f -> List.copyOf(f.getLinks())), "the same link objects");
    }

    @Test
    void aPulledCableRemovesItsLinkAndChangesOnlyItsEnds() {
        firstUpdateThenWatch();
        DiscoveredLink pulled = snapshot.links().get(0);
        Link before = service.read(f -> f.getLinks().stream().filter(
                l -> l.getEndA().getNode().getNodeGuid() == pulled.nodeA() && l.getEndA().getNumber() == pulled.portA()
                        || l.getEndB().getNode().getNodeGuid() == pulled.nodeA()
                                && l.getEndB().getNumber() == pulled.portA())
                .findFirst().orElseThrow());
        Port a = before.getEndA();
        Port b = before.getEndB();
        Instant t1 = T0.plusSeconds(60);

        FabricDelta delta = service.update(TopologySnapshots.unplug(snapshot, pulled), null, t1);

        assertEquals(List.of(before), delta.elements(Kind.REMOVED, Link.class));
        assertEquals(Set.of(a, b), new HashSet<>(delta.elements(Kind.CHANGED, Port.class)));
        Set<EStructuralFeature> expected = Set.of(Literals.PORT__STATE, Literals.PORT__PHYSICAL_STATE,
                Literals.PORT__WIDTH_ACTIVE, Literals.PORT__SPEED_ACTIVE, Literals.PORT__MTU, Literals.PORT__LINK);
        for (Port end : List.of(a, b)) {
            ModelChange change = delta.of(end).orElseThrow();
            // the simulated snapshot's ports have no extended speeds: speedActive drops from SDR to 0
            assertEquals(expected, change.features(), "only what the pulled cable changed");
            assertEquals(PortState.DOWN, end.getState());
            assertNull(end.getLink());
            assertNull(end.getRemotePort());
        }
        assertEquals(Set.of(Literals.FABRIC__SWEEP_TIME), delta.of(service.read(f -> f)).orElseThrow().features());
        assertEquals(4, delta.changes().size(), "the link, its two ends, the sweep time: " + delta);
        assertEquals(topology.links().size() - 1, service.read(f -> f.getLinks().size()));

        // one EMF notification per changed feature (the ends', the sweep time), the link's removal from the
        // fabric and, on the link itself, its container reference going to null
        int sets = 2 * expected.size() + 1;
        assertEquals(sets + 2, recorder.seen.size(), recorder.seen.toString());
        assertEquals(1, recorder.seen.stream().filter(n -> n.getEventType() == Notification.REMOVE).count());
        assertEquals(List.of(delta), deltas);

        // and back: the cable is replugged, a new link object joins the same two ports
        FabricDelta back = service.update(snapshot, null, t1);
        Link again = back.elements(Kind.ADDED, Link.class).getFirst();
        assertEquals(Set.of(a, b), Set.of(again.getEndA(), again.getEndB()));
        assertSame(again, a.getLink());
        assertEquals(PortState.ACTIVE, b.getState());
    }

    @Test
    void aNodeThatGoesAndComesBackIsRemovedThenAddedAndPortsFollowTheirNumbers() {
        firstUpdateThenWatch();
        DiscoveredNode host = snapshot.nodes().stream().filter(n -> n.description().equals("h00001")).findFirst()
                .orElseThrow();
        DiscoveredLink cable = snapshot.links().stream()
                .filter(l -> l.nodeA() == host.nodeGuid() || l.nodeB() == host.nodeGuid()).findFirst().orElseThrow();
        FabricSnapshot unplugged = TopologySnapshots.unplug(snapshot, cable);
        List<DiscoveredNode> without = new ArrayList<>(unplugged.nodes());
        without.removeIf(n -> n.nodeGuid() == host.nodeGuid());
        Node old = node("h00001");

        FabricDelta gone = service
                .update(new FabricSnapshot(without, unplugged.links(), snapshot.localNodeGuid(), 1, 0), null, T0);
        assertEquals(List.of(old), gone.elements(Kind.REMOVED, Node.class));
        assertEquals(1, gone.elements(Kind.REMOVED, Link.class).size());
        assertEquals(List.of(), gone.elements(Kind.REMOVED, Port.class), "its ports go with it");
        assertNull(old.getFabric(), "detached");
        assertEquals("h00001", old.getDescription(), "and keeps what it last had");

        // a renamed leaf whose port 2 was not read this time
        DiscoveredNode leaf = snapshot.nodes().stream().filter(n -> n.description().equals("leaf001")).findFirst()
                .orElseThrow();
        List<DiscoveredPort> ports = new ArrayList<>(leaf.ports());
        ports.removeIf(p -> p.number() == 2);
        List<DiscoveredNode> nodes = new ArrayList<>(snapshot.nodes());
        nodes.set(nodes.indexOf(leaf),
                TopologySnapshots.withPorts(TopologySnapshots.withDescription(leaf, "leaf-one"), ports));
        List<DiscoveredLink> links = new ArrayList<>(snapshot.links());
        links.removeIf(
                l -> l.nodeA() == leaf.nodeGuid() && l.portA() == 2 || l.nodeB() == leaf.nodeGuid() && l.portB() == 2);
        Node leafNode = node("leaf001");
        Port port2 = port(leafNode, 2);
        FabricDelta back = service.update(new FabricSnapshot(nodes, links, snapshot.localNodeGuid(), 1, 0), null, T0);
        Node added = back.elements(Kind.ADDED, Node.class).getFirst();
        assertEquals("h00001", added.getDescription());
        assertTrue(added != old, "a node that was removed comes back as a new object");
        assertEquals(Set.of(Literals.NODE__DESCRIPTION), back.of(leafNode).orElseThrow().features());
        assertEquals(List.of(port2), back.elements(Kind.REMOVED, Port.class));
        assertEquals(leafNode.getPorts().size(), leaf.ports().size() - 1);

        // port 2 read again goes back to its place in number order
        FabricDelta again = service.update(snapshot, null, T0);
        Port newPort2 = again.elements(Kind.ADDED, Port.class).getFirst();
        assertEquals(2, newPort2.getNumber());
        assertSame(newPort2, leafNode.getPorts().get(2), "ports 0, 1, 2...");
        assertEquals("leaf001", leafNode.getDescription());
    }
}
