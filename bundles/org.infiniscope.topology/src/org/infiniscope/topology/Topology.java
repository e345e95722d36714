package org.infiniscope.topology;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A whole fabric as a topology file describes it: nodes in file order and the links between their ports.
 *
 * @param nodes the nodes, names unique
 * @param links the links; a port is cabled at most once
 * @param defaultWidth the width mask of links that give none (ibsim's {@code width=}; IBA LinkWidth bits)
 * @param defaultSpeed the speed mask of links that give none (ibsim's {@code speed=})
 * @param defaultExtSpeed the extended speed mask of links that give none (ibsim's {@code extspeed=})
 */
public record Topology(List<Node> nodes, List<Link> links, int defaultWidth, int defaultSpeed, int defaultExtSpeed) {

    /** ibsim's defaults: 4X, SDR, no extended speed. */
    public static final int DEFAULT_WIDTH = 2;
    public static final int DEFAULT_SPEED = 1;

    /** Copies the lists and checks that names are unique, links name known nodes and ports, and no port is cabled twice. */
    public Topology {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
        Map<String, Node> byName = new HashMap<>();
        for (Node node : nodes) {
            if (byName.put(node.name(), node) != null) {
                throw new IllegalArgumentException("two nodes are named \"" + node.name() + "\"");
            }
        }
        Set<String> cabled = new HashSet<>();
        for (Link link : links) {
            checkEnd(byName, cabled, link.a(), link.portA(), link);
            checkEnd(byName, cabled, link.b(), link.portB(), link);
        }
    }

    private static void checkEnd(Map<String, Node> byName, Set<String> cabled, String name, int port, Link link) {
        Node node = byName.get(name);
        if (node == null) {
            throw new IllegalArgumentException(link + ": no node named \"" + name + "\"");
        }
        if (port > node.portCount()) {
            throw new IllegalArgumentException(link + ": \"" + name + "\" has " + node.portCount() + " ports");
        }
        if (!cabled.add(name + "\u0000" + port)) {
            throw new IllegalArgumentException(link + ": \"" + name + "\"[" + port + "] is cabled twice");
        }
    }

    /** @return the node with this name */
    public Optional<Node> node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    /** @return the nodes by name, in file order */
    public Map<String, Node> nodesByName() {
        Map<String, Node> map = new LinkedHashMap<>();
        nodes.forEach(n -> map.put(n.name(), n));
        return java.util.Collections.unmodifiableMap(map);
    }
}
