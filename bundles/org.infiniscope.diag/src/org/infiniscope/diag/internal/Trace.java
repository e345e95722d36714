package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * ibtracert's unicast trace: a directed route is walked from this port to the source LID, following each switch's
 * LFT entry for the source (printing nothing), then from the source to the destination LID, one line per hop. Every
 * node on the way is read by directed route (NodeInfo, NodeDescription, PortInfo of the port arrived by), each switch's
 * SwitchInfo and LFT block of the destination LID; a hop whose LFT entry is not a port of the switch, or whose port is
 * not Active, ends the trace with ibtracert's message.
 */
final class Trace {

    /** The most hops ibtracert follows. */
    static final int MAX_HOPS = 63;
    private static final String[] TYPES = {"???", "ca", "switch", "router", "iwarp rnic"};

    /** A node as ibtracert's {@code get_node} reads it, with the port it was reached by. */
    record Node(int type, long nodeGuid, int numPorts, String description, long portGuid, int portNumber, int lid,
            int lmc, int state) {

        boolean isSwitch() {
            return type == NodeInfo.TYPE_SWITCH;
        }

        Node reachedBy(int port) {
            return new Node(type, nodeGuid, numPorts, description, portGuid, port, lid, lmc, state);
        }

        String typeName() {
            return type >= 0 && type < TYPES.length ? TYPES[type] : "???";
        }

        /** @return the last LID of the port, from its base LID and LMC */
        int lastLid() {
            return lid + (1 << lmc) - 1;
        }
    }

    /**
     * A port the printed route passes through.
     *
     * @param nodeGuid the node
     * @param port its port (0 for a switch reached as the destination)
     */
    record PathPort(long nodeGuid, int port) {
    }

    /** What a switch's SwitchInfo and LFT say about the destination LID. */
    private record Lookup(int outPort, int top, boolean enhancedPort0) {
    }

    private final SmaClient sma;
    private final boolean simple;
    private final NodeNames names;
    private final StringBuilder text = new StringBuilder();
    private final List<Map<String, Object>> hops = new ArrayList<>();
    private final List<PathPort> route = new ArrayList<>();
    private Map<String, Object> from;
    private Map<String, Object> to;

    /** @param simple ibtracert's {@code -n}: GUIDs and port numbers only */
    Trace(SmaClient sma, boolean simple) {
        this(sma, simple, NodeNames.DESCRIPTIONS);
    }

    /** @param names what to call each node: the {@code --node-name-map}'s names, else descriptions */
    Trace(SmaClient sma, boolean simple, NodeNames names) {
        this.names = names;
        this.sma = sma;
        this.simple = simple;
    }

    /**
     * Traces from one LID to another, appending to {@link #text()} as it goes.
     *
     * @throws QueryException when there is no route; {@link #text()} then holds what was printed before
     */
    void run(int sourceLid, int destinationLid) throws QueryException {
        List<Integer> path = new ArrayList<>();
        try {
            walk(path, Destination.lid(sourceLid), sourceLid, false);
        } catch (QueryException e) {
            throw new QueryException(e.getMessage() + "; can't find a route to the src port");
        }
        try {
            walk(path, Destination.lid(destinationLid), destinationLid, true);
        } catch (QueryException e) {
            throw new QueryException(e.getMessage() + "; can't find a route from src to dest");
        }
    }

    /**
     * @return the directed route (out ports from this port) that reaches a LID by following the LFTs, as ibtracert
     *         finds its source
     */
    List<Integer> pathTo(int lid) throws QueryException {
        List<Integer> path = new ArrayList<>();
        walk(path, Destination.lid(lid), lid, false);
        return path;
    }

    /** @return the ports the printed route went through, from the source's to the destination's */
    List<PathPort> route() {
        return List.copyOf(route);
    }

    /** @return what ibtracert prints on standard output */
    String text() {
        return text.toString();
    }

