package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;

/** Hand-made snapshots for the checks' unit tests: healthy 4X SDR links with SM-assigned LIDs unless told. */
final class CheckFabrics {

    static final int DOWN = 1, INIT = 2, ARMED = 3, ACTIVE = 4, LINK_UP = 5, POLLING = 2;

    private final List<DiscoveredNode> nodes = new ArrayList<>();
    private final List<DiscoveredLink> links = new ArrayList<>();

    /** An Active 4X SDR port that supports and enables 4X SDR. */
    static DiscoveredPort port(int number, long portGuid, int lid) {
        return port(number, portGuid, lid, ACTIVE, LINK_UP);
    }

    static DiscoveredPort port(int number, long portGuid, int lid, int state, int phys) {
        return new DiscoveredPort(number, portGuid, lid, 0, state, phys, 2, 1, 0, 0, true, 2, 1, 0, 2, 1, 0);
    }

    static DiscoveredPort lmc(DiscoveredPort p, int lmc) {
        return new DiscoveredPort(p.number(), p.portGuid(), p.lid(), lmc, p.state(), p.physicalState(), p.widthActive(),
                p.speedActive(), p.speedExtActive(), p.capabilityMask(), p.reachable(), p.widthSupported(),
                p.speedSupported(), p.speedExtSupported(), p.widthEnabled(), p.speedEnabled(), p.speedExtEnabled());
    }

    /** A port with these link fields. */
    static DiscoveredPort link(int number, long portGuid, int lid, int cap, int widthActive, int widthSupported,
            int widthEnabled, int speedActive, int speedSupported, int speedEnabled, int extActive, int extSupported,
            int extEnabled) {
        return new DiscoveredPort(number, portGuid, lid, 0, ACTIVE, LINK_UP, widthActive, speedActive, extActive, cap,
                true, widthSupported, speedSupported, extSupported, widthEnabled, speedEnabled, extEnabled);
    }

    CheckFabrics ca(String name, long guid, DiscoveredPort... ports) {
        nodes.add(new DiscoveredNode(DiscoveredNode.CA, guid, guid, name, 0, 0, 0, ports.length, false, List.of(ports),
                List.of()));
        return this;
    }

    /** A switch of {@code portCount} ports with LID {@code lid}: port 0 and the given ports. */
    CheckFabrics sw(String name, long guid, int lid, DiscoveredPort... ports) {
        List<DiscoveredPort> all = new ArrayList<>();
        all.add(port(0, guid, lid));
        for (DiscoveredPort p : ports) {
            all.add(new DiscoveredPort(p.number(), guid, 0, 0, p.state(), p.physicalState(), p.widthActive(),
                    p.speedActive(), p.speedExtActive(), p.capabilityMask(), p.reachable(), p.widthSupported(),
                    p.speedSupported(), p.speedExtSupported(), p.widthEnabled(), p.speedEnabled(),
                    p.speedExtEnabled()));
        }
        nodes.add(new DiscoveredNode(DiscoveredNode.SWITCH, guid, guid, name, 0, 0, 0, 8, false, all, List.of()));
        return this;
    }

    CheckFabrics link(long a, int portA, long b, int portB) {
        links.add(new DiscoveredLink(a, portA, b, portB));
        return this;
    }

    FabricSnapshot build() {
        return new FabricSnapshot(nodes, links, nodes.getFirst().nodeGuid(), 1, 0);
    }

    /**
     * A leaf switch "leaf" (GUID 0x100, LID 1) with three hosts "h1".."h3" (GUIDs 0x10, 0x20, 0x30; port GUIDs +1;
     * LIDs 2..4) on its ports 1..3.
     */
    static CheckFabrics healthy() {
        return new CheckFabrics().ca("h1", 0x10, port(1, 0x11, 2)).ca("h2", 0x20, port(1, 0x21, 3))
                .ca("h3", 0x30, port(1, 0x31, 4)).sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0), port(3, 0, 0))
                .link(0x10, 1, 0x100, 1).link(0x20, 1, 0x100, 2).link(0x30, 1, 0x100, 3);
    }
}
