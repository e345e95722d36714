package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * The fabric of {@code --fabric sim}: a two-level fat tree of 2 spines and 4 leaves of 8 ports, 4 hosts a leaf.
 * It stands in until the topology bundle offers its own default fabric and generators.
 */
public final class DefaultFabric {

    private static final int SPINES = 2, LEAVES = 4, HOSTS_PER_LEAF = 4;
    private static final long OUI = 0x0002_c900_0000_0000L;

    private DefaultFabric() {
    }

    /** @return the topology: hosts {@code h01}..{@code h16} first, then leaves and spines */
    public static Topology topology() {
        List<Node> nodes = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        long guid = OUI | 0x100;
        for (int h = 1; h <= LEAVES * HOSTS_PER_LEAF; h++) {
            long node = guid;
            nodes.add(new Node(NodeType.CA, String.format("h%02d", h), 1, node, node, List.of(0L, node + 1), 0x02c9,
                    0x1017));
            guid += 0x10;
        }
        for (int l = 1; l <= LEAVES; l++) {
            nodes.add(new Node(NodeType.SWITCH, "leaf" + l, HOSTS_PER_LEAF + SPINES, guid, guid, List.of(guid), 0x02c9,
                    0xcf08));
            guid += 0x10;
            for (int h = 1; h <= HOSTS_PER_LEAF; h++) {
                links.add(Link.of("leaf" + l, h, String.format("h%02d", (l - 1) * HOSTS_PER_LEAF + h), 1));
            }
        }
        for (int s = 1; s <= SPINES; s++) {
            nodes.add(new Node(NodeType.SWITCH, "spine" + s, LEAVES, guid, guid, List.of(guid), 0x02c9, 0xcf08));
            guid += 0x10;
            for (int l = 1; l <= LEAVES; l++) {
                links.add(Link.of("spine" + s, l, "leaf" + l, HOSTS_PER_LEAF + s));
            }
        }
        return new Topology(nodes, links, Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0);
    }
}
