package org.infiniscope.discovery.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
import org.infiniscope.mad.smp.LinkEncodings;
import org.infiniscope.mad.smp.PortInfo;

/**
 * A snapshot as the infiniband-diags scripts {@code ibhosts} and {@code ibswitches} (awk over ibnetdiscover's
 * topology) and {@code iblinkinfo} print it.
 */
final class DiagsText {

    private DiagsText() {
    }

    /** @return what ibhosts prints: a line per CA, in the topology file's order */
    static String hosts(FabricSnapshot s, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        for (DiscoveredNode node : s.nodes().reversed()) {
            if (node.type() == DiscoveredNode.CA) {
                out.append(String.format("Ca\t: 0x%016x ports %d \"%s\"\n", node.nodeGuid(), node.portCount(),
                        names.nameOf(node.nodeGuid(), node.description())));
            }
        }
        return out.toString();
    }

    /**
     * @return what ibswitches prints: a line per switch, in the topology file's order, its comment cut as the
     *         script's awk cuts it (at the first "port 0")
     */
    static String switches(FabricSnapshot s, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        for (DiscoveredNode node : s.nodes().reversed()) {
            if (!node.isSwitch()) {
                continue;
            }
            DiscoveredPort p0 = node.port(0).orElse(null);
            String desc = String.format("\"%s\" %s port 0 lid %d lmc %d",
                    names.nameOf(node.nodeGuid(), node.description()), node.enhancedPort0() ? "enhanced" : "base",
                    p0 == null ? 0 : p0.lid(), p0 == null ? 0 : p0.lmc());
            int pi = desc.indexOf("port 0");
            String pinfo = desc.substring(pi);
            desc = desc.substring(0, Math.max(pi - 1, 0));
            String type = "base port 0";
            int ti = desc.indexOf(type);
            if (ti < 0) {
                type = "enhanced port 0";
                ti = desc.indexOf(type);
            }
            if (ti >= 0) {
                desc = desc.substring(0, Math.max(ti - 1, 0));
            }
            out.append(String.format("Switch\t: 0x%016x ports %d %s %s%s\n", node.nodeGuid(), node.portCount(), desc,
                    ti < 0 ? "" : type + " ", pinfo));
        }
        return out.toString();
    }

    /**
     * @return what iblinkinfo prints by default: every node, the last found first, a header and a line per port
     * @param downOnly only the ports in state Down (iblinkinfo {@code -d}); nodes without one print nothing
     * @param onlyType 0 for every node, else only the nodes of this type ({@code --switches-only},
     *        {@code --cas-only})
     */
    static String linkinfo(FabricSnapshot s, boolean downOnly, int onlyType, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        Map<Long, DiscoveredNode> byGuid = s.nodesByGuid();
        Map<Long, List<FabricSnapshot.End>> ends = s.ends();
        for (DiscoveredNode node : s.nodes().reversed()) {
            if (onlyType != 0 && node.type() != onlyType) {
                continue;
            }
            boolean header = false;
            for (int i = 1; i <= node.portCount(); i++) {
                Optional<DiscoveredPort> port = node.port(i);
                if (port.isEmpty() || downOnly && port.get().state() != DiscoveredPort.DOWN) {
                    continue;
                }
                if (!header) {
                    header = true;
                    if (node.isSwitch()) {
                        out.append(String.format("Switch: 0x%016x %s:\n", portGuid(node, 0),
                                names.nameOf(node.nodeGuid(), node.description())));
                    } else {
                        out.append(String.format("%s: %s:\n", node.type() == DiscoveredNode.CA ? "CA" : "Router",
                                names.nameOf(node.nodeGuid(), node.description())));
                    }
                }
                int number = i;
                FabricSnapshot.End end = ends.getOrDefault(node.nodeGuid(), List.of()).stream()
                        .filter(e -> e.port() == number).findFirst().orElse(null);
                port(node, port.get(), end == null ? null : byGuid.get(end.peer()), end, names, out);
            }
        }
        return out.toString();
    }

