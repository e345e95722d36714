package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricDiff;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.Resweep;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * A light re-sweep from a previous snapshot. First it reads each known switch's NodeInfo and the PortInfo of all its
 * ports through the switch's old route, as soon as the node before it on that route is confirmed and the hop between
 * them was up before and is up now; a switch that answers with its own NodeInfo is <em>confirmed</em>. A link of the old snapshot is kept when its ends were
 * up before and are up now (a CA's or router's port, which is not re-read, counts as up) and it joins nodes still
 * present. Then it explores, as a full sweep does, only through the confirmed ports that are up but hold no kept
 * link: a cable plugged in, or a link whose far end moved. Nodes met there that are not present are read in full
 * (NodeInfo, NodeDescription, SwitchInfo, every PortInfo). What a light sweep does not see: a CA's or router's own
 * changes (LID, NodeDescription) behind an unchanged switch port, and a link that went down and up again between two
 * sweeps.
 */
final class Resweeper {

    private final SweepOptions options;
    private final FabricSnapshot previous;
    private final Probes probes;
    private final Map<Long, DiscoveredNode> old;
    private final Map<Long, List<FabricSnapshot.End>> oldEnds;
    /** Nodes present in the new snapshot, by GUID. */
    private final Map<Long, Node> nodes = new HashMap<>();
    /** Link ends by (GUID, port): the peer's end. */
    private final Map<End, End> linked = new HashMap<>();
    private final List<DiscoveredLink> links = new ArrayList<>();
    /** Known switches by the node their old route passes last: confirmed once that node is. */
    private final Map<Long, List<DiscoveredNode>> children = new HashMap<>();
    private long localGuid;
    private int localPort;

    Resweeper(MadTransport transport, SweepOptions options, FabricSnapshot previous) {
        this.options = options;
        this.previous = previous;
        this.probes = new Probes(transport, options);
        this.old = previous.nodesByGuid();
        this.oldEnds = previous.ends();
    }

    private record End(long guid, int port) {
    }

    /** A node of the new snapshot: its NodeInfo values and the ports known now. */
    private static final class Node {
        final DiscoveredNode base;
        final TreeMap<Integer, DiscoveredPort> ports = new TreeMap<>();
        final Map<Integer, Long> portGuids = new HashMap<>();
        String description;
        boolean enhancedPort0;
        /** Whether the node's ports were read in this re-sweep (a switch confirmed or found; the local node). */
        boolean read;

        /** The ports of the previous snapshot by number, for constant-time look-ups. */
        private final DiscoveredPort[] before;

        Node(DiscoveredNode base) {
            this.base = base;
            this.description = base.description();
            this.enhancedPort0 = base.enhancedPort0();
            this.before = new DiscoveredPort[base.portCount() + 1];
            for (DiscoveredPort p : base.ports()) {
                if (p.number() < before.length) {
                    before[p.number()] = p;
                }
            }
        }

        DiscoveredPort before(int port) {
            return port >= 0 && port < before.length ? before[port] : null;
        }

        long beforeGuid(int port) {
            DiscoveredPort p = before(port);
            return p == null ? 0 : p.portGuid();
        }

        boolean isSwitch() {
            return base.isSwitch();
        }

        DiscoveredNode build() {
            return new DiscoveredNode(base.type(), base.nodeGuid(), base.systemImageGuid(), description,
                    base.vendorId(), base.deviceId(), base.revision(), base.portCount(), enhancedPort0,
                    NodeBuilder.announced(isSwitch(), ports.values()), List.of());
        }
    }

    Resweep run() throws DiscoveryException, InterruptedException {
        confirmLocal();
        confirmSwitches();
        synchronized (probes) {
            keepLinks();
            explore();
        }
        probes.drain();
        FabricSnapshot now;
        synchronized (probes) {
            now = Snapshots.ordered(nodes.values().stream().map(Node::build).toList(), links, localGuid, localPort,
                    probes.sent(), true);
        }
        return new Resweep(now, FabricDiff.compare(previous, now), probes.sent());
    }

