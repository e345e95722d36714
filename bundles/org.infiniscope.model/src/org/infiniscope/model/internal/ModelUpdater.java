package org.infiniscope.model.internal;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.PhysicalState;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * Applies one snapshot to the model by identity (node GUID; node and port number; the two ends of a link), setting
 * only the features whose values differ, and records what it did. New objects are filled before they are attached,
 * so they fire one ADD notification each and no SETs.
 */
final class ModelUpdater {

    private static final FabricFactory FACTORY = FabricFactory.eINSTANCE;

    private final Fabric fabric;
    private final ChangeRecorder changes = new ChangeRecorder();

    ModelUpdater(Fabric fabric) {
        this.fabric = fabric;
    }

    ChangeRecorder changes() {
        return changes;
    }

    /** Applies a sweep: the subnet prefix and SM LID are the local port's. */
    void apply(FabricSnapshot snapshot, String name, Date sweepTime) {
        DiscoveredPort local = snapshot.node(snapshot.localNodeGuid()).flatMap(n -> n.port(snapshot.localPort()))
                .orElse(null);
        apply(snapshot, name, sweepTime, local == null ? 0L : local.gidPrefix(),
                local == null ? 0 : local.masterSmLid());
    }

    /** Applies a snapshot with the fabric's own attributes given. */
    void apply(FabricSnapshot snapshot, String name, Date sweepTime, long subnetPrefix, int smLid) {
        if (name != null) {
            set(fabric, Literals.FABRIC__NAME, fabric.getName(), name);
        }
        set(fabric, Literals.FABRIC__SWEEP_TIME, fabric.getSweepTime(), sweepTime);
        set(fabric, Literals.FABRIC__SUBNET_PREFIX, fabric.getSubnetPrefix(), subnetPrefix);
        set(fabric, Literals.FABRIC__SM_LID, fabric.getSmLid(), smLid);

        Map<Long, Node> nodes = applyNodes(snapshot.nodes());
        applyLinks(snapshot.links(), nodes);
    }

    /** @return the nodes of the model after the update, by GUID */
    private Map<Long, Node> applyNodes(List<DiscoveredNode> found) {
        Map<Long, Node> before = new HashMap<>();
        for (Node node : fabric.getNodes()) {
            before.put(node.getNodeGuid(), node);
        }
        Map<Long, Node> after = new HashMap<>();
        List<Node> added = new ArrayList<>();
        for (DiscoveredNode d : found) {
            Node node = before.remove(d.nodeGuid());
            if (node == null) {
                node = FACTORY.createNode();
                fill(node, d);
                for (DiscoveredPort p : d.ports()) {
                    Port port = FACTORY.createPort();
                    fill(port, p);
                    node.getPorts().add(port);
                }
                added.add(node);
                changes.added(node);
            } else {
                fill(node, d);
                applyPorts(node, d.ports());
            }
            after.put(d.nodeGuid(), node);
        }
        if (!before.isEmpty()) {
            Set<Node> gone = new HashSet<>(before.values());
            fabric.getNodes().removeIf(gone::contains);
            gone.forEach(changes::removed);
        }
        if (!added.isEmpty()) {
            fabric.getNodes().addAll(added);
        }
        return after;
    }

    private void applyPorts(Node node, List<DiscoveredPort> found) {
        List<Port> ports = node.getPorts();
        if (samePortNumbers(ports, found)) {
            for (int i = 0; i < found.size(); i++) {
                fill(ports.get(i), found.get(i));
            }
            return;
        }
        Map<Integer, Port> before = new HashMap<>();
        for (Port port : node.getPorts()) {
            before.put(port.getNumber(), port);
        }
        boolean insert = false;
        for (DiscoveredPort p : found) {
            Port port = before.remove(p.number());
            if (port == null) {
                port = FACTORY.createPort();
                fill(port, p);
                insert = true;
                node.getPorts().add(port);
                changes.added(port);
            } else {
                fill(port, p);
            }
        }
        if (!before.isEmpty()) {
            Set<Port> gone = new HashSet<>(before.values());
            node.getPorts().removeIf(gone::contains);
            gone.forEach(changes::removed);
        }
        if (insert) {
            // keep the ports in number order: a port read again for the first time goes to its place
            org.eclipse.emf.common.util.ECollections.sort(node.getPorts(),
                    java.util.Comparator.comparingInt(Port::getNumber));
        }
    }

