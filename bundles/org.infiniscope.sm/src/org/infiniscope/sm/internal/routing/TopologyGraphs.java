package org.infiniscope.sm.internal.routing;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.Topology;

/**
 * Builds the {@link RoutingGraph} of a topology (a generated fabric or a topology file) with every port up: for
 * tests, the benchmark and simulated fabrics routed without a sweep. LIDs come from a function of the port GUID
 * (the SM's, or OpenSM's guid2lid) or are handed out in node order.
 */
public final class TopologyGraphs {

    private TopologyGraphs() {
    }

    /**
     * @return the graph with LIDs handed out in node order, each endport's range aligned to {@code 2^lmc}; switches
     *         get one LID each (their port 0 has no LMC)
     */
    public static RoutingGraph sequential(Topology topology, int lmc) {
        int[] next = {1};
        Map<Long, Integer> lids = new HashMap<>();
        for (Node node : topology.nodes()) {
            int ports = node.isSwitch() ? 1 : node.portCount();
            for (int p = node.isSwitch() ? 0 : 1; p <= (node.isSwitch() ? 0 : ports); p++) {
                int size = node.isSwitch() ? 1 : 1 << lmc;
                int lid = (next[0] + size - 1) / size * size;
                lids.put(node.portGuid(p), lid);
                next[0] = lid + size;
            }
        }
        return build(topology, guid -> lids.getOrDefault(guid, 0), lmc);
    }

    /**
     * @param lidOf the base LID of a port GUID, 0 for a port without LID (left out)
     * @param lmc the LMC of CA and router ports
     * @return the graph of the topology's switches, links and LID holding ports
     */
    public static RoutingGraph build(Topology topology, ToIntFunction<Long> lidOf, int lmc) {
        RoutingGraph.Builder b = RoutingGraph.builder();
        Map<String, Integer> switches = new HashMap<>();
        Map<String, Node> nodes = topology.nodesByName();
        for (Node node : topology.nodes()) {
            if (node.isSwitch()) {
                int s = b.addSwitch(node.nodeGuid(), node.portCount());
                switches.put(node.name(), s);
                int lid = lidOf.applyAsInt(node.portGuid(0));
                if (lid > 0) {
                    b.switchLid(s, lid, 0);
                }
            }
        }
        Map<String, int[]> caLinks = new HashMap<>();
        for (Link link : topology.links()) {
            Integer a = switches.get(link.a());
            Integer c = switches.get(link.b());
            if (a != null && c != null) {
                b.link(a, link.portA(), c, link.portB());
            } else if (a != null) {
                caLinks.put(link.b() + "\u0000" + link.portB(), new int[]{a, link.portA()});
            } else if (c != null) {
                caLinks.put(link.a() + "\u0000" + link.portA(), new int[]{c, link.portB()});
            }
        }
        for (Node node : nodes.values()) {
            if (node.isSwitch()) {
                continue;
            }
            for (int p = 1; p <= node.portCount(); p++) {
                int lid = lidOf.applyAsInt(node.portGuid(p));
                if (lid <= 0) {
                    continue;
                }
                int[] at = caLinks.get(node.name() + "\u0000" + p);
                b.addEndport(node.portGuid(p), node.nodeGuid(), lid, lmc, at == null ? RoutingGraph.NONE : at[0],
                        at == null ? RoutingGraph.NONE : at[1]);
            }
        }
        return b.build();
    }
}