    /** The local node: its NodeInfo and the port the SMPs leave by. */
    private void confirmLocal() throws DiscoveryException, InterruptedException {
        String[] failure = new String[1];
        probes.submit(new int[0], NodeInfo.ATTRIBUTE_ID, 0, (mad, error) -> {
            if (mad == null) {
                failure[0] = error;
                return;
            }
            NodeInfo info = Smp.decodeAttribute(mad, NodeInfo.CODEC);
            localGuid = info.nodeGuid();
            localPort = info.localPortNum();
            DiscoveredNode before = old.get(localGuid);
            if (before != null && !same(before, info)) {
                before = null; // another device under the same GUID: read it as new
            }
            Node node = new Node(before != null ? before : fresh(info, new int[0]));
            node.read = true;
            node.portGuids.put(localPort, info.portGuid());
            nodes.put(localGuid, node);
            if (before == null) {
                node.portGuids.put(0, info.portGuid());
                readNode(node, new int[0], info); // not the fabric swept before: this is a full sweep
            } else if (node.isSwitch()) {
                node.portGuids.put(0, info.portGuid());
                for (int p = 0; p <= info.numPorts(); p++) {
                    readPort(node, new int[0], p);
                }
            } else {
                readPort(node, new int[0], localPort);
            }
        });
        probes.drain();
        if (failure[0] != null) {
            throw new DiscoveryException("the local node did not answer NodeInfo: " + failure[0]);
        }
    }

    /** Reads the known switches, each once the node before it on its old route is read and the hop still up. */
    private void confirmSwitches() throws InterruptedException {
        synchronized (probes) {
            for (DiscoveredNode n : previous.nodes()) {
                if (n.isSwitch() && n.nodeGuid() != localGuid && !n.route().isEmpty()) {
                    long parent = nodeAt(n.route().subList(0, n.route().size() - 1));
                    if (parent != 0) {
                        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(n);
                    }
                }
            }
            Node local = nodes.get(previous.localNodeGuid());
            if (local != null) {
                confirmChildren(local);
            }
        }
        probes.drain();
    }

    /** @return the node an old route leads to over the old links, 0 when it leads nowhere */
    private long nodeAt(List<Integer> route) {
        long at = previous.localNodeGuid();
        for (int port : route) {
            long next = 0;
            for (FabricSnapshot.End e : oldEnds.getOrDefault(at, List.of())) {
                if (e.port() == port) {
                    next = e.peer();
                }
            }
            if (next == 0) {
                return 0;
            }
            at = next;
        }
        return at;
    }

    /**
     * Confirms the switches whose old route ends by a port of this node read now, when that port was up before and is
     * up now: the rest of their route was confirmed on the way here. Each switch is sent for as soon as the node
     * before it is read, so the confirmations flow without waiting for a whole hop count to finish.
     */
    private void confirmChildren(Node node) {
        for (DiscoveredNode child : children.getOrDefault(node.base.nodeGuid(), List.of())) {
            int port = child.route().get(child.route().size() - 1);
            if (upBoth(node, port)) {
                confirm(child);
            }
        }
    }

    private boolean upBoth(Node node, int port) {
        DiscoveredPort now = node.ports.get(port);
        DiscoveredPort before = node.before(port);
        return now != null && now.isUp() && now.reachable() && before != null && before.isUp();
    }

    private void confirm(DiscoveredNode s) {
        int[] route = route(s.route());
        probes.submit(route, NodeInfo.ATTRIBUTE_ID, 0, (mad, error) -> {
            if (mad == null) {
                return; // the route is broken further on, or the switch is gone: exploration will tell
            }
            NodeInfo info = Smp.decodeAttribute(mad, NodeInfo.CODEC);
            if (!same(s, info) || nodes.containsKey(s.nodeGuid())) {
                return; // another node is there now: it is met again, or not, by exploration
            }
            Node node = new Node(s);
            node.read = true;
            node.portGuids.put(0, info.portGuid());
            nodes.put(s.nodeGuid(), node);
            int[] left = {info.numPorts() + 1};
            for (int p = 0; p <= info.numPorts(); p++) {
                readPort(node, route, p, false, () -> {
                    if (--left[0] == 0) {
                        confirmChildren(node);
                    }
                });
            }
        });
    }

