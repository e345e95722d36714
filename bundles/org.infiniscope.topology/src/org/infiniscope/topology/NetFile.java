package org.infiniscope.topology;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a topology file holds beyond the {@link Topology}: node descriptions that differ from the node's name (as
 * ibnetdiscover output gives them after {@code #}), LIDs that ibnetdiscover output records, switches that declare
 * an enhanced port 0, and the ibsim console commands of {@code do} lines, kept in file order and never executed.
 *
 * @param topology the fabric
 * @param descriptions node name to NodeDescription, only for nodes whose description is not their name
 * @param lids LIDs as the file gives them: a switch's under port 0, a CA's or router's under each port
 * @param enhancedPort0 the names of switches whose header says {@code enhanced port 0}
 * @param consoleCommands the text after {@code do} of each {@code do} line, in file order
 */
public record NetFile(Topology topology, Map<String, String> descriptions, Map<PortRef, Integer> lids,
        Set<String> enhancedPort0, List<String> consoleCommands) {

    /** Copies the collections. */
    public NetFile {
        Objects.requireNonNull(topology, "topology");
        descriptions = Map.copyOf(descriptions);
        lids = Map.copyOf(lids);
        enhancedPort0 = Set.copyOf(enhancedPort0);
        consoleCommands = List.copyOf(consoleCommands);
    }

    /** @return a file holding only this topology */
    public static NetFile of(Topology topology) {
        return new NetFile(topology, Map.of(), Map.of(), Set.of(), List.of());
    }

    /** @return the node's description: the file's, else its name */
    public String description(String node) {
        return descriptions.getOrDefault(node, node);
    }
}
