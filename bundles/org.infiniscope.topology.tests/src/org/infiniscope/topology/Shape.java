package org.infiniscope.topology;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A fabric as ibnetdiscover sees it, independent of node names and of order: nodes by GUID with type, ports and
 * description, cables as pairs of GUID ports.
 */
record Shape(Set<String> nodes, Set<Set<String>> cables) {

    static Shape of(NetFile file) {
        Map<String, Long> guids = new HashMap<>();
        Set<String> nodes = new HashSet<>();
        for (Node n : file.topology().nodes()) {
            guids.put(n.name(), n.nodeGuid());
            nodes.add(n.type() + " " + Long.toHexString(n.nodeGuid()) + " " + n.portCount() + " "
                    + file.description(n.name()));
        }
        Set<Set<String>> cables = new HashSet<>();
        for (Link l : file.topology().links()) {
            cables.add(Set.of(Long.toHexString(guids.get(l.a())) + "[" + l.portA() + "]",
                    Long.toHexString(guids.get(l.b())) + "[" + l.portB() + "]"));
        }
        return new Shape(nodes, cables);
    }
}
