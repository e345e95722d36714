package org.infiniscope.sm.subnet;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingResult;

/**
 * The subnet as the SM configured it at the end of one sweep. Immutable; the SM publishes a new one after every sweep
 * that changed something, and readers (the SA, the console, the GUI) keep whichever they took.
 */
public final class Subnet {

    /** A port of a node. */
    public record PortRef(SubnetNode node, SubnetPort port) {
    }

    private final long sweep;
    private final long subnetPrefix;
    private final long smPortGuid;
    private final int smLid;
    private final List<SubnetNode> nodes;
    private final List<SubnetLink> links;
    private final RoutingGraph graph;
    private final RoutingResult routing;
    private final List<KnownSm> sms;
    private volatile Index index;

    /** Copies the lists. */
    public Subnet(long sweep, long subnetPrefix, long smPortGuid, int smLid, List<SubnetNode> nodes,
            List<SubnetLink> links, RoutingGraph graph, RoutingResult routing, List<KnownSm> sms) {
        this.sweep = sweep;
        this.subnetPrefix = subnetPrefix;
        this.smPortGuid = smPortGuid;
        this.smLid = smLid;
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        this.graph = Objects.requireNonNull(graph, "graph");
        this.routing = Objects.requireNonNull(routing, "routing");
        this.sms = List.copyOf(sms);
    }

    /** @return the number of the sweep that produced it, from 1 */
    public long sweep() {
        return sweep;
    }

    /** @return the GID prefix the SM gives every port */
    public long subnetPrefix() {
        return subnetPrefix;
    }

    /** @return the port the master SM runs on */
    public long smPortGuid() {
        return smPortGuid;
    }

    /** @return that port's LID */
    public int smLid() {
        return smLid;
    }

    /** @return the nodes, in the order the SM discovered them (its own first) */
    public List<SubnetNode> nodes() {
        return nodes;
    }

    /** @return the links, each once */
    public List<SubnetLink> links() {
        return links;
    }

    /** @return the graph the routes were computed on */
    public RoutingGraph graph() {
        return graph;
    }

    /** @return the unicast routes programmed in the switches (switch indices as in {@link #graph()}) */
    public RoutingResult routing() {
        return routing;
    }

    /** @return the SMs the master knows of, itself included */
    public List<KnownSm> sms() {
        return sms;
    }

    /** @return the node with this node GUID */
    public Optional<SubnetNode> node(long nodeGuid) {
        return Optional.ofNullable(index().byGuid.get(nodeGuid));
    }

    /** @return the endport (a CA or router port, or a switch's port 0) that owns this unicast LID, LMC included */
    public Optional<PortRef> byLid(int lid) {
        return Optional.ofNullable(index().byLid.get(lid));
    }

    /** @return the endport with this port GUID (for a switch: its port 0) */
    public Optional<PortRef> byPortGuid(long portGuid) {
        return Optional.ofNullable(index().byPortGuid.get(portGuid));
    }

    /** @return the port at the far end of port {@code port} of node {@code nodeGuid} */
    public Optional<PortRef> peer(long nodeGuid, int port) {
        return Optional.ofNullable(index().peers.get(new End(nodeGuid, port)));
    }

    private Index index() {
        Index i = index;
        if (i == null) {
            i = new Index(this);
            index = i;
        }
        return i;
    }

    private record End(long node, int port) {
    }

    /** Lookup maps, built once per subnet on first use. */
    private static final class Index {

        final Map<Long, SubnetNode> byGuid = new HashMap<>();
        final Map<Integer, PortRef> byLid = new HashMap<>();
        final Map<Long, PortRef> byPortGuid = new HashMap<>();
        final Map<End, PortRef> peers = new HashMap<>();

        private Index(Subnet s) {
            for (SubnetNode n : s.nodes()) {
                byGuid.put(n.guid(), n);
                for (SubnetPort p : n.ports()) {
                    boolean endport = n.isSwitch() ? p.number() == 0 : true;
                    if (!endport) {
                        continue;
                    }
                    PortRef ref = new PortRef(n, p);
                    byPortGuid.put(p.guid(), ref);
                    int lid = p.info().lid();
                    if (lid > 0 && lid < 0xC000) {
                        for (int l = lid; l < lid + (1 << p.info().lmc()); l++) {
                            byLid.put(l, ref);
                        }
                    }
                }
            }
            for (SubnetLink l : s.links()) {
                SubnetNode a = byGuid.get(l.nodeA());
                SubnetNode b = byGuid.get(l.nodeB());
                if (a != null && b != null) {
                    b.port(l.portB()).ifPresent(p -> peers.put(new End(l.nodeA(), l.portA()), new PortRef(b, p)));
                    a.port(l.portA()).ifPresent(p -> peers.put(new End(l.nodeB(), l.portB()), new PortRef(a, p)));
                }
            }
        }
    }
}
