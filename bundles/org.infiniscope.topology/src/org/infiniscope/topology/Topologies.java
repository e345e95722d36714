package org.infiniscope.topology;

/** Fabrics the product uses without being told which. */
public final class Topologies {

    private static final Topology DEFAULT = Generators.fatTree2(4, 2, 8);

    private Topologies() {
    }

    /**
     * The built-in fabric of {@code --fabric sim}: a 2-level fat tree of 4 leaves and 2 spines (16-port switches)
     * with 8 hosts on each leaf, 32 hosts in all, {@code ft2:4:2:8}.
     */
    public static Topology defaultFabric() {
        return DEFAULT;
    }
}
