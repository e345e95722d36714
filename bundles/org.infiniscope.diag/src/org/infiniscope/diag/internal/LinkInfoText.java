package org.infiniscope.diag.internal;

import java.util.Map;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.smp.LinkEncodings;
import org.infiniscope.mad.smp.PortInfo;

/**
 * ibqueryerrors' {@code -r} line under a port with errors ({@code print_port_config}): the port's width, speed and
 * state, the port at the other end of its link, and libibnetdisc's "Could be" hints when the link runs below what both
 * ends support — all from the sweep's snapshot.
 */
final class LinkInfoText {

    private final Map<Long, DiscoveredNode> nodes;
    private final Map<Long, java.util.List<FabricSnapshot.End>> ends;

    private final NodeNames names;

    LinkInfoText(FabricSnapshot snapshot, NodeNames names) {
        this.names = names;
        this.nodes = snapshot.nodesByGuid();
        this.ends = snapshot.ends();
    }

    /** @return the line, with its newline, or "" when the sweep did not read the port */
    String line(DiscoveredNode node, int number) {
        DiscoveredPort p = node.port(number).orElse(null);
        if (p == null) {
            return "";
        }
        String link;
        if (p.state() != DiscoveredPort.DOWN) {
            int ext = extendedSpeeds(node, p) ? p.speedExtActive() : 0;
            String speed = ext != 0 ? LinkEncodings.extSpeed(ext) : LinkEncodings.speed(p.speedActive());
            link = String.format("(%3s %18s %6s/%8s)", LinkEncodings.width(p.widthActive()), speed,
                    LinkEncodings.portState(p.state()), LinkEncodings.physicalState(p.physicalState()));
        } else {
            link = String.format("(              %6s/%8s)", LinkEncodings.portState(p.state()),
                    LinkEncodings.physicalState(p.physicalState()));
        }
        FabricSnapshot.End end = ends.getOrDefault(node.nodeGuid(), java.util.List.of()).stream()
                .filter(e -> e.port() == number).findFirst().orElse(null);
        DiscoveredNode peer = end == null ? null : nodes.get(end.peer());
        DiscoveredPort peerPort = peer == null ? null : peer.port(end.peerPort()).orElse(null);
        String remote;
        if (peerPort != null) {
            // libibnetdisc gives a switch's ports the switch's LID, whatever their own PortInfo holds
            int peerLid = peer.isSwitch() || peerPort.lid() == 0 ? lid(peer) : peerPort.lid();
            remote = String.format("0x%016x %6d %4d[%2s] \"%s\" (%s %s)\n", peerPort.portGuid(), peerLid,
                    peerPort.number(), "", names.name(peer.nodeGuid(), peer.description()), widthHint(p, peerPort),
                    speedHint(node, p, peer, peerPort));
        } else {
            remote = "           [  ] \"\" ( )\n";
        }
        return String.format("       Link info: %6d", node.isSwitch() ? lid(node) : p.lid())
                + String.format("%4d[%2s] ==%s==>  %s", number, "", link, remote);
    }

    /** get_max_msg's width: "Could be" the widest width both ends support, when the link runs below it. */
    private static String widthHint(DiscoveredPort p, DiscoveredPort peer) {
        int both = p.widthSupported() & peer.widthSupported();
        int max = (both & 8) != 0 ? 8 : (both & 4) != 0 ? 4 : (both & 2) != 0 ? 2 : (both & 0x10) != 0 ? 0x10 : 1;
        return (max & p.widthActive()) == 0 ? "Could be " + LinkEncodings.width(max) : "";
    }

    /** get_max_msg's speed: the extended speeds when both ends announce them, else the speeds. */
    private static String speedHint(DiscoveredNode node, DiscoveredPort p, DiscoveredNode peer,
            DiscoveredPort peerPort) {
        if (extendedSpeeds(node, p) && extendedSpeeds(peer, peerPort) && p.speedExtSupported() != 0
                && peerPort.speedExtSupported() != 0) {
            int max = highestBit(p.speedExtSupported() & peerPort.speedExtSupported());
            return (max & p.speedExtActive()) == 0 ? "Could be " + LinkEncodings.extSpeed(max) : "";
        }
        int max = highestBit(p.speedSupported() & peerPort.speedSupported());
        return (max & p.speedActive()) == 0 ? "Could be " + LinkEncodings.speed(max) : "";
    }

    /** A switch announces extended speeds in port 0's CapabilityMask, a CA in the port's own. */
    private static boolean extendedSpeeds(DiscoveredNode node, DiscoveredPort p) {
        int mask = node.isSwitch() ? node.port(0).map(DiscoveredPort::capabilityMask).orElse(0) : p.capabilityMask();
        return (mask & PortInfo.CAP_EXTENDED_SPEEDS) != 0;
    }

    private static int highestBit(int mask) {
        return mask == 0 ? 1 : Integer.highestOneBit(mask);
    }

    private static int lid(DiscoveredNode node) {
        return node.port(0).map(DiscoveredPort::lid).orElse(0);
    }
}
