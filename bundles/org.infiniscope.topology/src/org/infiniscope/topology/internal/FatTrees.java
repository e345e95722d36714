package org.infiniscope.topology.internal;

import org.infiniscope.topology.Topology;

/**
 * Fat trees laid out as the shared fabric files {@code ft2-*.net} and {@code ft3-432.net} are (hosts first, names
 * and port numbers alike), so that {@code ft2:4:2:4}, {@code ft2:24:18} and {@code ft3:12} give those files'
 * fabrics.
 */
public final class FatTrees {

    private FatTrees() {
    }

    /**
     * A 2-level fat tree: each leaf has {@code hostsPerLeaf} hosts on its first ports and as many uplinks, spread
     * round-robin over the spines (so parallel links when there are more uplinks than spines); every switch has
     * the larger of the two port counts needed.
     *
     * @throws IllegalArgumentException naming the field that is out of range
     */
    public static Topology twoLevel(int leaves, int spines, int hostsPerLeaf) {
        Sizes.atLeast("LEAVES", leaves, 1);
        Sizes.atLeast("SPINES", spines, 1);
        Sizes.atLeast("HOSTS", hostsPerLeaf, 1);
        int perSpine = (hostsPerLeaf + spines - 1) / spines;
        int uplinks = perSpine * spines;
        int radix = Math.max(hostsPerLeaf + uplinks, leaves * perSpine);
        Sizes.ports("HOSTS", hostsPerLeaf + uplinks);
        Sizes.ports("LEAVES", leaves * perSpine);
        Sizes.nodes("LEAVES", (long) leaves * hostsPerLeaf + leaves + spines);
        TopologyBuilder b = new TopologyBuilder();
        for (int h = 0; h < leaves * hostsPerLeaf; h++) {
            b.addCa(host(h + 1), 1);
            b.link(host(h + 1), 1, leaf(h / hostsPerLeaf + 1), h % hostsPerLeaf + 1);
        }
        for (int l = 0; l < leaves; l++) {
            b.addSwitch(leaf(l + 1), radix);
        }
        for (int s = 0; s < spines; s++) {
            b.addSwitch(String.format("spine%03d", s + 1), radix);
        }
        for (int l = 0; l < leaves; l++) {
            for (int j = 0; j < uplinks; j++) {
                b.link(leaf(l + 1), hostsPerLeaf + 1 + j, String.format("spine%03d", j % spines + 1),
                        l * perSpine + j / spines + 1);
            }
        }
        return b.build();
    }

    /**
     * A 3-level fat tree of radix-k switches (k pods of k/2 leaf and k/2 aggregation switches, (k/2)² core
     * switches, k³/4 hosts): radix 36 gives 11,664 hosts and 1,620 switches.
     *
     * @throws IllegalArgumentException when the radix is odd or out of 2..254
     */
    public static Topology threeLevel(int radix) {
        Sizes.atLeast("RADIX", radix, 2);
        Sizes.ports("RADIX", radix);
        if (radix % 2 != 0) {
            throw new IllegalArgumentException("RADIX: " + radix + " is odd, a 3-level fat tree needs an even radix");
        }
        int half = radix / 2;
        TopologyBuilder b = new TopologyBuilder();
        int hosts = radix * half * half;
        for (int h = 0; h < hosts; h++) {
            int leafIndex = h / half; // over all pods
            b.addCa(host(h + 1), 1);
            b.link(host(h + 1), 1, podSwitch(leafIndex / half + 1, "leaf", leafIndex % half + 1), h % half + 1);
        }
        for (int c = 0; c < half * half; c++) {
            b.addSwitch(String.format("core%04d", c + 1), radix);
        }
        for (int p = 1; p <= radix; p++) {
            for (int i = 1; i <= half; i++) {
                b.addSwitch(podSwitch(p, "agg", i), radix);
                b.addSwitch(podSwitch(p, "leaf", i), radix);
            }
            for (int a = 1; a <= half; a++) {
                for (int j = 1; j <= half; j++) {
                    b.link(podSwitch(p, "agg", a), j, podSwitch(p, "leaf", j), half + a);
                    b.link(podSwitch(p, "agg", a), half + j, String.format("core%04d", (a - 1) * half + j), p);
                }
            }
        }
        return b.build();
    }

    static String host(int n) {
        return String.format("h%05d", n);
    }

    private static String leaf(int n) {
        return String.format("leaf%03d", n);
    }

    private static String podSwitch(int pod, String role, int n) {
        return String.format("p%02d%s%02d", pod, role, n);
    }
}
