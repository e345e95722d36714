package org.infiniscope.topology.internal;

import java.util.Random;

import org.infiniscope.topology.Topology;

/**
 * A random irregular fabric: 36-port switches {@code swNNN} joined first as a random tree (so the fabric is
 * connected), then by extra random cables (some parallel), with each host {@code hNNNNN} on a random switch's
 * lowest free port. {@link Random} is used because its sequence for a seed is fixed by its specification, so a
 * seed gives the same fabric on every JVM.
 */
public final class RandomFabric {

    /** Ports of every switch. */
    public static final int RADIX = 36;

    private RandomFabric() {
    }

    /**
     * @throws IllegalArgumentException naming the field (SWITCHES or HOSTS) that is out of range
     */
    public static Topology of(int switches, int hosts, long seed) {
        Sizes.atLeast("SWITCHES", switches, 1);
        Sizes.atLeast("HOSTS", hosts, 0);
        Sizes.nodes("SWITCHES", (long) switches + hosts);
        int extra = switches / 2;
        long needed = 2L * (switches - 1 + extra) + hosts;
        if (needed > (long) switches * RADIX) {
            throw new IllegalArgumentException(
                    "HOSTS: " + hosts + " hosts do not fit on " + switches + " " + RADIX + "-port switches");
        }
        Random random = new Random(seed);
        int[] used = new int[switches];
        TopologyBuilder b = new TopologyBuilder();
        for (int h = 1; h <= hosts; h++) {
            b.addCa(FatTrees.host(h), 1);
        }
        for (int s = 0; s < switches; s++) {
            b.addSwitch(name(s), RADIX);
        }
        for (int s = 1; s < switches; s++) {
            cable(b, used, s, pickFree(random, used, s), RADIX);
        }
        // extra cables leave room for the hosts: they stop where a switch pair has no free port to spare
        long spare = (long) switches * RADIX - 2L * (switches - 1) - hosts;
        for (int i = 0; i < extra && spare >= 2; i++) {
            int a = pickFree(random, used, switches);
            int c = pickFree(random, used, switches);
            if (a != c && used[a] < RADIX && used[c] < RADIX) {
                cable(b, used, a, c, RADIX);
                spare -= 2;
            }
        }
        for (int h = 1; h <= hosts; h++) {
            int s = pickFree(random, used, switches);
            b.link(FatTrees.host(h), 1, name(s), ++used[s]);
        }
        return b.build();
    }

    private static void cable(TopologyBuilder b, int[] used, int s, int t, int radix) {
        b.link(name(s), ++used[s], name(t), ++used[t]);
    }

    /** @return a random switch below {@code bound} with a free port (the next one up when the pick is full) */
    private static int pickFree(Random random, int[] used, int bound) {
        int start = random.nextInt(bound);
        for (int i = 0; i < bound; i++) {
            int s = (start + i) % bound;
            if (used[s] < RADIX) {
                return s;
            }
        }
        throw new IllegalStateException("no free port below switch " + bound); // sizes were checked above
    }

    private static String name(int s) {
        return String.format("sw%03d", s + 1);
    }
}
