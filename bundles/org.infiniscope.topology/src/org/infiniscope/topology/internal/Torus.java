package org.infiniscope.topology.internal;

import org.infiniscope.topology.Topology;

/**
 * A 2D or 3D torus laid out as the shared {@code torus-4x4x2.net}: switches {@code swX-Y[-Z]} in order with the
 * last coordinate fastest, ports 1/2 to +x/−x, 3/4 to +y/−y, 5/6 to +z/−z, two hosts on the ports after those.
 * A dimension of size 2 has one cable between its two switches (its wrap-around would be a second, parallel one);
 * a dimension of size 1 has none.
 */
public final class Torus {

    /** Hosts on each switch. */
    public static final int HOSTS_PER_SWITCH = 2;

    private Torus() {
    }

    /**
     * @param dims the sizes, 2 or 3 of them
     * @throws IllegalArgumentException naming the field (X, Y or Z) that is out of range
     */
    public static Topology of(int... dims) {
        if (dims.length < 2 || dims.length > 3) {
            throw new IllegalArgumentException("a torus has 2 or 3 dimensions, not " + dims.length);
        }
        long switches = 1;
        for (int d = 0; d < dims.length; d++) {
            Sizes.atLeast(field(d), dims[d], 1);
            switches *= dims[d];
            Sizes.nodes(field(d), switches * (1 + HOSTS_PER_SWITCH));
        }
        int ports = 2 * dims.length + HOSTS_PER_SWITCH;
        TopologyBuilder b = new TopologyBuilder();
        int[] coords = new int[dims.length];
        for (int i = 0; i < switches; i++) {
            coordinates(i, dims, coords);
            for (int h = 0; h < HOSTS_PER_SWITCH; h++) {
                String host = FatTrees.host(i * HOSTS_PER_SWITCH + h + 1);
                b.addCa(host, 1);
                b.link(host, 1, name(coords), 2 * dims.length + h + 1);
            }
        }
        for (int i = 0; i < switches; i++) {
            coordinates(i, dims, coords);
            String self = name(coords);
            b.addSwitch(self, ports);
            for (int d = 0; d < dims.length; d++) {
                boolean cabled = dims[d] > 2 || (dims[d] == 2 && coords[d] == 0);
                if (cabled) {
                    int[] next = coords.clone();
                    next[d] = (coords[d] + 1) % dims[d];
                    b.link(self, 2 * d + 1, name(next), 2 * d + 2);
                }
            }
        }
        return b.build();
    }

    private static String field(int d) {
        return String.valueOf("XYZ".charAt(d));
    }

    /** The last coordinate varies fastest. */
    private static void coordinates(int index, int[] dims, int[] coords) {
        for (int d = dims.length - 1; d >= 0; d--) {
            coords[d] = index % dims[d];
            index /= dims[d];
        }
    }

    private static String name(int[] coords) {
        StringBuilder s = new StringBuilder("sw");
        for (int d = 0; d < coords.length; d++) {
            s.append(d == 0 ? "" : "-").append(coords[d]);
        }
        return s.toString();
    }
}
