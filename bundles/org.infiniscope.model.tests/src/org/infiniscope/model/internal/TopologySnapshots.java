package org.infiniscope.model.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.Topology;

/**
 * Snapshots built straight from a generated topology, as a sweep of it would find it once an SM has brought every
 * cabled port to Active: LIDs counted up from 1 (a switch's on port 0), subnet prefix fe80::, SM at LID 1.
 */
final class TopologySnapshots {

    static final long PREFIX = 0xfe80000000000000L;
    static final int SM_LID = 1;

    private TopologySnapshots() {
    }

    static FabricSnapshot of(Topology topology) {
        Map<String, Map<Integer, Link>> cabled = new HashMap<>();
        for (Link l : topology.links()) {
            cabled.computeIfAbsent(l.a(), k -> new HashMap<>()).put(l.portA(), l);
            cabled.computeIfAbsent(l.b(), k -> new HashMap<>()).put(l.portB(), l);
        }
        Map<String, Node> byName = topology.nodesByName();
        List<DiscoveredNode> nodes = new ArrayList<>();
        int lid = 1;
        long local = 0;
        for (Node n : topology.nodes()) {
            Map<Integer, Link> ends = cabled.getOrDefault(n.name(), Map.of());
            List<DiscoveredPort> ports = new ArrayList<>();
            if (n.isSwitch()) {
                ports.add(port(0, n.portGuid(0), lid++, true, 0, 0, 0));
                for (int p = 1; p <= n.portCount(); p++) {
                    Link l = ends.get(p);
                    ports.add(l == null
                            ? port(p, n.portGuid(0), 0, false, 0, 0, 0)
                            : up(topology, p, n.portGuid(0), 0, l));
                }
            } else {
                if (local == 0) {
                    local = n.nodeGuid();
                }
                for (int p = 1; p <= n.portCount(); p++) {
                    Link l = ends.get(p);
                    if (l != null) {
                        ports.add(up(topology, p, n.portGuid(p), lid++, l));
                    }
                }
            }
            nodes.add(new DiscoveredNode(n.type().code(), n.nodeGuid(), n.systemImageGuid(), n.name(), n.vendorId(),
                    n.deviceId(), 0xa0, n.portCount(), false, ports, List.of()));
        }
        List<DiscoveredLink> links = new ArrayList<>();
        for (Link l : topology.links()) {
            links.add(new DiscoveredLink(byName.get(l.a()).nodeGuid(), l.portA(), byName.get(l.b()).nodeGuid(),
                    l.portB()));
        }
        return new FabricSnapshot(nodes, links, local, 1, 0);
    }

    private static DiscoveredPort up(Topology topology, int number, long guid, int lid, Link l) {
        int width = l.width() == 0 ? topology.defaultWidth() : l.width();
        int speed = l.speed() == 0 ? topology.defaultSpeed() : l.speed();
        int ext = l.extSpeed() == 0 ? topology.defaultExtSpeed() : l.extSpeed();
        return port(number, guid, lid, true, width, speed, ext);
    }

    static DiscoveredPort port(int number, long guid, int lid, boolean up, int width, int speed, int ext) {
        int capabilities = ext != 0 ? 1 << 14 : 0;
        return new DiscoveredPort(number, guid, lid, 0, up ? 4 : 1, up ? 5 : 2, width, ext != 0 ? 0 : speed, ext,
                capabilities, true, 0x1b, 0x7, ext != 0 ? 0xf : 0, 0x1b, 0x7, ext != 0 ? 0xf : 0, up ? 4 : 0, 5, PREFIX,
                SM_LID);
    }

    /** @return the snapshot with a cable pulled: the link gone, both its ends Down/Polling */
    static FabricSnapshot unplug(FabricSnapshot s, DiscoveredLink pulled) {
        List<DiscoveredNode> nodes = new ArrayList<>();
        for (DiscoveredNode n : s.nodes()) {
            List<DiscoveredPort> ports = new ArrayList<>();
            for (DiscoveredPort p : n.ports()) {
                boolean end = n.nodeGuid() == pulled.nodeA() && p.number() == pulled.portA()
                        || n.nodeGuid() == pulled.nodeB() && p.number() == pulled.portB();
                ports.add(end ? down(p) : p);
            }
            nodes.add(withPorts(n, ports));
        }
        List<DiscoveredLink> links = new ArrayList<>(s.links());
        links.remove(pulled);
        return new FabricSnapshot(nodes, links, s.localNodeGuid(), s.localPort(), s.smpsSent());
    }

    static DiscoveredPort down(DiscoveredPort p) {
        return new DiscoveredPort(p.number(), p.portGuid(), p.lid(), p.lmc(), 1, 2, 0, 0, 0, p.capabilityMask(),
                p.reachable(), p.widthSupported(), p.speedSupported(), p.speedExtSupported(), p.widthEnabled(),
                p.speedEnabled(), p.speedExtEnabled(), 0, p.mtuCap(), p.gidPrefix(), p.masterSmLid());
    }

    static DiscoveredNode withPorts(DiscoveredNode n, List<DiscoveredPort> ports) {
        return new DiscoveredNode(n.type(), n.nodeGuid(), n.systemImageGuid(), n.description(), n.vendorId(),
                n.deviceId(), n.revision(), n.portCount(), n.enhancedPort0(), ports, n.route());
    }

    static DiscoveredNode withDescription(DiscoveredNode n, String description) {
        return new DiscoveredNode(n.type(), n.nodeGuid(), n.systemImageGuid(), description, n.vendorId(), n.deviceId(),
                n.revision(), n.portCount(), n.enhancedPort0(), n.ports(), n.route());
    }
}
