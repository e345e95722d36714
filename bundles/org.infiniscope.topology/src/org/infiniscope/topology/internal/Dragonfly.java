package org.infiniscope.topology.internal;

import org.infiniscope.topology.Topology;

/**
 * A dragonfly: groups of switches {@code gGGrSS}, all-to-all inside a group, one global cable between every two
 * groups. Ports: hosts first, then one to each other switch of the group (in switch order), then the global ports.
 * Group g reaches its t-th other group (in group order) through switch {@code t mod S}, global port {@code t / S}:
 * both ends of a global cable follow the same rule, so the layout needs no search and is stable.
 */
public final class Dragonfly {

    private Dragonfly() {
    }

    /**
     * @throws IllegalArgumentException naming the field (GROUPS, SWITCHES or HOSTS) that is out of range
     */
    public static Topology of(int groups, int switches, int hostsPerSwitch) {
        Sizes.atLeast("GROUPS", groups, 1);
        Sizes.atLeast("SWITCHES", switches, 1);
        Sizes.atLeast("HOSTS", hostsPerSwitch, 0);
        int globalPorts = (groups - 1 + switches - 1) / switches;
        int ports = Math.max(1, hostsPerSwitch + switches - 1 + globalPorts);
        Sizes.ports("SWITCHES", ports);
        Sizes.nodes("GROUPS", (long) groups * switches * (1 + hostsPerSwitch));
        TopologyBuilder b = new TopologyBuilder();
        int host = 0;
        for (int g = 1; g <= groups; g++) {
            for (int s = 1; s <= switches; s++) {
                for (int h = 1; h <= hostsPerSwitch; h++) {
                    b.addCa(FatTrees.host(++host), 1);
                    b.link(FatTrees.host(host), 1, name(g, s), h);
                }
            }
        }
        for (int g = 1; g <= groups; g++) {
            for (int s = 1; s <= switches; s++) {
                b.addSwitch(name(g, s), ports);
                for (int o = s + 1; o <= switches; o++) {
                    // s is o's (s)-th other switch and o is s's (o-1)-th
                    b.link(name(g, s), hostsPerSwitch + o - 1, name(g, o), hostsPerSwitch + s);
                }
            }
            for (int other = g + 1; other <= groups; other++) {
                int t = other - 2; // other's index among g's other groups (those before g are skipped)
                int u = g - 1; // g's index among other's other groups
                b.link(name(g, t % switches + 1), hostsPerSwitch + switches + t / switches,
                        name(other, u % switches + 1), hostsPerSwitch + switches + u / switches);
            }
        }
        return b.build();
    }

    private static String name(int group, int sw) {
        return String.format("g%02dr%02d", group, sw);
    }
}