    /** Keeps each old link whose two ends are present and up before and now, joining CAs through them. */
    private void keepLinks() {
        List<Long> frontier = new ArrayList<>(nodes.keySet());
        for (int i = 0; i < frontier.size(); i++) {
            Node node = nodes.get(frontier.get(i));
            for (FabricSnapshot.End e : oldEnds.getOrDefault(node.base.nodeGuid(), List.of())) {
                if (!endUp(node, e.port())) {
                    continue;
                }
                Node peer = nodes.get(e.peer());
                if (peer == null) {
                    DiscoveredNode before = old.get(e.peer());
                    if (before == null || before.isSwitch() || e.peer() == localGuid) {
                        continue; // a switch not confirmed is met again, or not, by exploration
                    }
                    peer = new Node(before); // a CA or router behind an unchanged link: kept as it was
                    for (DiscoveredPort p : before.ports()) {
                        peer.ports.put(p.number(), p);
                    }
                    nodes.put(e.peer(), peer);
                    frontier.add(e.peer());
                }
                if (endUp(peer, e.peerPort())) {
                    link(new End(node.base.nodeGuid(), e.port()), new End(e.peer(), e.peerPort()));
                }
            }
        }
    }

    /** An end is up when its port was up before and, if read now, is up now. */
    private boolean endUp(Node node, int port) {
        DiscoveredPort before = node.before(port);
        if (before == null || !before.isUp()) {
            return false;
        }
        return !node.read || upBoth(node, port);
    }

    /** Probes through each port read now that is up but holds no link. */
    private void explore() {
        for (Node node : List.copyOf(nodes.values())) {
            if (!node.read) {
                continue;
            }
            int[] route = route(node.base.nodeGuid() == localGuid ? List.of() : routeOf(node));
            for (DiscoveredPort p : List.copyOf(node.ports.values())) {
                forward(node, route, p);
            }
        }
    }

    private List<Integer> routeOf(Node node) {
        return node.base.route();
    }

    /** Sends NodeInfo through a port of a node that forwards there, if it is up and not yet linked. */
    private void forward(Node node, int[] route, DiscoveredPort p) {
        boolean forwards = node.isSwitch() ? p.number() > 0 : route.length == 0 && p.number() == localPort;
        End end = new End(node.base.nodeGuid(), p.number());
        if (!forwards || !p.isUp() || linked.containsKey(end) || route.length >= Smp.MAX_HOPS) {
            return;
        }
        int[] next = Arrays.copyOf(route, route.length + 1);
        next[route.length] = p.number();
        probes.submit(next, NodeInfo.ATTRIBUTE_ID, 0, (mad, error) -> {
            if (mad == null) {
                DiscoveredPort known = node.ports.get(p.number());
                if (known != null) {
                    node.ports.put(p.number(), known.unreachable());
                }
                return;
            }
            met(end, next, Smp.decodeAttribute(mad, NodeInfo.CODEC));
        });
    }

    /** A NodeInfo answered through {@code from}: link it, and read the node if it is new. */
    private void met(End from, int[] route, NodeInfo info) {
        long guid = info.nodeGuid();
        End to = new End(guid, info.localPortNum());
        if (linked.containsKey(from) || linked.containsKey(to)) {
            return;
        }
        Node node = nodes.get(guid);
        link(from, to);
        if (node == null) {
            node = new Node(fresh(info, route));
            node.read = true;
            nodes.put(guid, node);
            node.portGuids.put(info.localPortNum(), info.portGuid());
            node.portGuids.put(0, info.portGuid());
            readNode(node, route, info);
        } else if (!node.isSwitch() && !node.ports.containsKey(info.localPortNum())) {
            node.portGuids.put(info.localPortNum(), info.portGuid());
            readPort(node, route, info.localPortNum());
        }
    }

