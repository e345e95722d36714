package org.infiniscope.topology.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * Collects the nodes and links of a generated fabric and gives them GUIDs as the shared fabric files do: switches
 * from {@code 0x0008f10500000100}, CAs from {@code 0x0008f10400000100}, routers from {@code 0x0008f10600000100}, one
 * {@code 0x100} apart, and port GUIDs as ibsim derives them (a switch's is its node GUID, a CA's port N is the node
 * GUID + N), so that a generated fabric written as a net file reads back to the same GUIDs in ibsim.
 */
public final class TopologyBuilder {

    private static final long SWITCH_BASE = 0x0008f10500000000L;
    private static final long CA_BASE = 0x0008f10400000000L;
    private static final long ROUTER_BASE = 0x0008f10600000000L;
    private static final long STEP = 0x100;

    private final List<Node> nodes = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();
    private long switches;
    private long cas;
    private long routers;

    /** Adds a switch with the next switch GUID. */
    public void addSwitch(String name, int ports) {
        add(NodeType.SWITCH, name, ports, SWITCH_BASE + ++switches * STEP);
    }

    /** Adds a CA with the next CA GUID. */
    public void addCa(String name, int ports) {
        add(NodeType.CA, name, ports, CA_BASE + ++cas * STEP);
    }

    /** Adds a router with the next router GUID. */
    public void addRouter(String name, int ports) {
        add(NodeType.ROUTER, name, ports, ROUTER_BASE + ++routers * STEP);
    }

    private void add(NodeType type, String name, int ports, long guid) {
        nodes.add(new Node(type, name, ports, guid, 0, NodeGuids.portGuids(type, guid, ports), 0, 0));
    }

    /** Cables two ports with the default width and speeds. */
    public void link(String a, int portA, String b, int portB) {
        links.add(Link.of(a, portA, b, portB));
    }

    /** @return the topology, links in canonical order, ibsim's default width and speeds */
    public Topology build() {
        return canonical(nodes, links, Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0);
    }

    /**
     * Orders links the one way a net file's reader produces them, so that equal fabrics compare equal however they
     * were built: each link runs from its end that comes first (node order, then port), and links are sorted by
     * that end.
     */
    public static Topology canonical(List<Node> nodes, List<Link> links, int width, int speed, int extSpeed) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            index.putIfAbsent(nodes.get(i).name(), i);
        }
        List<Link> oriented = new ArrayList<>(links.size());
        for (Link l : links) {
            long ka = key(index, l.a(), l.portA());
            long kb = key(index, l.b(), l.portB());
            oriented.add(
                    ka <= kb ? l : new Link(l.b(), l.portB(), l.a(), l.portA(), l.width(), l.speed(), l.extSpeed()));
        }
        oriented.sort(Comparator.comparingLong(l -> key(index, l.a(), l.portA())));
        return new Topology(nodes, oriented, width, speed, extSpeed);
    }

    private static long key(Map<String, Integer> index, String node, int port) {
        // unknown names sort last; the Topology constructor then rejects them
        return (long) index.getOrDefault(node, Integer.MAX_VALUE) * 256 + port;
    }
}
