package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.Topology;

/**
 * The least of a subnet manager, as the simulator's tests have it (their {@code MiniSm}, which this fragment cannot
 * see): every node reachable from the attach point gets a LID in the order found, switches get shortest-path LFTs,
 * every link goes Active — all by directed-route SMPs through {@link SimFabric#exchange}. Single-port CAs only.
 */
final class SimLids {

    private final SimFabric fabric;
    private final SimFabric.AttachPoint at;
    private final Topology topology;
    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, int[]> paths = new LinkedHashMap<>();
    private final Map<String, Integer> lids = new HashMap<>();
    private long tid = 0x5000;

    SimLids(SimFabric fabric, SimFabric.AttachPoint at) {
        this.fabric = fabric;
        this.at = at;
        this.topology = fabric.topology();
        topology.nodes().forEach(n -> nodes.put(n.name(), n));
    }

    /** @return the LID a node was given */
    int lid(String node) {
        return lids.get(node);
    }

    /** LIDs, LFTs, then every link Active. */
    SimLids configure() throws MadFormatException {
        paths.put(at.name(), new int[0]);
        for (Map.Entry<String, int[]> hop : hops(at.name(), at.port()).entrySet()) {
            paths.putIfAbsent(hop.getKey(), hop.getValue());
        }
        int lid = 1;
        for (String name : paths.keySet()) {
            lids.put(name, lid++);
        }
        for (String name : paths.keySet()) {
            PortInfo info = portInfo(name, 0);
            set(PortInfo.CODEC, 0, PortInfoBuilder.from(info).lid(lids.get(name)).masterSmLid(1).portState(0)
                    .portPhysicalState(0).build(), name);
        }
        for (String name : paths.keySet()) {
            if (nodes.get(name).isSwitch()) {
                program(name);
            }
        }
        for (Link link : topology.links()) {
            activate(link.a(), link.portA());
            activate(link.b(), link.portB());
        }
        return this;
    }

    private Map<String, int[]> hops(String from, int port) {
        Map<String, int[]> found = new LinkedHashMap<>();
        found.put(from, new int[0]);
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            String u = queue.poll();
            Node node = nodes.get(u);
            if (!node.isSwitch() && !u.equals(from)) {
                continue; // CAs do not forward
            }
            for (Link link : topology.links()) {
                for (int end = 0; end < 2; end++) {
                    String a = end == 0 ? link.a() : link.b();
                    int pa = end == 0 ? link.portA() : link.portB();
                    String b = end == 0 ? link.b() : link.a();
                    if (!a.equals(u) || found.containsKey(b) || !node.isSwitch() && pa != port) {
                        continue;
                    }
                    int[] path = Arrays.copyOf(found.get(u), found.get(u).length + 1);
                    path[path.length - 1] = pa;
                    found.put(b, path);
                    queue.add(b);
                }
            }
        }
        found.remove(from);
        return found;
    }

    private void program(String name) throws MadFormatException {
        int top = Collections.max(lids.values());
        List<Integer> ports = new ArrayList<>(
                Collections.nCopies(LinearForwardingTable.PER_BLOCK, LinearForwardingTable.NO_ROUTE));
        ports.set(lids.get(name), 0);
        for (Map.Entry<String, int[]> hop : hops(name, 0).entrySet()) {
            ports.set(lids.get(hop.getKey()), hop.getValue()[0]);
        }
        set(LinearForwardingTable.CODEC, 0, new LinearForwardingTable(ports), name);
        SwitchInfo info = Smp.decode(get(SwitchInfo.ATTRIBUTE_ID, 0, name)).attribute(SwitchInfo.CODEC);
        set(SwitchInfo.CODEC, 0, new SwitchInfo(info.linearFdbCap(), info.randomFdbCap(), info.multicastFdbCap(), top,
                info.defaultPort(), info.defaultMulticastPrimaryPort(), info.defaultMulticastNotPrimaryPort(),
                info.lifeTimeValue(), false, info.optimizedSl2VlMapping(), info.lidsPerPort(),
                info.partitionEnforcementCap(), info.inboundEnforcementCap(), info.outboundEnforcementCap(),
                info.filterRawInboundCap(), info.filterRawOutboundCap(), info.enhancedPort0(), info.multicastFdbTop()),
                name);
    }

    private void activate(String name, int port) throws MadFormatException {
        if (!paths.containsKey(name)) {
            return;
        }
        int modifier = nodes.get(name).isSwitch() ? port : 0;
        for (int state : new int[]{3, 4}) {
            PortInfo info = portInfo(name, modifier);
            if (info.portState() == 4) {
                return;
            }
            set(PortInfo.CODEC, modifier, PortInfoBuilder.from(info).portState(state).portPhysicalState(0).build(),
                    name);
        }
    }

    private PortInfo portInfo(String name, int modifier) throws MadFormatException {
        return Smp.decode(get(PortInfo.ATTRIBUTE_ID, modifier, name)).attribute(PortInfo.CODEC);
    }

    private byte[] get(int attribute, int modifier, String name) {
        byte[] mad = Smp.directedRoute(Method.GET, tid++, attribute, modifier, 0, paths.get(name), new byte[0])
                .encode();
        assertNotNull(fabric.exchange(at, mad, mad.length, MadAddress.directedRoute()), "DR Get to " + name);
        return mad;
    }

    private <T> void set(AttributeCodec<T> codec, int modifier, T value, String name) throws MadFormatException {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        byte[] mad = Smp.directedRoute(Method.SET, tid++, codec.attributeId(), modifier, 0, paths.get(name), data)
                .encode();
        assertNotNull(fabric.exchange(at, mad, mad.length, MadAddress.directedRoute()), "DR Set to " + name);
        assertEquals(MadStatus.OK, Smp.decode(mad).status(), codec + " Set on " + name);
    }
}
