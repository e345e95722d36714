package org.infiniscope.sm.internal.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetLink;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.Topology;

/**
 * A test's stand-in for the SM core: brings a simulated fabric up from one CA port and publishes the {@link Subnet} the
 * SA answers from. It walks the topology breadth first for directed routes, reads every node's NodeInfo,
 * NodeDescription, SwitchInfo and PortInfo through the simulator's SMAs, gives LIDs in the order found (the SM's own
 * port LID 1), computes min-hop forwarding tables by breadth-first search, programs them, makes every link Active and
 * reads the ports back. Everything by directed-route SMPs through {@link SimFabric#exchange}, as an SM would.
 */
final class SimSubnet {

    /** An endport: a switch (port 0) or a CA port. */
    record End(String node, int port) {
    }

    final SimFabric fabric;
    final SimFabric.AttachPoint sm;
    private final Topology topology;
    private final Map<String, Node> nodes = new HashMap<>();
    /** The directed route to each endport, in the order found. */
    private final Map<End, int[]> routes = new LinkedHashMap<>();
    private final Map<End, Integer> lids = new HashMap<>();
    private final BiFunction<String, Integer, List<Integer>> pKeys;
    private long tid = 0x7000;
    private Subnet subnet;

    /**
     * @param pKeys the P_Keys of a CA port (node, port), empty for the default partition
     */
    SimSubnet(SimFabric fabric, SimFabric.AttachPoint sm, BiFunction<String, Integer, List<Integer>> pKeys) {
        this.fabric = fabric;
        this.sm = sm;
        this.topology = fabric.topology();
        this.pKeys = pKeys;
        topology.nodes().forEach(n -> nodes.put(n.name(), n));
    }

    static SimSubnet up(Topology topology) throws MadFormatException {
        return up(topology, (n, p) -> List.of());
    }

    /** @param pKeys the P_Keys the SM gives each CA port (node, port) */
    static SimSubnet up(Topology topology, BiFunction<String, Integer, List<Integer>> pKeys) throws MadFormatException {
        SimFabric fabric = SimFabric.of(topology);
        return new SimSubnet(fabric, fabric.defaultAttachPoint(), pKeys).configure();
    }

    /** @return the subnet with the PortInfo of one port changed (a test's variation of what the SM read) */
    static Subnet withPort(Subnet s, long nodeGuid, int port, java.util.function.UnaryOperator<PortInfo> change) {
        List<SubnetNode> changed = new ArrayList<>();
        for (SubnetNode n : s.nodes()) {
            if (n.guid() != nodeGuid) {
                changed.add(n);
                continue;
            }
            List<SubnetPort> ports = n.ports().stream()
                    .map(p -> p.number() == port
                            ? new SubnetPort(p.number(), p.guid(), change.apply(p.info()), p.pKeys())
                            : p)
                    .toList();
            changed.add(new SubnetNode(n.info(), n.description(), n.switchInfo(), ports, n.route()));
        }
        return new Subnet(s.sweep() + 1, s.subnetPrefix(), s.smPortGuid(), s.smLid(), changed, s.links(), s.graph(),
                s.routing(), s.sms());
    }

    Subnet subnet() {
        return subnet;
    }

    /** @return the LID of a switch, or of port 1 of a CA */
    int lid(String node) {
        return lids.get(nodes.get(node).isSwitch() ? new End(node, 0) : new End(node, 1));
    }

    /** @return the CA ports' ends, in LID order */
    List<End> hosts() {
        return routes.keySet().stream().filter(e -> !nodes.get(e.node).isSwitch()).toList();
    }

    int lid(End end) {
        return lids.get(end);
    }

    /** Discovery, LIDs, routes, programming, activation, then the Subnet. */
    SimSubnet configure() throws MadFormatException {
        discover();
        int lid = 1;
        for (End e : routes.keySet()) {
            lids.put(e, lid++);
        }
        int smLid = lids.get(new End(sm.name(), sm.port()));
        for (End e : routes.keySet()) {
            PortInfo info = get(PortInfo.CODEC, 0, e);
            set(PortInfo.CODEC, 0, PortInfoBuilder.from(info).lid(lids.get(e)).masterSmLid(smLid).portState(0)
                    .portPhysicalState(0).build(), e);
        }
        RoutingGraph graph = graph();
        byte[][] tables = minHop(graph);
        for (int s = 0; s < graph.switchCount(); s++) {
            program(graph, s, tables[s]);
        }
        for (Link link : topology.links()) {
            activate(link.a(), link.portA());
            activate(link.b(), link.portB());
        }
        subnet = readBack(graph, new RoutingResult("test-minhop", tables), smLid);
        return this;
    }

