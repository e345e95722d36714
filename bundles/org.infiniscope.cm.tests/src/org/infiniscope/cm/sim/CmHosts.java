package org.infiniscope.cm.sim;

import org.infiniscope.sim.MiniSm;
import java.util.List;

import org.infiniscope.cm.CmOptions;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.infiniscope.verbs.sim.SimVerbsProvider;

/**
 * {@code h1 - sw1 - sw2 - h2}, with {@code h3} on sw2, brought up by {@link MiniSm} from h1, the simulated verbs over
 * it and a CM on every host.
 */
final class CmHosts implements AutoCloseable {

    /** Short timers, so that retries under loss take milliseconds: 4.096 µs × 2^12 = 16.8 ms. */
    static final CmOptions FAST = new CmOptions(12, 15, 16);

    final SimFabric fabric;
    final MiniSm lids;
    final SimVerbsProvider verbs;
    final SimCm cm;

    CmHosts(CmOptions options) throws Exception {
        fabric = SimFabric.of(new Topology(
                List.of(ca("h1", 0x0002c90300000100L), ca("h2", 0x0002c90300000200L), ca("h3", 0x0002c90300000300L),
                        sw("sw1", 0x1000), sw("sw2", 0x2000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                        Link.of("sw2", 3, "h3", 1)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        lids = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        verbs = new SimVerbsProvider(fabric);
        cm = new SimCm(fabric, verbs, options);
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    @Override
    public void close() {
        cm.close();
        verbs.close();
    }
}
