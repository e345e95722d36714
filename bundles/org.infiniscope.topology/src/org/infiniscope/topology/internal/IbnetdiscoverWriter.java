package org.infiniscope.topology.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.PortRef;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.internal.NetWriter.End;

/**
 * Prints a topology as {@code ibnetdiscover} prints a discovered fabric: switches first, then CAs, then routers; nodes named by GUID ({@code S-}, {@code H-}, {@code R-}) with their description after
 * {@code #}; a port line for each cable whose ends are both up, with the active width and speed both ends' masks
 * give. Only the nodes reachable from the start over cables that are up are printed, in the order ibnetdiscover
 * prints them (last found first, breadth first from the start). LIDs come from the {@link NetFile} (0 when it has
 * none).
 */
public final class IbnetdiscoverWriter {

    private IbnetdiscoverWriter() {
    }

    /**
     * @param down ports whose link is not up: their cables are left out, as ibnetdiscover does not see them
     * @param from where ibnetdiscover runs (a switch's port 0 or a CA's port), null for the first node
     * @param header the text after {@code # Topology file: generated on } (ibnetdiscover prints the date)
     */
    public static void write(NetFile file, Set<PortRef> down, PortRef from, String header, Appendable out)
            throws IOException {
        Topology t = file.topology();
        Map<String, Node> byName = t.nodesByName();
        Map<String, List<End>> ends = NetWriter.ends(t);
        out.append("#\n# Topology file: generated on ").append(header).append("\n#\n");
        if (t.nodes().isEmpty()) {
            return;
        }
        PortRef start = from != null ? from : defaultStart(t);
        Node first = byName.get(start.node());
        if (first == null) {
            throw new IllegalArgumentException("no node named \"" + start.node() + "\"");
        }
        out.append(String.format("# Initiated from node %016x port %016x\n", first.nodeGuid(),
                first.portGuid(first.isSwitch() ? 0 : Math.max(1, start.port()))));
        List<Node> discovered = discover(first, byName, ends, down);
        for (NodeType type : List.of(NodeType.SWITCH, NodeType.CA, NodeType.ROUTER)) {
            // libibnetdisc prepends each node it finds to its type's list: the last found prints first
            for (Node node : discovered.reversed()) {
                if (node.type() != type) {
                    continue;
                }
                ids(node, out);
                if (type == NodeType.SWITCH) {
                    out.append(String.format("switchguid=0x%x(%x)\n", node.nodeGuid(), node.portGuid(0)));
                    out.append(String.format("Switch\t%d %s\t\t# \"%s\" %s port 0 lid %d lmc 0\n", node.portCount(),
                            id(node), file.description(node.name()),
                            file.enhancedPort0().contains(node.name()) ? "enhanced" : "base", lid(file, node, 0)));
                } else {
                    String key = type == NodeType.CA ? "ca" : "rt";
                    out.append(String.format("%sguid=0x%x\n", key, node.nodeGuid()));
                    out.append(String.format("%s\t%d %s\t\t# \"%s\"\n", type == NodeType.CA ? "Ca" : "Rt",
                            node.portCount(), id(node), file.description(node.name())));
                }
                for (End e : ends.getOrDefault(node.name(), List.of())) {
                    if (!isDown(down, node.name(), e)) {
                        port(file, node, e, byName.get(e.peer()), out);
                    }
                }
            }
        }
    }

    /** ibsim's default attach point (and so ibnetdiscover's start): the file's first node. */
    private static PortRef defaultStart(Topology t) {
        Node node = t.nodes().get(0);
        return new PortRef(node.name(), node.isSwitch() ? 0 : 1);
    }

    private static boolean isDown(Set<PortRef> down, String node, End e) {
        return down.contains(new PortRef(node, e.port())) || down.contains(new PortRef(e.peer(), e.peerPort()));
    }

    /** The nodes reachable from the start, breadth first, ports in number order, over cables that are up. */
    private static List<Node> discover(Node first, Map<String, Node> byName, Map<String, List<End>> ends,
            Set<PortRef> down) {
        List<Node> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        seen.add(first.name());
        found.add(first);
        for (int i = 0; i < found.size(); i++) {
            Node node = found.get(i);
            for (End e : ends.getOrDefault(node.name(), List.of())) {
                if (!isDown(down, node.name(), e) && seen.add(e.peer())) {
                    found.add(byName.get(e.peer()));
                }
            }
        }
        return found;
    }

    private static void ids(Node node, Appendable out) throws IOException {
        out.append(String.format("\nvendid=0x%x\ndevid=0x%x\n", node.vendorId(), node.deviceId()));
        // a node without its own system image GUID shows its node GUID, as ibsim's NodeInfo does
        long sysimg = node.systemImageGuid() != 0 ? node.systemImageGuid() : node.nodeGuid();
        out.append(String.format("sysimgguid=0x%x\n", sysimg));
    }

    private static void port(NetFile file, Node node, End e, Node peer, Appendable out) throws IOException {
        Topology t = file.topology();
        int width = LinkRates.activeWidth(e.link().width() != 0 ? e.link().width() : t.defaultWidth());
        int speed = LinkRates.activeSpeed(e.link().speed() != 0 ? e.link().speed() : t.defaultSpeed());
        int ext = LinkRates.activeSpeed(e.link().extSpeed() != 0 ? e.link().extSpeed() : t.defaultExtSpeed());
        String rate = LinkRates.widthText(width) + LinkRates.speedText(speed, ext);
        int peerLid = lid(file, peer, peer.isSwitch() ? 0 : e.peerPort());
        if (node.isSwitch()) {
            out.append(String.format("[%d]\t%s[%d]", e.port(), id(peer), e.peerPort()));
            if (!peer.isSwitch()) {
                out.append(String.format("(%x) ", peer.portGuid(e.peerPort())));
            }
            out.append(String.format("\t\t# \"%s\" lid %d %s\n", file.description(peer.name()), peerLid, rate));
        } else {
            out.append(String.format("[%d](%x) \t%s[%d]", e.port(), node.portGuid(e.port()), id(peer), e.peerPort()));
            if (!peer.isSwitch()) {
                out.append(String.format(" (%x) ", peer.portGuid(e.peerPort())));
            }
            out.append(String.format("\t\t# lid %d lmc 0 \"%s\" lid %d %s\n", lid(file, node, e.port()),
                    file.description(peer.name()), peerLid, rate));
        }
    }

    private static int lid(NetFile file, Node node, int port) {
        return file.lids().getOrDefault(new PortRef(node.name(), port), 0);
    }

    /** @return ibnetdiscover's quoted node id: S-, H- or R- and the node GUID */
    static String id(Node node) {
        char prefix = switch (node.type()) {
            case SWITCH -> 'S';
            case CA -> 'H';
            case ROUTER -> 'R';
        };
        return String.format("\"%c-%016x\"", prefix, node.nodeGuid());
    }
}