    private void discover() {
        Node start = nodes.get(sm.name());
        routes.put(new End(start.name(), start.isSwitch() ? 0 : sm.port()), new int[0]);
        ArrayDeque<End> queue = new ArrayDeque<>(routes.keySet());
        while (!queue.isEmpty()) {
            End at = queue.poll();
            Node node = nodes.get(at.node);
            for (Link link : topology.links()) {
                for (int side = 0; side < 2; side++) {
                    String a = side == 0 ? link.a() : link.b();
                    int pa = side == 0 ? link.portA() : link.portB();
                    String b = side == 0 ? link.b() : link.a();
                    int pb = side == 0 ? link.portB() : link.portA();
                    if (!a.equals(at.node) || !node.isSwitch() && pa != at.port) {
                        continue;
                    }
                    End next = new End(b, nodes.get(b).isSwitch() ? 0 : pb);
                    if (routes.containsKey(next)) {
                        continue;
                    }
                    if (!node.isSwitch() && routes.get(at).length > 0) {
                        continue; // a CA forwards nothing: only the SM's own port leads on
                    }
                    int[] route = Arrays.copyOf(routes.get(at), routes.get(at).length + 1);
                    route[route.length - 1] = pa;
                    routes.put(next, route);
                    queue.add(next);
                }
            }
        }
    }

    private RoutingGraph graph() {
        RoutingGraph.Builder b = RoutingGraph.builder();
        Map<String, Integer> index = new HashMap<>();
        for (End e : routes.keySet()) {
            Node n = nodes.get(e.node);
            if (n.isSwitch()) {
                index.put(n.name(), b.addSwitch(n.nodeGuid(), n.portCount()));
                b.switchLid(index.get(n.name()), lids.get(e), 0);
            }
        }
        for (Link l : topology.links()) {
            Integer a = index.get(l.a());
            Integer c = index.get(l.b());
            if (a != null && c != null) {
                b.link(a, l.portA(), c, l.portB());
            }
        }
        for (End e : routes.keySet()) {
            Node n = nodes.get(e.node);
            if (n.isSwitch()) {
                continue;
            }
            int sw = RoutingGraph.NONE;
            int swPort = RoutingGraph.NONE;
            for (Link l : topology.links()) {
                if (l.a().equals(e.node) && l.portA() == e.port && index.containsKey(l.b())) {
                    sw = index.get(l.b());
                    swPort = l.portB();
                } else if (l.b().equals(e.node) && l.portB() == e.port && index.containsKey(l.a())) {
                    sw = index.get(l.a());
                    swPort = l.portA();
                }
            }
            b.addEndport(n.portGuid(e.port), n.nodeGuid(), lids.get(e), 0, sw, swPort);
        }
        return b.build();
    }

