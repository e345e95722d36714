package org.infiniscope.discovery.internal;

import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;

/**
 * A snapshot as {@code ibnetdiscover} prints it: the topology file (switches, then CAs, then routers, the last found
 * first, as libibnetdisc prepends each node to its type's list), the {@code -l/-H/-S/-R} lists and the {@code -p}
 * ports report. Names come from a node-name map where ibnetdiscover remaps them (switch lines, peers, lists, ports
 * report), and from the NodeDescription where it does not (a CA's or router's own line). {@link IbnetdiscoverDiff}
 * prints {@code --diff} with the same lines.
 */
final class IbnetdiscoverText {

    private final FabricSnapshot snapshot;
    private final NodeNameMap names;
    private final Map<Long, DiscoveredNode> byGuid;
    private final Map<Long, List<FabricSnapshot.End>> ends;

    IbnetdiscoverText(FabricSnapshot snapshot, NodeNameMap names) {
        this.snapshot = snapshot;
        this.names = names;
        this.byGuid = snapshot.nodesByGuid();
        this.ends = snapshot.ends();
    }

    /** @return the date as ctime(3) prints it, ibnetdiscover's "generated on" line */
    static String ctime(ZonedDateTime t) {
        return String.format("%s %s %2d %02d:%02d:%02d %d",
                t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ROOT),
                t.getMonth().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ROOT), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond(), t.getYear());
    }

    static String topology(FabricSnapshot s, String generatedOn) {
        return new IbnetdiscoverText(s, NodeNameMap.EMPTY).topology(generatedOn, false, false);
    }

    /**
     * @param grouping {@code -g}: the layout of a fabric without vendor chassis ("Non-Chassis Nodes"); the caller
     *        refuses fabrics with chassis
     * @param maxHops {@code -m}: the longest directed route and the SMPs the sweep sent, after the date
     */
    String topology(String generatedOn, boolean grouping, boolean maxHops) {
        // about 150 characters a node and 100 a link end: one allocation for the whole text
        StringBuilder out = new StringBuilder(128 + snapshot.nodes().size() * 150 + snapshot.links().size() * 2 * 100);
        out.append("#\n# Topology file: generated on ").append(generatedOn).append("\n#\n");
        if (maxHops) {
            out.append(String.format("# Reported max hops discovered: %d\n# Total MADs used: %d\n", maxHops(snapshot),
                    snapshot.smpsSent()));
        }
        DiscoveredNode local = byGuid.get(snapshot.localNodeGuid());
        out.append(String.format("# Initiated from node %016x port %016x\n", local.nodeGuid(),
                portGuid(local, local.isSwitch() ? 0 : snapshot.localPort())));
        if (grouping) {
            out.append("\nNon-Chassis Nodes\n");
        }
        for (int type : new int[]{DiscoveredNode.SWITCH, DiscoveredNode.CA, DiscoveredNode.ROUTER}) {
            for (DiscoveredNode node : typeList(type)) {
                header(node, "", "", grouping, out);
                for (FabricSnapshot.End e : ends.getOrDefault(node.nodeGuid(), List.of())) {
                    port(node, e, "", out);
                }
            }
        }
        return out.toString();
    }

    /**
     * @return the hops to the farthest node by the shortest directed routes: libibnetdisc's maxhops_discovered, as
     *         its sweep goes out hop by hop (the routes a parallel sweep happened to take first may be longer)
     */
    static int maxHops(FabricSnapshot s) {
        Map<Long, DiscoveredNode> nodes = s.nodesByGuid();
        Map<Long, List<FabricSnapshot.End>> ends = s.ends();
        Map<Long, Integer> hops = new java.util.HashMap<>(Map.of(s.localNodeGuid(), 0));
        java.util.ArrayDeque<Long> queue = new java.util.ArrayDeque<>(List.of(s.localNodeGuid()));
        int max = 0;
        while (!queue.isEmpty()) {
            long at = queue.poll();
            DiscoveredNode node = nodes.get(at);
            for (FabricSnapshot.End e : ends.getOrDefault(at, List.of())) {
                boolean forwards = node.isSwitch() || at == s.localNodeGuid() && e.port() == s.localPort();
                if (forwards && nodes.containsKey(e.peer()) && !hops.containsKey(e.peer())) {
                    int h = hops.get(at) + 1;
                    hops.put(e.peer(), h);
                    max = Math.max(max, h);
                    queue.add(e.peer());
                }
            }
        }
        return max;
    }

    /** @return the nodes of a type as libibnetdisc lists them: the last found first */
    List<DiscoveredNode> typeList(int type) {
        return snapshot.nodes().reversed().stream().filter(n -> n.type() == type).toList();
    }

    /**
     * A node's header lines (out_switch, out_ca): a blank line, the ids each after {@code idPrefix}, the node line
     * after {@code linePrefix}.
     */
    void header(DiscoveredNode node, String idPrefix, String linePrefix, boolean grouping, StringBuilder out) {
        // (StringBuilder appends rather than String.format: the topology of a fabric of thousands of nodes is tens of
        // thousands of lines, and the formatter's parsing cost most of a one-shot command's printing)
        out.append('\n').append(idPrefix).append("vendid=0x").append(Integer.toHexString(node.vendorId())).append('\n')
                .append(idPrefix).append("devid=0x").append(Integer.toHexString(node.deviceId())).append('\n');
        if (node.systemImageGuid() != 0) {
            out.append(idPrefix).append("sysimgguid=0x").append(Long.toHexString(node.systemImageGuid())).append('\n');
        }
        switch (node.type()) {
            case DiscoveredNode.SWITCH -> out.append(idPrefix).append("switchguid=0x")
                    .append(Long.toHexString(node.nodeGuid())).append('(').append(Long.toHexString(portGuid(node, 0)))
                    .append(')').append(grouping ? "\t# " : "").append('\n');
            case DiscoveredNode.CA ->
                out.append(idPrefix).append("caguid=0x").append(Long.toHexString(node.nodeGuid())).append('\n');
            default -> out.append(idPrefix).append("rtguid=0x").append(Long.toHexString(node.nodeGuid())).append('\n');
        }
        detail(node, linePrefix, out);
        out.append('\n');
    }

    /** The node line alone, without its newline (out_switch_detail, out_ca_detail). */
    void detail(DiscoveredNode node, String prefix, StringBuilder out) {
        if (node.isSwitch()) {
            DiscoveredPort p0 = node.port(0).orElse(null);
            out.append(prefix).append("Switch\t").append(node.portCount()).append(' ');
            id(node, out).append("\t\t# \"").append(names.nameOf(node.nodeGuid(), node.description())).append("\" ")
                    .append(node.enhancedPort0() ? "enhanced" : "base").append(" port 0 lid ")
                    .append(p0 == null ? 0 : p0.lid()).append(" lmc ").append(p0 == null ? 0 : p0.lmc());
        } else {
            // ibnetdiscover's own line of a CA or router shows the NodeDescription, never the map's name
            out.append(prefix).append(node.type() == DiscoveredNode.CA ? "Ca" : "Rt").append('\t')
                    .append(node.portCount()).append(' ');
            id(node, out).append("\t\t# \"").append(NodeNameMap.printable(node.description())).append('"');
        }
    }

    /** @return the node with this GUID, or null */
    DiscoveredNode node(long guid) {
        return byGuid.get(guid);
    }

    /** @return the peer of a port, if it has a link */
    Optional<FabricSnapshot.End> peer(DiscoveredNode node, int port) {
        return ends.getOrDefault(node.nodeGuid(), List.of()).stream().filter(e -> e.port() == port).findFirst();
    }

    /** A port's line in the topology (out_switch_port, out_ca_port); nothing when the port has no link. */
    void port(DiscoveredNode node, int number, String prefix, StringBuilder out) {
        FabricSnapshot.End e = peer(node, number).orElse(null);
        if (e != null) {
            port(node, e, prefix, out);
        }
    }

    /** The line of a port and its link's far end. */
    private void port(DiscoveredNode node, FabricSnapshot.End e, String prefix, StringBuilder out) {
        int number = e.port();
        DiscoveredNode peer = byGuid.get(e.peer());
        Optional<DiscoveredPort> local = node.port(number);
        String rate = local.map(p -> rate(node, p)).orElse("?x?DR");
        String peerName = names.nameOf(peer.nodeGuid(), peer.description());
        int peerLid = lid(peer, peer.isSwitch() ? 0 : e.peerPort());
        if (node.isSwitch()) {
            out.append(prefix).append('[').append(number).append("]\t");
            id(peer, out).append('[').append(e.peerPort()).append(']');
            if (!peer.isSwitch()) {
                out.append('(').append(Long.toHexString(portGuid(peer, e.peerPort()))).append(") ");
            }
            out.append("\t\t# \"").append(peerName).append("\" lid ").append(peerLid).append(' ').append(rate)
                    .append('\n');
        } else {
            out.append(prefix).append('[').append(number).append("](").append(Long.toHexString(portGuid(node, number)))
                    .append(") \t");
            id(peer, out).append('[').append(e.peerPort()).append(']');
            if (!peer.isSwitch()) {
                out.append(" (").append(Long.toHexString(portGuid(peer, e.peerPort()))).append(") ");
            }
            out.append("\t\t# lid ").append(lid(node, number)).append(" lmc ")
                    .append(local.map(DiscoveredPort::lmc).orElse(0)).append(" \"").append(peerName).append("\" lid ")
                    .append(peerLid).append(' ').append(rate).append('\n');
        }
    }

    /** The lists of {@code -l} (CAs, switches, routers), {@code -H}, {@code -S} and {@code -R}. */
    static String list(FabricSnapshot s, List<Integer> types) {
        return new IbnetdiscoverText(s, NodeNameMap.EMPTY).list(types);
    }

    String list(List<Integer> types) {
        StringBuilder out = new StringBuilder();
        for (int type : types) {
            String name = switch (type) {
                case DiscoveredNode.SWITCH -> "Switch";
                case DiscoveredNode.CA -> "Ca";
                default -> "Router";
            };
            for (DiscoveredNode node : typeList(type)) {
                out.append(name).append("\t : 0x");
                hex16(node.nodeGuid(), out).append(" ports ").append(node.portCount()).append(" devid 0x")
                        .append(Integer.toHexString(node.deviceId())).append(" vendid 0x")
                        .append(Integer.toHexString(node.vendorId())).append(" \"")
                        .append(names.nameOf(node.nodeGuid(), node.description())).append("\"\n");
            }
        }
        return out.toString();
    }

    /**
     * The ports report of {@code -p}: every node, the last found first whatever its type, its ports from the
     * highest number down to 1, each with its peer or, when it has none, only its node's name.
     */
    String ports() {
        StringBuilder out = new StringBuilder();
        for (DiscoveredNode node : snapshot.nodes().reversed()) {
            String name = names.nameOf(node.nodeGuid(), node.description());
            for (int number = node.portCount(); number > 0; number--) {
                DiscoveredPort port = present(node, number);
                if (port == null) {
                    continue;
                }
                int width = port.widthActive();
                int speed = port.speedActive();
                // extended speeds count when the node announces them: a switch in port 0's CapabilityMask
                int capability = node.isSwitch()
                        ? node.port(0).map(DiscoveredPort::capabilityMask).orElse(0)
                        : port.capabilityMask();
                int ext = (capability & org.infiniscope.mad.smp.PortInfo.CAP_EXTENDED_SPEEDS) != 0
                        ? port.speedExtActive()
                        : 0;
                if (node.isSwitch() && node.port(0).isEmpty()) {
                    width = speed = ext = 0; // no port 0: no CapabilityMask to trust the speeds by
                }
                out.append(shortType(node)).append(' ');
                pad(baseLid(node, port), 5, out).append(' ');
                pad(port.number(), 2, out).append(" 0x");
                hex16(port.portGuid(), out).append(' ').append(widthCompat(width)).append(' ')
                        .append(speedCompat(speed, ext));
                FabricSnapshot.End e = peer(node, number).orElse(null);
                DiscoveredNode peer = e == null ? null : byGuid.get(e.peer());
                if (peer != null) {
                    DiscoveredPort peerPort = present(peer, e.peerPort());
                    out.append(" - ").append(shortType(peer)).append(' ');
                    pad(peerPort == null ? 0 : baseLid(peer, peerPort), 5, out).append(' ');
                    pad(e.peerPort(), 2, out).append(" 0x");
                    hex16(peerPort == null ? 0 : peerPort.portGuid(), out).append(" ( '").append(name).append("' - '")
                            .append(names.nameOf(peer.nodeGuid(), peer.description())).append("' )\n");
                } else {
                    out.append(" ".repeat(36)).append('\'').append(name).append("'\n");
                }
            }
        }
        return out.toString();
    }

    /** @return the port if the sweep read it (libibnetdisc has a port object), else null */
    static DiscoveredPort present(DiscoveredNode node, int number) {
        DiscoveredPort p = node.port(number).orElse(null);
        return p == null || !p.reachable() && p.state() == 0 ? null : p;
    }

    /** libibnetdisc's base_lid: a switch's ports all carry its port 0 LID. */
    static int baseLid(DiscoveredNode node, DiscoveredPort port) {
        return node.isSwitch() ? lid(node, 0) : port.lid();
    }

    private static String shortType(DiscoveredNode node) {
        return switch (node.type()) {
            case DiscoveredNode.SWITCH -> "SW";
            case DiscoveredNode.CA -> "CA";
            default -> "RT";
        };
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

    /** ibnetdiscover's dump_linkwidth_compat: "??" for an unknown width. */
    private static String widthCompat(int width) {
        String text = widthText(width);
        return text.equals("?x") ? "??" : text;
    }

    /** ibnetdiscover's speed in the ports report: "???" for an unknown one. */
    private static String speedCompat(int speed, int ext) {
        String text = speedText(speed, ext);
        return text.equals("?DR") ? "???" : text;
    }

    static long portGuid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::portGuid).orElse(0L);
    }

    static int lid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::lid).orElse(0);
    }

    /** @return ibnetdiscover's quoted node id: S-, H- or R- and the node GUID */
    static String id(DiscoveredNode node) {
        char prefix = switch (node.type()) {
            case DiscoveredNode.SWITCH -> 'S';
            case DiscoveredNode.CA -> 'H';
            default -> 'R';
        };
        return id(node, new StringBuilder(20)).toString();
    }

    /** Appends {@link #id(DiscoveredNode)}. */
    static StringBuilder id(DiscoveredNode node, StringBuilder out) {
        char prefix = switch (node.type()) {
            case DiscoveredNode.SWITCH -> 'S';
            case DiscoveredNode.CA -> 'H';
            default -> 'R';
        };
        out.append('"').append(prefix).append('-');
        return hex16(node.nodeGuid(), out).append('"');
    }

    /** Appends a number as {@code %Nd} does: right-aligned in {@code width} characters. */
    static StringBuilder pad(int value, int width, StringBuilder out) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            out.append(' ');
        }
        return out.append(digits);
    }

    /** Appends a value as {@code %016x} does: 16 hexadecimal digits, zero-padded. */
    static StringBuilder hex16(long value, StringBuilder out) {
        String digits = Long.toHexString(value);
        for (int i = digits.length(); i < 16; i++) {
            out.append('0');
        }
        return out.append(digits);
    }
}