    /** @return whether the node has exactly these ports, in this order (the usual case: no map needed) */
    private static boolean samePortNumbers(List<Port> ports, List<DiscoveredPort> found) {
        if (ports.size() != found.size()) {
            return false;
        }
        for (int i = 0; i < found.size(); i++) {
            if (ports.get(i).getNumber() != found.get(i).number()) {
                return false;
            }
        }
        return true;
    }

    private void applyLinks(List<DiscoveredLink> found, Map<Long, Node> nodes) {
        Map<LinkKey, Link> before = new HashMap<>();
        for (Link link : fabric.getLinks()) {
            before.put(LinkKey.of(link), link);
        }
        List<Link> added = new ArrayList<>();
        for (DiscoveredLink d : found) {
            Port a = port(nodes, d.nodeA(), d.portA());
            Port b = port(nodes, d.nodeB(), d.portB());
            if (a == null || b == null) {
                continue; // an end the sweep did not read: nothing to attach the link to
            }
            Link link = before.remove(LinkKey.of(d));
            // a sweep that reaches the cable from its other side lists its ends the other way round: same link
            if (link != null
                    && (link.getEndA() == a && link.getEndB() == b || link.getEndA() == b && link.getEndB() == a)) {
                continue;
            }
            if (link != null) {
                before.put(LinkKey.of(d), link); // same ends by number, but a port object was replaced: renew
            }
            link = FACTORY.createLink();
            link.setEndA(a);
            link.setEndB(b);
            added.add(link);
            changes.added(link);
        }
        if (!before.isEmpty()) {
            Set<Link> gone = new HashSet<>(before.values());
            fabric.getLinks().removeIf(gone::contains);
            for (Link link : gone) {
                changes.removed(link);
                detach(link.getEndA(), link);
                detach(link.getEndB(), link);
            }
        }
        if (!added.isEmpty()) {
            fabric.getLinks().addAll(added);
            for (Link link : added) {
                set(link.getEndA(), Literals.PORT__LINK, link.getEndA().getLink(), link);
                set(link.getEndB(), Literals.PORT__LINK, link.getEndB().getLink(), link);
            }
        }
    }

    /** Clears the link of an end that is still in the model (a removed port keeps the values it last had). */
    private void detach(Port port, Link link) {
        if (port != null && port.getNode() != null && port.getNode().getFabric() == fabric && port.getLink() == link) {
            set(port, Literals.PORT__LINK, port.getLink(), null);
        }
    }

    private static Port port(Map<Long, Node> nodes, long guid, int number) {
        Node node = nodes.get(guid);
        if (node == null) {
            return null;
        }
        for (Port port : node.getPorts()) {
            if (port.getNumber() == number) {
                return port;
            }
        }
        return null;
    }

    private void fill(Node node, DiscoveredNode d) {
        NodeType type = NodeType.get(d.type());
        set(node, Literals.NODE__TYPE, node.getType(), type == null ? NodeType.CA : type);
        set(node, Literals.NODE__NODE_GUID, node.getNodeGuid(), d.nodeGuid());
        set(node, Literals.NODE__SYSTEM_IMAGE_GUID, node.getSystemImageGuid(), d.systemImageGuid());
        set(node, Literals.NODE__DESCRIPTION, node.getDescription(), d.description());
        set(node, Literals.NODE__VENDOR_ID, node.getVendorId(), d.vendorId());
        set(node, Literals.NODE__DEVICE_ID, node.getDeviceId(), d.deviceId());
        set(node, Literals.NODE__REVISION, node.getRevision(), d.revision());
        set(node, Literals.NODE__NUMBER_OF_PORTS, node.getNumberOfPorts(), d.portCount());
        set(node, Literals.NODE__ENHANCED_PORT0, node.isEnhancedPort0(), d.enhancedPort0());
    }