    /** @return for every switch, towards every LID, the first port of a shortest path (lowest port on ties) */
    static byte[][] minHop(RoutingGraph g) {
        int n = g.switchCount();
        byte[][] tables = new byte[n][g.maxLid() + 1];
        for (byte[] t : tables) {
            Arrays.fill(t, (byte) RoutingResult.NO_ROUTE);
        }
        for (int e = 0; e < g.endportCount(); e++) {
            int home = g.endportSwitch(e);
            if (home == RoutingGraph.NONE) {
                continue;
            }
            int[] dist = new int[n];
            Arrays.fill(dist, -1);
            dist[home] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(home));
            while (!queue.isEmpty()) {
                int s = queue.poll();
                for (int p = 1; p <= g.portCount(s); p++) {
                    int t = g.peerSwitch(s, p);
                    if (t != RoutingGraph.NONE && dist[t] < 0) {
                        dist[t] = dist[s] + 1;
                        queue.add(t);
                    }
                }
            }
            for (int s = 0; s < n; s++) {
                int port = RoutingResult.NO_ROUTE;
                if (s == home) {
                    port = g.endportSwitchPort(e);
                } else if (dist[s] > 0) {
                    for (int p = 1; p <= g.portCount(s) && port == RoutingResult.NO_ROUTE; p++) {
                        int t = g.peerSwitch(s, p);
                        if (t != RoutingGraph.NONE && dist[t] == dist[s] - 1) {
                            port = p;
                        }
                    }
                }
                tables[s][g.lid(e)] = (byte) port;
            }
        }
        return tables;
    }

    private void program(RoutingGraph g, int s, byte[] table) throws MadFormatException {
        End e = new End(nameOf(g.switchGuid(s)), 0);
        for (int block = 0; block * LinearForwardingTable.PER_BLOCK < table.length; block++) {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < LinearForwardingTable.PER_BLOCK; i++) {
                int lid = block * LinearForwardingTable.PER_BLOCK + i;
                ports.add(lid < table.length ? table[lid] & 0xFF : LinearForwardingTable.NO_ROUTE);
            }
            set(LinearForwardingTable.CODEC, block, new LinearForwardingTable(ports), e);
        }
        SwitchInfo i = get(SwitchInfo.CODEC, 0, e);
        set(SwitchInfo.CODEC, 0,
                new SwitchInfo(i.linearFdbCap(), i.randomFdbCap(), i.multicastFdbCap(), table.length - 1,
                        i.defaultPort(), i.defaultMulticastPrimaryPort(), i.defaultMulticastNotPrimaryPort(),
                        i.lifeTimeValue(), false, i.optimizedSl2VlMapping(), i.lidsPerPort(),
                        i.partitionEnforcementCap(), i.inboundEnforcementCap(), i.outboundEnforcementCap(),
                        i.filterRawInboundCap(), i.filterRawOutboundCap(), i.enhancedPort0(), i.multicastFdbTop()),
                e);
    }

    private void activate(String node, int port) throws MadFormatException {
        boolean sw = nodes.get(node).isSwitch();
        End e = new End(node, sw ? 0 : port);
        if (!routes.containsKey(e)) {
            return;
        }
        int modifier = sw ? port : 0;
        for (int state : new int[]{3, 4}) {
            PortInfo info = get(PortInfo.CODEC, modifier, e);
            if (info.portState() == 4) {
                return;
            }
            set(PortInfo.CODEC, modifier, PortInfoBuilder.from(info).portState(state).portPhysicalState(0).build(), e);
        }
    }

    private Subnet readBack(RoutingGraph graph, RoutingResult routing, int smLid) throws MadFormatException {
        Map<String, List<SubnetPort>> ports = new LinkedHashMap<>();
        Map<String, NodeInfo> infos = new HashMap<>();
        Map<String, End> firstEnd = new LinkedHashMap<>();
        for (End e : routes.keySet()) {
            Node n = nodes.get(e.node);
            infos.putIfAbsent(e.node, get(NodeInfo.CODEC, 0, e));
            firstEnd.putIfAbsent(e.node, e);
            List<SubnetPort> list = ports.computeIfAbsent(e.node, k -> new ArrayList<>());
            if (n.isSwitch()) {
                for (int p = 0; p <= n.portCount(); p++) {
                    list.add(new SubnetPort(p, n.portGuid(0), get(PortInfo.CODEC, p, e), List.of()));
                }
            } else {
                list.add(new SubnetPort(e.port, n.portGuid(e.port), get(PortInfo.CODEC, 0, e),
                        pKeys.apply(e.node, e.port)));
            }
        }
        List<SubnetNode> subnetNodes = new ArrayList<>();
        for (Map.Entry<String, End> f : firstEnd.entrySet()) {
            Node n = nodes.get(f.getKey());
            End e = f.getValue();
            SwitchInfo si = n.isSwitch() ? get(SwitchInfo.CODEC, 0, e) : null;
            String description = get(NodeDescription.CODEC, 0, e).text();
            List<Integer> route = Arrays.stream(routes.get(e)).boxed().toList();
            subnetNodes.add(new SubnetNode(infos.get(n.name()), description, si, ports.get(n.name()), route));
        }
        List<SubnetLink> links = new ArrayList<>();
        for (Link l : topology.links()) {
            if (firstEnd.containsKey(l.a()) && firstEnd.containsKey(l.b())) {
                links.add(
                        new SubnetLink(nodes.get(l.a()).nodeGuid(), l.portA(), nodes.get(l.b()).nodeGuid(), l.portB()));
            }
        }
        long smGuid = nodes.get(sm.name()).portGuid(sm.port());
        KnownSm self = new KnownSm(smGuid, smLid, new SmInfo(smGuid, 0, 1, 0, SmInfo.MASTER));
        return new Subnet(1, Gid.DEFAULT_PREFIX, smGuid, smLid, subnetNodes, links, graph, routing, List.of(self));
    }

    private String nameOf(long nodeGuid) {
        return nodes.values().stream().filter(n -> n.nodeGuid() == nodeGuid).findFirst().orElseThrow().name();
    }

    private <T> T get(AttributeCodec<T> codec, int modifier, End e) throws MadFormatException {
        byte[] mad = Smp.directedRoute(Method.GET, tid++, codec.attributeId(), modifier, 0, routes.get(e), new byte[0])
                .encode();
        assertNotNull(fabric.exchange(sm, mad, mad.length, MadAddress.directedRoute()), "DR Get to " + e);
        return Smp.decode(mad).attribute(codec);
    }

    private <T> void set(AttributeCodec<T> codec, int modifier, T value, End e) throws MadFormatException {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        byte[] mad = Smp.directedRoute(Method.SET, tid++, codec.attributeId(), modifier, 0, routes.get(e), data)
                .encode();
        assertNotNull(fabric.exchange(sm, mad, mad.length, MadAddress.directedRoute()), "DR Set to " + e);
        assertEquals(MadStatus.OK, Smp.decode(mad).status(), codec + " Set on " + e);
    }
}
