package org.infiniscope.verbs.sim;

import org.infiniscope.sim.MiniSm;
import java.util.List;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * {@code h1 - sw1 - sw2 - h2}, with {@code h3} on sw2 port 3, brought up by {@link MiniSm} from h1 (LIDs, LFTs,
 * every link Active), and the simulated verbs provider over it.
 */
public final class TwoHosts implements AutoCloseable {

    public static final long H1 = 0x0002c90300000100L, H2 = 0x0002c90300000200L, H3 = 0x0002c90300000300L;

    public final SimFabric fabric;
    final MiniSm lids;
    public final SimVerbsProvider verbs;

    public TwoHosts() throws Exception {
        fabric = SimFabric.of(
                new Topology(List.of(ca("h1", H1), ca("h2", H2), ca("h3", H3), sw("sw1", 0x1000), sw("sw2", 0x2000)),
                        List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                                Link.of("sw2", 3, "h3", 1)),
                        Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        lids = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        verbs = new SimVerbsProvider(fabric);
    }

    /** An unconfigured fabric: no LIDs, no routes (for what needs no data path). */
    public static SimVerbsProvider unrouted() {
        SimFabric f = SimFabric.of(new Topology(List.of(ca("h1", H1), ca("h2", H2), sw("sw1", 0x1000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "h2", 1)), Topology.DEFAULT_WIDTH,
                Topology.DEFAULT_SPEED, 0));
        return new SimVerbsProvider(f);
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    public Peer peer(String node) throws Exception {
        return new Peer(verbs, node, lids.lid(node));
    }

    long counter(String node, int port, PortCounter c) {
        return fabric.faults().counter(node, port, c);
    }

    @Override
    public void close() {
        verbs.close();
    }
}