    /** @return the trace as one JSON object */
    String json() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("from", from);
        object.put("hops", hops);
        object.put("to", to);
        return Json.write(object) + "\n";
    }

    /** ibtracert's {@code find_route}: {@code path} (out ports from here) is where it starts, and where it ends. */
    private void walk(List<Integer> path, Destination toAddress, int toLid, boolean print) throws QueryException {
        Node first;
        Node target;
        try {
            first = node(path);
            target = node(toAddress);
        } catch (QueryException e) {
            throw new QueryException("can't reach to/from ports (" + e.getMessage() + ")");
        }
        Node node = first;
        if (print) {
            from = endpoint(node);
            line(endNode("From", node));
            route.add(new PathPort(node.nodeGuid(), node.isSwitch() ? 0 : node.portNumber()));
        }
        Lookup sw = null;
        int nextOut = 255;
        if (node.isSwitch()) {
            sw = lookup(path, toLid);
            nextOut = sw.outPort();
            if (nextOut < 0 || nextOut > node.numPorts()) {
                throw badTable(node, toLid, nextOut, sw);
            }
        }
        int left = MAX_HOPS;
        while (left-- > 0) {
            if (inactive(node, sw)) {
                throw new QueryException(String.format("Bad port state found: node \"%s\" port %d state %d",
                        node.description(), node.portNumber(), node.state()));
            }
            if (node.portGuid() == target.portGuid()) {
                break;
            }
            int outPort;
            Node next;
            if (node.isSwitch()) {
                outPort = nextOut;
                extend(path, outPort);
                next = reach(path);
                if (outPort == 0) {
                    if (next.portGuid() != target.portGuid()) {
                        throw badTable(next, toLid, outPort, sw);
                    }
                    node = next;
                    break;
                }
            } else if (node.type() == NodeInfo.TYPE_CA || node.type() == NodeInfo.TYPE_ROUTER) {
                outPort = node.portNumber();
                if (node.portGuid() != first.portGuid()) {
                    throw new QueryException(String.format("can't continue: reached CA or router port %x, lid %d",
                            node.portGuid(), node.lid()));
                }
                if (!path.isEmpty()) {
                    // at the source CA, reached from a switch: step back to that switch, seen from its port
                    int back = path.remove(path.size() - 1);
                    next = reach(path).reachedBy(back);
                } else {
                    if (outPort != 0) {
                        extend(path, outPort);
                    }
                    next = reach(path);
                }
            } else {
                throw new QueryException(
                        String.format("can't continue: node \"%s\" has node type %d", node.description(), node.type()));
            }
            if (next.isSwitch()) {
                sw = lookup(path, toLid);
                nextOut = sw.outPort();
                if (nextOut < 0 || nextOut > next.numPorts()) {
                    throw badTable(node == first ? first : next, toLid, nextOut, sw);
                }
            }
            if (inactive(next, sw)) {
                throw new QueryException(String.format("Bad out port state found: node \"%s\" outport %d state %d",
                        (node == first ? first : next).description(), outPort, next.state()));
            }
            if (print) {
                route.add(new PathPort(node.nodeGuid(), outPort));
                route.add(new PathPort(next.nodeGuid(), next.portNumber()));
            }
            node = next;
            if (print) {
                hops.add(hop(outPort, node));
                line(route(outPort, node));
            }
        }
        if (left < 0) {
            throw new QueryException("no route found after " + MAX_HOPS + " hops");
        }
        if (print) {
            to = endpoint(node);
            line(endNode("To", node));
        }
    }

    /** ibtracert's {@code is_port_inactive}: a switch's port 0 counts as active unless it is an enhanced port 0. */
    private static boolean inactive(Node node, Lookup sw) {
        return node.state() != 4 && (!node.isSwitch() || sw != null && sw.enhancedPort0());
    }

    private static QueryException badTable(Node node, int lid, int entry, Lookup sw) {
        return new QueryException(
                String.format("Bad forwarding table entry found at: node \"%s\" lid entry %d is %d (top %d)",
                        node.description(), lid, entry, sw.top()));
    }

    private static void extend(List<Integer> path, int port) throws QueryException {
        if (path.size() + 2 >= 64) { // libibmad's 64-byte path, as ibtracert checks it
            throw new QueryException("Direct path too long!");
        }
        path.add(port);
    }

    private Node reach(List<Integer> path) throws QueryException {
        try {
            return node(path);
        } catch (QueryException e) {
            throw new QueryException("can't reach port at " + directed(path).describe() + " (" + e.getMessage() + ")");
        }
    }

    private static Destination directed(List<Integer> path) {
        List<Integer> route = new ArrayList<>();
        route.add(0);
        route.addAll(path);
        return Destination.directed(route);
    }

    private Node node(List<Integer> path) throws QueryException {
        return node(directed(path));
    }

    /** ibtracert's {@code get_node}: NodeInfo, NodeDescription, then PortInfo of the port the SMP arrived by. */
    private Node node(Destination at) throws QueryException {
        NodeInfo ni = get(at, NodeInfo.CODEC, 0);
        String nd = names.name(ni.nodeGuid(), get(at, NodeDescription.CODEC, 0).text());
        PortInfo pi = get(at, PortInfo.CODEC, 0);
        return new Node(ni.nodeType(), ni.nodeGuid(), ni.numPorts(), nd, ni.portGuid(), ni.localPortNum(), pi.lid(),
                pi.lmc(), pi.portState());
    }

    /** ibtracert's {@code switch_lookup}: -1 when the LID is beyond the LFT or it cannot be read. */
    private Lookup lookup(List<Integer> path, int lid) {
        Destination at = directed(path);
        SwitchInfo si;
        try {
            si = get(at, SwitchInfo.CODEC, 0);
        } catch (QueryException e) {
            return new Lookup(-1, 0, false);
        }
        if (lid >= si.linearFdbCap() && lid > si.linearFdbTop()) {
            return new Lookup(-1, si.linearFdbTop(), si.enhancedPort0());
        }
        try {
            LinearForwardingTable lft = get(at, LinearForwardingTable.CODEC, lid / LinearForwardingTable.PER_BLOCK);
            return new Lookup(lft.ports().get(lid % LinearForwardingTable.PER_BLOCK), si.linearFdbTop(),
                    si.enhancedPort0());
        } catch (QueryException e) {
            return new Lookup(-1, si.linearFdbTop(), si.enhancedPort0());
        }
    }

    private <T> T get(Destination at, AttributeCodec<T> codec, int modifier) throws QueryException {
        try {
            return Smp.decodeAttribute(sma.get(at, codec.attributeId(), modifier), codec);
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException("malformed answer from " + at.describe() + ": " + e.getMessage());
        }
    }

    private void line(String line) {
        text.append(line).append('\n');
    }

    /** ibtracert's {@code dump_endnode}. */
    String endNode(String prompt, Node node) {
        int port = node.isSwitch() ? 0 : node.portNumber();
        if (simple) {
            return String.format("%s {0x%016x}[%d]", prompt, node.nodeGuid(), port);
        }
        return String.format("%s %s {0x%016x} portnum %d lid %d-%d \"%s\"", prompt, node.typeName(), node.nodeGuid(),
                port, node.lid(), node.lastLid(), node.description());
    }

    /** ibtracert's {@code dump_route}. */
    String route(int outPort, Node node) {
        if (simple) {
            return String.format("[%d] -> {0x%016x}[%d]", outPort, node.portGuid(), node.portNumber());
        }
        return String.format("[%d] -> %s port {0x%016x}[%d] lid %d-%d \"%s\"", outPort, node.typeName(),
                node.portGuid(), node.portNumber(), node.lid(), node.lastLid(), node.description());
    }

    private static Map<String, Object> endpoint(Node node) {
        Map<String, Object> end = new LinkedHashMap<>();
        end.put("type", node.typeName());
        end.put("nodeGuid", String.format("0x%016x", node.nodeGuid()));
        end.put("port", node.isSwitch() ? 0 : node.portNumber());
        end.put("lid", node.lid());
        end.put("lastLid", node.lastLid());
        end.put("name", node.description());
        return end;
    }

    private static Map<String, Object> hop(int outPort, Node node) {
        Map<String, Object> hop = new LinkedHashMap<>();
        hop.put("outPort", outPort);
        hop.put("type", node.typeName());
        hop.put("portGuid", String.format("0x%016x", node.portGuid()));
        hop.put("port", node.portNumber());
        hop.put("lid", node.lid());
        hop.put("lastLid", node.lastLid());
        hop.put("name", node.description());
        return hop;
    }
}
