package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What became of the probes under each directed-route prefix under which one was lost after all its retries, for a
 * sweep (which guards it). A prefix with two losses and no answer since the first is dead: in the first pass a probe
 * under it waits for the second pass instead of timing out too (a pulled cable near the root would otherwise cost
 * every probe behind it its retries); before the second pass each prefix is asked again to find the silent hop.
 * Prefixes are keyed by {@link #hash}.
 */
final class RoutePrefixes {

    /** The hash of the empty route. */
    static final long EMPTY = 17;

    /** One prefix under which a probe was lost. */
    static final class Stat {
        private int losses;
        private int answers;
        /** The node the prefix's last hop leaves, null when it is not known. */
        private Long before;
        private final int[] route;

        private Stat(int[] route) {
            this.route = route;
        }

        /** @return the prefix */
        int[] route() {
            return route;
        }

        /** @return the node its last hop leaves (by the port {@code route[length - 1]}), or null */
        Long before() {
            return before;
        }

        /** @return whether nothing answered under it since its first loss */
        boolean unanswered() {
            return answers == 0;
        }

        boolean dead() {
            return losses >= 2 && answers == 0;
        }
    }

    private final Map<Long, Stat> stats = new HashMap<>();

    /** @return the hash of a route one hop longer than the one {@code h} is the hash of */
    static long extend(long h, int hop) {
        return h * 1_000_003 + hop + 1;
    }

    /** @return the hash of the route's first {@code length} hops */
    static long hash(int[] route, int length) {
        long h = EMPTY;
        for (int i = 0; i < length; i++) {
            h = extend(h, route[i]);
        }
        return h;
    }

    /** @return whether a proper prefix of the route is one of the given hashes */
    static boolean under(int[] route, Set<Long> prefixes) {
        long h = EMPTY;
        for (int k = 0; k < route.length - 1; k++) {
            h = extend(h, route[k]);
            if (prefixes.contains(h)) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return stats.isEmpty();
    }

    /** @return whether a prefix of the route is dead */
    boolean underDead(int[] route) {
        long h = EMPTY;
        for (int hop : route) {
            h = extend(h, hop);
            Stat stat = stats.get(h);
            if (stat != null && stat.dead()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Counts a loss under each prefix of the route.
     *
     * @param nodeByRoute the node each known route leads to, by hash: names the node before each prefix's last hop
     */
    void lost(int[] route, Map<Long, Long> nodeByRoute) {
        long h = EMPTY;
        for (int k = 1; k <= route.length; k++) {
            long parent = h;
            h = extend(h, route[k - 1]);
            Stat stat = stats.get(h);
            if (stat == null) {
                stat = new Stat(Arrays.copyOf(route, k));
                stats.put(h, stat);
            }
            stat.losses++;
            if (stat.before == null) {
                stat.before = nodeByRoute.get(parent);
            }
        }
    }

    /** Counts an answer under each prefix of the route that has lost one. */
    void answered(int[] route) {
        if (stats.isEmpty()) {
            return;
        }
        long h = EMPTY;
        for (int hop : route) {
            h = extend(h, hop);
            Stat stat = stats.get(h);
            if (stat != null) {
                stat.answers++;
            }
        }
    }

    /** @return every prefix that lost a probe, the shortest first */
    List<Stat> byLength() {
        List<Stat> all = new ArrayList<>(stats.values());
        all.sort(Comparator.comparingInt(s -> s.route.length));
        return all;
    }
}