    /** Reads a node met for the first time: its description, a switch's SwitchInfo and every port. */
    private void readNode(Node node, int[] route, NodeInfo info) {
        probes.submit(route, NodeDescription.ATTRIBUTE_ID, 0, (mad, error) -> {
            if (mad != null) {
                node.description = Smp.decodeAttribute(mad, NodeDescription.CODEC).text();
            }
        });
        if (node.isSwitch()) {
            probes.submit(route, SwitchInfo.ATTRIBUTE_ID, 0, (mad, error) -> {
                if (mad != null) {
                    node.enhancedPort0 = Smp.decodeAttribute(mad, SwitchInfo.CODEC).enhancedPort0();
                }
            });
            for (int p = 0; p <= info.numPorts(); p++) {
                readPort(node, route, p, true);
            }
        } else {
            readPort(node, route, info.localPortNum(), true);
        }
    }

    private void readPort(Node node, int[] route, int port) {
        readPort(node, route, port, false, null);
    }

    private void readPort(Node node, int[] route, int port, boolean onward) {
        readPort(node, route, port, onward, null);
    }

    /**
     * Reads a PortInfo; {@code onward}: then probe through the port, as exploration does; {@code then}, if not null,
     * runs once the answer or the failure is in.
     */
    private void readPort(Node node, int[] route, int port, boolean onward, Runnable then) {
        probes.submit(route, PortInfo.ATTRIBUTE_ID, port, (mad, error) -> {
            try {
                portRead(node, port, onward, route, mad);
            } catch (MadFormatException e) {
                portRead(node, port, onward, route, null); // a malformed answer is no answer
            } finally {
                if (then != null) {
                    then.run();
                }
            }
        });
    }

    /** A PortInfo answered (or failed, {@code mad} null): the port as read now. */
    private void portRead(Node node, int port, boolean onward, int[] route, byte[] mad) throws MadFormatException {
        long portGuid = node.isSwitch()
                ? node.portGuids.getOrDefault(0, node.beforeGuid(0))
                : node.portGuids.getOrDefault(port, node.beforeGuid(port));
        if (mad == null) {
            node.ports.put(port, new DiscoveredPort(port, portGuid, 0, 0, 0, 0, 0, 0, 0, 0, false));
            return;
        }
        PortInfo p = Smp.decodeAttribute(mad, PortInfo.CODEC);
        DiscoveredPort read = NodeBuilder.raw(port, portGuid, p);
        node.ports.put(port, read);
        if (onward) {
            forward(node, route, read);
        }
    }

    private void link(End a, End b) {
        if (linked.containsKey(a) || linked.containsKey(b)) {
            return;
        }
        linked.put(a, b);
        linked.put(b, a);
        links.add(new DiscoveredLink(a.guid(), a.port(), b.guid(), b.port()));
    }

    private static DiscoveredNode fresh(NodeInfo info, int[] route) {
        List<Integer> path = new ArrayList<>();
        for (int hop : route) {
            path.add(hop);
        }
        return new DiscoveredNode(info.nodeType(), info.nodeGuid(), info.systemImageGuid(), "", info.vendorId(),
                info.deviceId(), info.revision(), info.numPorts(), false, List.of(), path);
    }

    /**
     * Whether a NodeInfo read now is that of the node known before: same GUID, type, ports and identity. The node
     * description is not compared: a node that changed only that is the same node (a full sweep tells the change).
     */
    private static boolean same(DiscoveredNode before, NodeInfo info) {
        return before.nodeGuid() == info.nodeGuid() && before.type() == info.nodeType()
                && before.portCount() == info.numPorts() && before.systemImageGuid() == info.systemImageGuid()
                && before.vendorId() == info.vendorId() && before.deviceId() == info.deviceId()
                && before.revision() == info.revision();
    }

    private static int[] route(List<Integer> route) {
        return route.stream().mapToInt(Integer::intValue).toArray();
    }

    /** For tests: the GUIDs present so far. */
    synchronized Set<Long> guids() {
        return new HashSet<>(nodes.keySet());
    }
}