    private static void port(DiscoveredNode node, DiscoveredPort p, DiscoveredNode peer, FabricSnapshot.End end,
            NodeNameMap names, StringBuilder out) {
        boolean down = p.state() == DiscoveredPort.DOWN;
        String link;
        if (!down) {
            int ext = hasExtendedSpeeds(node, p) ? p.speedExtActive() : 0;
            String speed = ext != 0 ? LinkEncodings.extSpeed(ext) : LinkEncodings.speed(p.speedActive());
            link = String.format("(%3s %18s %6s/%8s)", LinkEncodings.width(p.widthActive()), speed,
                    LinkEncodings.portState(p.state()), LinkEncodings.physicalState(p.physicalState()));
        } else {
            link = String.format("(              %6s/%8s)", LinkEncodings.portState(p.state()),
                    LinkEncodings.physicalState(p.physicalState()));
        }
        String remote;
        DiscoveredPort peerPort = peer == null ? null : peer.port(end.peerPort()).orElse(null);
        if (peer != null) {
            // libibnetdisc's base_lid: a switch port's is the switch's (port 0's), whatever the LID field of the
            // external port holds (reserved there, and left as a PortInfo Set wrote it on ibsim)
            int peerLid = peer.isSwitch() ? lid(peer, 0) : peerPort != null ? peerPort.lid() : 0;
            remote = String.format("%6d %4d[%2s] \"%s\" (%s %s)\n", peerLid, end.peerPort(), "",
                    names.nameOf(peer.nodeGuid(), peer.description()),
                    peerPort == null ? "" : widthMessage(p, peerPort),
                    peerPort == null ? "" : speedMessage(node, p, peer, peerPort));
        } else if (down) {
            remote = "           [  ] \"\" ( )\n";
        } else {
            remote = "    \"Port not available\"\n";
        }
        out.append("      ");
        if (!node.isSwitch()) {
            out.append(String.format("0x%016x ", p.portGuid()));
        }
        out.append(String.format("%6d %4d[%2s] ==%s==>  %s", node.isSwitch() ? lid(node, 0) : p.lid(), p.number(), "",
                link, remote));
    }

    /** get_max_msg's width: "Could be" the widest width both ends support, when the link runs below it. */
    private static String widthMessage(DiscoveredPort p, DiscoveredPort peer) {
        int max = maxWidth(p.widthSupported() & peer.widthSupported());
        return (max & p.widthActive()) == 0 ? "Could be " + LinkEncodings.width(max) : "";
    }

    /** get_max_msg's speed: the extended speeds when both ends announce them, else the speeds (no FDR10 here). */
    private static String speedMessage(DiscoveredNode node, DiscoveredPort p, DiscoveredNode peer,
            DiscoveredPort peerPort) {
        if (capability(node, p) && capability(peer, peerPort) && p.speedExtSupported() != 0
                && peerPort.speedExtSupported() != 0) {
            int max = highestBit(p.speedExtSupported() & peerPort.speedExtSupported());
            return (max & p.speedExtActive()) == 0 ? "Could be " + LinkEncodings.extSpeed(max) : "";
        }
        int max = highestBit(p.speedSupported() & peerPort.speedSupported());
        return (max & p.speedActive()) == 0 ? "Could be " + LinkEncodings.speed(max) : "";
    }

    private static boolean hasExtendedSpeeds(DiscoveredNode node, DiscoveredPort p) {
        return capability(node, p);
    }

    /** Whether the node announces extended speeds: a switch in port 0's CapabilityMask, a CA in the port's. */
    private static boolean capability(DiscoveredNode node, DiscoveredPort p) {
        int mask = node.isSwitch() ? node.port(0).map(DiscoveredPort::capabilityMask).orElse(0) : p.capabilityMask();
        return (mask & PortInfo.CAP_EXTENDED_SPEEDS) != 0;
    }

    /** libibmad's get_max_width: 12X, else 8X, else 4X, else 2X, else 1X. */
    private static int maxWidth(int mask) {
        if ((mask & 8) != 0) {
            return 8;
        }
        if ((mask & 4) != 0) {
            return 4;
        }
        if ((mask & 2) != 0) {
            return 2;
        }
        return (mask & 0x10) != 0 ? 0x10 : 1;
    }

    /** libibmad's get_max: the highest bit set, 1 for none. */
    private static int highestBit(int mask) {
        return mask == 0 ? 1 : Integer.highestOneBit(mask);
    }

    private static long portGuid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::portGuid).orElse(0L);
    }

    private static int lid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::lid).orElse(0);
    }
}
