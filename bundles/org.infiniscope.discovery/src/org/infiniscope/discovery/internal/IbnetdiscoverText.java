package org.infiniscope.discovery.internal;

import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;

/**
 * A snapshot as {@code ibnetdiscover} prints it: the topology file (switches, then CAs, then routers, the last found
 * first, as libibnetdisc prepends each node to its type's list) and the {@code -l/-H/-S/-R} lists.
 */
final class IbnetdiscoverText {

    private IbnetdiscoverText() {
    }

    /** @return the date as ctime(3) prints it, ibnetdiscover's "generated on" line */
    static String ctime(ZonedDateTime t) {
        return String.format("%s %s %2d %02d:%02d:%02d %d",
                t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ROOT),
                t.getMonth().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ROOT), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond(), t.getYear());
    }

    static String topology(FabricSnapshot s, String generatedOn) {
        StringBuilder out = new StringBuilder();
        out.append("#\n# Topology file: generated on ").append(generatedOn).append("\n#\n");
        Map<Long, DiscoveredNode> byGuid = s.nodesByGuid();
        DiscoveredNode local = byGuid.get(s.localNodeGuid());
        out.append(String.format("# Initiated from node %016x port %016x\n", local.nodeGuid(),
                portGuid(local, local.isSwitch() ? 0 : s.localPort())));
        Map<Long, List<FabricSnapshot.End>> ends = s.ends();
        for (int type : new int[]{DiscoveredNode.SWITCH, DiscoveredNode.CA, DiscoveredNode.ROUTER}) {
            for (DiscoveredNode node : s.nodes().reversed()) {
                if (node.type() != type) {
                    continue;
                }
                out.append(String.format("\nvendid=0x%x\ndevid=0x%x\nsysimgguid=0x%x\n", node.vendorId(),
                        node.deviceId(), node.systemImageGuid()));
                switch (type) {
                    case DiscoveredNode.SWITCH -> {
                        DiscoveredPort p0 = node.port(0).orElse(null);
                        out.append(String.format("switchguid=0x%x(%x)\n", node.nodeGuid(), portGuid(node, 0)));
                        out.append(
                                String.format("Switch\t%d %s\t\t# \"%s\" %s port 0 lid %d lmc %d\n", node.portCount(),
                                        id(node), node.description(), node.enhancedPort0() ? "enhanced" : "base",
                                        p0 == null ? 0 : p0.lid(), p0 == null ? 0 : p0.lmc()));
                    }
                    case DiscoveredNode.CA -> {
                        out.append(String.format("caguid=0x%x\n", node.nodeGuid()));
                        out.append(String.format("Ca\t%d %s\t\t# \"%s\"\n", node.portCount(), id(node),
                                node.description()));
                    }
                    default -> {
                        out.append(String.format("rtguid=0x%x\n", node.nodeGuid()));
                        out.append(String.format("Rt\t%d %s\t\t# \"%s\"\n", node.portCount(), id(node),
                                node.description()));
                    }
                }
                for (FabricSnapshot.End e : ends.getOrDefault(node.nodeGuid(), List.of())) {
                    port(node, e, byGuid.get(e.peer()), out);
                }
            }
        }
        return out.toString();
    }

    private static void port(DiscoveredNode node, FabricSnapshot.End e, DiscoveredNode peer, StringBuilder out) {
        Optional<DiscoveredPort> local = node.port(e.port());
        String rate = local.map(p -> rate(node, p)).orElse("?x?DR");
        int peerLid = lid(peer, peer.isSwitch() ? 0 : e.peerPort());
        if (node.isSwitch()) {
            out.append(String.format("[%d]\t%s[%d]", e.port(), id(peer), e.peerPort()));
            if (!peer.isSwitch()) {
                out.append(String.format("(%x) ", portGuid(peer, e.peerPort())));
            }
            out.append(String.format("\t\t# \"%s\" lid %d %s\n", peer.description(), peerLid, rate));
        } else {
            out.append(String.format("[%d](%x) \t%s[%d]", e.port(), portGuid(node, e.port()), id(peer), e.peerPort()));
            if (!peer.isSwitch()) {
                out.append(String.format(" (%x) ", portGuid(peer, e.peerPort())));
            }
            out.append(String.format("\t\t# lid %d lmc %d \"%s\" lid %d %s\n", lid(node, e.port()),
                    local.map(DiscoveredPort::lmc).orElse(0), peer.description(), peerLid, rate));
        }
    }

    /** The lists of {@code -l} (CAs, switches, routers), {@code -H}, {@code -S} and {@code -R}. */
    static String list(FabricSnapshot s, List<Integer> types) {
        StringBuilder out = new StringBuilder();
        for (int type : types) {
            String name = switch (type) {
                case DiscoveredNode.SWITCH -> "Switch";
                case DiscoveredNode.CA -> "Ca";
                default -> "Router";
            };
            for (DiscoveredNode node : s.nodes().reversed()) {
                if (node.type() == type) {
                    out.append(String.format("%s\t : 0x%016x ports %d devid 0x%x vendid 0x%x \"%s\"\n", name,
                            node.nodeGuid(), node.portCount(), node.deviceId(), node.vendorId(), node.description()));
                }
            }
        }
        return out.toString();
    }

    /** Width and speed as ibnetdiscover prints a link: the active values of this side's port. */
    static String rate(DiscoveredNode node, DiscoveredPort p) {
        // a switch's extended speeds are announced in port 0's CapabilityMask, as libibnetdisc reads them
        int capability = node.isSwitch()
                ? node.port(0).map(DiscoveredPort::capabilityMask).orElse(0)
                : p.capabilityMask();
        int ext = (capability & org.infiniscope.mad.smp.PortInfo.CAP_EXTENDED_SPEEDS) != 0 ? p.speedExtActive() : 0;
        return widthText(p.widthActive()) + speedText(p.speedActive(), ext);
    }

    static String widthText(int width) {
        return switch (width) {
            case 1 -> "1x";
            case 2 -> "4x";
            case 4 -> "8x";
            case 8 -> "12x";
            case 16 -> "2x";
            default -> "?x";
        };
    }

    static String speedText(int speed, int ext) {
        return switch (ext) {
            case 1 -> "FDR";
            case 2 -> "EDR";
            case 4 -> "HDR";
            case 8 -> "NDR";
            default -> switch (speed) {
                case 1 -> "SDR";
                case 2 -> "DDR";
                case 4 -> "QDR";
                default -> "?DR";
            };
        };
    }

    private static long portGuid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::portGuid).orElse(0L);
    }

    private static int lid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::lid).orElse(0);
    }

    /** @return ibnetdiscover's quoted node id: S-, H- or R- and the node GUID */
    static String id(DiscoveredNode node) {
        char prefix = switch (node.type()) {
            case DiscoveredNode.SWITCH -> 'S';
            case DiscoveredNode.CA -> 'H';
            default -> 'R';
        };
        return String.format("\"%c-%016x\"", prefix, node.nodeGuid());
    }
}
