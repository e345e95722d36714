package org.infiniscope.discovery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The differences between two snapshots as {@link FabricChange} events: nodes by node GUID, ports by node GUID and
 * port number, links by their two ends (a link is the same link whichever end a sweep found first). Events come in a
 * fixed order: removed nodes, added nodes, changed nodes; then ports and links, each in the new (for added) or old
 * (for removed) snapshot's node order. A node that appears or disappears brings no port events of its own, only its
 * node and link events.
 */
public final class FabricDiff {

    private FabricDiff() {
    }

    /** @return what changed from {@code before} to {@code after}; empty when the fabric is the same */
    public static List<FabricChange> compare(FabricSnapshot before, FabricSnapshot after) {
        Map<Long, DiscoveredNode> old = before.nodesByGuid();
        Map<Long, DiscoveredNode> now = after.nodesByGuid();
        List<FabricChange> changes = new ArrayList<>();
        for (DiscoveredNode n : before.nodes()) {
            if (!now.containsKey(n.nodeGuid())) {
                changes.add(new FabricChange(FabricChange.Kind.NODE_REMOVED, n.nodeGuid(), 0, null, List.of()));
            }
        }
        for (DiscoveredNode n : after.nodes()) {
            if (!old.containsKey(n.nodeGuid())) {
                changes.add(new FabricChange(FabricChange.Kind.NODE_ADDED, n.nodeGuid(), 0, null, List.of()));
            }
        }
        for (DiscoveredNode n : after.nodes()) {
            DiscoveredNode o = old.get(n.nodeGuid());
            if (o != null) {
                List<String> fields = nodeFields(o, n);
                if (!fields.isEmpty()) {
                    changes.add(new FabricChange(FabricChange.Kind.NODE_CHANGED, n.nodeGuid(), 0, null, fields));
                }
            }
        }
        for (DiscoveredNode n : after.nodes()) {
            DiscoveredNode o = old.get(n.nodeGuid());
            if (o != null) {
                ports(o, n, changes);
            }
        }
        Set<Key> oldLinks = keys(before.links());
        Set<Key> newLinks = keys(after.links());
        for (DiscoveredLink l : before.links()) {
            if (!newLinks.contains(Key.of(l))) {
                changes.add(new FabricChange(FabricChange.Kind.LINK_REMOVED, l.nodeA(), l.portA(), l, List.of()));
            }
        }
        for (DiscoveredLink l : after.links()) {
            if (!oldLinks.contains(Key.of(l))) {
                changes.add(new FabricChange(FabricChange.Kind.LINK_ADDED, l.nodeA(), l.portA(), l, List.of()));
            }
        }
        return List.copyOf(changes);
    }

    private static void ports(DiscoveredNode o, DiscoveredNode n, List<FabricChange> changes) {
        Map<Integer, DiscoveredPort> oldPorts = new HashMap<>();
        o.ports().forEach(p -> oldPorts.put(p.number(), p));
        Set<Integer> newNumbers = new HashSet<>();
        for (DiscoveredPort p : n.ports()) {
            newNumbers.add(p.number());
            DiscoveredPort q = oldPorts.get(p.number());
            if (q == null) {
                changes.add(new FabricChange(FabricChange.Kind.PORT_ADDED, n.nodeGuid(), p.number(), null, List.of()));
            } else {
                List<String> fields = portFields(q, p);
                if (!fields.isEmpty()) {
                    changes.add(
                            new FabricChange(FabricChange.Kind.PORT_CHANGED, n.nodeGuid(), p.number(), null, fields));
                }
            }
        }
        for (DiscoveredPort q : o.ports()) {
            if (!newNumbers.contains(q.number())) {
                changes.add(
                        new FabricChange(FabricChange.Kind.PORT_REMOVED, n.nodeGuid(), q.number(), null, List.of()));
            }
        }
    }

    private static List<String> nodeFields(DiscoveredNode a, DiscoveredNode b) {
        List<String> fields = new ArrayList<>();
        differ(fields, "type", a.type(), b.type());
        differ(fields, "systemImageGuid", a.systemImageGuid(), b.systemImageGuid());
        differ(fields, "description", a.description(), b.description());
        differ(fields, "vendorId", a.vendorId(), b.vendorId());
        differ(fields, "deviceId", a.deviceId(), b.deviceId());
        differ(fields, "revision", a.revision(), b.revision());
        differ(fields, "portCount", a.portCount(), b.portCount());
        differ(fields, "enhancedPort0", a.enhancedPort0(), b.enhancedPort0());
        return fields;
    }

    private static List<String> portFields(DiscoveredPort a, DiscoveredPort b) {
        List<String> fields = new ArrayList<>();
        differ(fields, "portGuid", a.portGuid(), b.portGuid());
        differ(fields, "lid", a.lid(), b.lid());
        differ(fields, "lmc", a.lmc(), b.lmc());
        differ(fields, "state", a.state(), b.state());
        differ(fields, "physicalState", a.physicalState(), b.physicalState());
        differ(fields, "widthActive", a.widthActive(), b.widthActive());
        differ(fields, "speedActive", a.speedActive(), b.speedActive());
        differ(fields, "speedExtActive", a.speedExtActive(), b.speedExtActive());
        differ(fields, "capabilityMask", a.capabilityMask(), b.capabilityMask());
        differ(fields, "reachable", a.reachable(), b.reachable());
        differ(fields, "widthSupported", a.widthSupported(), b.widthSupported());
        differ(fields, "speedSupported", a.speedSupported(), b.speedSupported());
        differ(fields, "speedExtSupported", a.speedExtSupported(), b.speedExtSupported());
        return fields;
    }

    private static void differ(List<String> fields, String name, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            fields.add(name);
        }
    }

    private static Set<Key> keys(List<DiscoveredLink> links) {
        Set<Key> keys = new HashSet<>();
        links.forEach(l -> keys.add(Key.of(l)));
        return keys;
    }

    /** A link with its ends in a fixed order. */
    private record Key(long a, int pa, long b, int pb) {
        static Key of(DiscoveredLink l) {
            boolean swap = Long.compareUnsigned(l.nodeA(), l.nodeB()) > 0
                    || l.nodeA() == l.nodeB() && l.portA() > l.portB();
            return swap
                    ? new Key(l.nodeB(), l.portB(), l.nodeA(), l.portA())
                    : new Key(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
    }
}
