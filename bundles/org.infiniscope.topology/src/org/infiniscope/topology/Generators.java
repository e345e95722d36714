package org.infiniscope.topology;

import org.infiniscope.topology.internal.Dragonfly;
import org.infiniscope.topology.internal.FatTrees;
import org.infiniscope.topology.internal.RandomFabric;
import org.infiniscope.topology.internal.Torus;

/**
 * Generated fabrics, each deterministic: the same parameters give the same names, GUIDs and cabling. Hosts are
 * single-port CAs {@code h00001}, {@code h00002}, ...; GUIDs count up from {@code 0x0008f10400000100} (CAs) and
 * {@code 0x0008f10500000100} (switches) in steps of 0x100, with ibsim's port GUID rule (CA port N: node GUID + N).
 * Every method throws {@link IllegalArgumentException}, its message starting with the spec field at fault, when a
 * parameter is out of range; {@link TopologySpec#parse} turns that into a checked exception.
 */
public final class Generators {

    private Generators() {
    }

    /**
     * A 2-level fat tree ({@code ft2:LEAVES:SPINES[:HOSTS]}): each leaf has {@code hostsPerLeaf} hosts and as many
     * uplinks, round-robin over the spines. {@code fatTree2(24, 18, 18)} is the shared {@code ft2-432.net}.
     */
    public static Topology fatTree2(int leaves, int spines, int hostsPerLeaf) {
        return FatTrees.twoLevel(leaves, spines, hostsPerLeaf);
    }

    /**
     * A 3-level fat tree of radix-k switches ({@code ft3:RADIX}): k³/4 hosts, 5k²/4 switches. Radix 36 gives
     * 11,664 hosts and 1,620 switches; radix 12 is the shared {@code ft3-432.net}.
     */
    public static Topology fatTree3(int radix) {
        return FatTrees.threeLevel(radix);
    }

    /** A 2D or 3D torus ({@code torus:X:Y[:Z]}) with {@value Torus#HOSTS_PER_SWITCH} hosts a switch. */
    public static Topology torus(int... dims) {
        return Torus.of(dims);
    }

    /** A dragonfly ({@code dfly:GROUPS:SWITCHES[:HOSTS]}): all-to-all groups, one cable between two groups. */
    public static Topology dragonfly(int groups, int switchesPerGroup, int hostsPerSwitch) {
        return Dragonfly.of(groups, switchesPerGroup, hostsPerSwitch);
    }

    /** A random, connected, irregular fabric of 36-port switches ({@code random:SWITCHES:HOSTS:SEED}). */
    public static Topology random(int switches, int hosts, long seed) {
        return RandomFabric.of(switches, hosts, seed);
    }
}