    private void fill(Port port, DiscoveredPort p) {
        PortState state = PortState.get(p.state());
        PhysicalState physical = PhysicalState.get(p.physicalState());
        set(port, Literals.PORT__NUMBER, port.getNumber(), p.number());
        set(port, Literals.PORT__PORT_GUID, port.getPortGuid(), p.portGuid());
        set(port, Literals.PORT__LID, port.getLid(), p.lid());
        set(port, Literals.PORT__LMC, port.getLmc(), p.lmc());
        set(port, Literals.PORT__STATE, port.getState(), state == null ? PortState.UNKNOWN : state);
        set(port, Literals.PORT__PHYSICAL_STATE, port.getPhysicalState(),
                physical == null ? PhysicalState.UNKNOWN : physical);
        set(port, Literals.PORT__WIDTH_ACTIVE, port.getWidthActive(), p.widthActive());
        set(port, Literals.PORT__WIDTH_ENABLED, port.getWidthEnabled(), p.widthEnabled());
        set(port, Literals.PORT__WIDTH_SUPPORTED, port.getWidthSupported(), p.widthSupported());
        set(port, Literals.PORT__SPEED_ACTIVE, port.getSpeedActive(), p.speedActive());
        set(port, Literals.PORT__SPEED_ENABLED, port.getSpeedEnabled(), p.speedEnabled());
        set(port, Literals.PORT__SPEED_SUPPORTED, port.getSpeedSupported(), p.speedSupported());
        set(port, Literals.PORT__SPEED_EXT_ACTIVE, port.getSpeedExtActive(), p.speedExtActive());
        set(port, Literals.PORT__SPEED_EXT_ENABLED, port.getSpeedExtEnabled(), p.speedExtEnabled());
        set(port, Literals.PORT__SPEED_EXT_SUPPORTED, port.getSpeedExtSupported(), p.speedExtSupported());
        set(port, Literals.PORT__MTU, port.getMtu(), mtuBytes(p.neighborMtu()));
        set(port, Literals.PORT__MAX_MTU, port.getMaxMtu(), mtuBytes(p.mtuCap()));
        set(port, Literals.PORT__CAPABILITY_MASK, port.getCapabilityMask(), p.capabilityMask());
        set(port, Literals.PORT__REACHABLE, port.isReachable(), p.reachable());
    }

    /** @return the bytes of an IBA MTU code (1 256 ... 5 4096), 0 for any other code */
    static int mtuBytes(int code) {
        return code >= 1 && code <= 5 ? 128 << code : 0;
    }

    /** @return the IBA MTU code of a size in bytes (256 1 ... 4096 5), 0 for any other size */
    static int mtuCode(int bytes) {
        for (int code = 1; code <= 5; code++) {
            if (mtuBytes(code) == bytes) {
                return code;
            }
        }
        return 0;
    }

    /**
     * Sets a feature when its value differs from the current one, and records the change for an object that was in
     * the model before. An object not yet attached (being filled) fires nothing; one added by this update (a new
     * node's port getting its link) is in the delta as added, not changed. The typed overloads compare without
     * boxing: an update that changes little costs one pass of comparisons over the model.
     */
    private void set(EObject object, EStructuralFeature feature, Object current, Object value) {
        if (!Objects.equals(current, value)) {
            object.eSet(feature, value);
            record(object, feature);
        }
    }

    private void set(EObject object, EStructuralFeature feature, int current, int value) {
        if (current != value) {
            object.eSet(feature, value);
            record(object, feature);
        }
    }

    private void set(EObject object, EStructuralFeature feature, long current, long value) {
        if (current != value) {
            object.eSet(feature, value);
            record(object, feature);
        }
    }

    private void set(EObject object, EStructuralFeature feature, boolean current, boolean value) {
        if (current != value) {
            object.eSet(feature, value);
            record(object, feature);
        }
    }

    private void record(EObject object, EStructuralFeature feature) {
        if (object == fabric || object.eContainer() != null && !changes.isAdded(object)) {
            changes.changed(object, feature);
        }
    }
}
