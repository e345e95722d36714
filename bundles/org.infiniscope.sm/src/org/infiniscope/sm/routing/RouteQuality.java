package org.infiniscope.sm.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * How evenly forwarding tables spread traffic between hosts (CA and router ports, in base LID order) over the
 * inter-switch links, each direction counted apart; only base LIDs are followed.
 * <ul>
 * <li>all-to-all: every host sends one route to every other host; the most routes on any link direction, and the
 * mean over all link directions;</li>
 * <li>shift permutations: for each {@code k} in {@code 1..hosts-1}, host {@code i} sends to host {@code (i+k) mod
 * hosts}; the busiest link's load, averaged over {@code k}. 1.0 is ideal: no link is shared.</li>
 * </ul>
 * The tables may be an engine's {@link RoutingResult} or another SM's, read by {@link LftDump}.
 */
public final class RouteQuality {

    private RouteQuality() {
    }

    /**
     * The figures.
     *
     * @param hosts how many hosts
     * @param links how many inter-switch link directions
     * @param maxAllToAll the most all-to-all routes on one link direction
     * @param meanAllToAll the mean all-to-all routes per link direction
     * @param shiftMean the busiest link's load averaged over the shift permutations (1.0 ideal)
     * @param shiftWorst the busiest link's load in the worst shift permutation
     * @param unrouted host pairs whose path does not arrive (not counted in the loads)
     */
    public record Report(int hosts, int links, long maxAllToAll, double meanAllToAll, double shiftMean, int shiftWorst,
            long unrouted) {

        @Override
        public String toString() {
            return String.format(
                    "%d hosts, %d link directions: all-to-all max %d mean %.1f; shift busiest link %.3f"
                            + " (worst %d); %d pairs unrouted",
                    hosts, links, maxAllToAll, meanAllToAll, shiftMean, shiftWorst, unrouted);
        }
    }

    /** @return the figures of {@code result} on {@code graph} */
    public static Report measure(RoutingGraph graph, RoutingResult result) {
        return measure(graph, result, true);
    }

    /**
     * @param shifts whether to compute the shift permutations (hosts² path walks)
     * @return the figures of {@code result} on {@code graph}; {@code shiftMean} 0 when not computed
     */
    public static Report measure(RoutingGraph graph, RoutingResult result, boolean shifts) {
        int n = graph.switchCount();
        int[] chanStart = new int[n + 1];
        int links = 0;
        for (int s = 0; s < n; s++) {
            chanStart[s + 1] = chanStart[s] + graph.portCount(s);
            for (int p = 1; p <= graph.portCount(s); p++) {
                links += graph.peerSwitch(s, p) != RoutingGraph.NONE ? 1 : 0;
            }
        }
        List<Integer> hostList = new ArrayList<>();
        for (int e = 0; e < graph.endportCount(); e++) {
            if (!graph.isSwitchEndport(e) && graph.endportSwitch(e) != RoutingGraph.NONE) {
                hostList.add(e);
            }
        }
        hostList.sort((a, b) -> Integer.compare(graph.lid(a), graph.lid(b)));
        int hosts = hostList.size();
        int[] hostSwitch = new int[hosts];
        int[] hostLid = new int[hosts];
        int[] hostEndport = new int[hosts];
        int[] hostsAt = new int[n];
        for (int i = 0; i < hosts; i++) {
            hostEndport[i] = hostList.get(i);
            hostSwitch[i] = graph.endportSwitch(hostEndport[i]);
            hostLid[i] = graph.lid(hostEndport[i]);
            hostsAt[hostSwitch[i]]++;
        }
        Walker walker = new Walker(graph, result, chanStart);
        // all-to-all: per destination, each source switch's hosts follow one path
        long[] load = new long[chanStart[n]];
        long unrouted = 0;
        for (int j = 0; j < hosts; j++) {
            for (int s = 0; s < n; s++) {
                int count = hostsAt[s] - (s == hostSwitch[j] ? 1 : 0);
                if (count > 0 && !walker.walk(s, hostLid[j], hostEndport[j], load, count)) {
                    unrouted += count;
                }
            }
        }
        long max = 0;
        long sum = 0;
        for (long l : load) {
            max = Math.max(max, l);
            sum += l;
        }
        double mean = links == 0 ? 0 : (double) sum / links;
        double shiftMean = 0;
        int shiftWorst = 0;
        if (shifts && hosts > 1) {
            int[] busiest = IntStream.range(1, hosts).parallel().map(k -> {
                long[] perm = new long[chanStart[n]];
                int worst = 0;
                for (int i = 0; i < hosts; i++) {
                    int j = (i + k) % hosts;
                    walker.walk(hostSwitch[i], hostLid[j], hostEndport[j], perm, 1);
                }
                for (long l : perm) {
                    worst = (int) Math.max(worst, l);
                }
                return worst;
            }).toArray();
            long total = 0;
            for (int b : busiest) {
                total += b;
                shiftWorst = Math.max(shiftWorst, b);
            }
            shiftMean = (double) total / busiest.length;
        }
        return new Report(hosts, links, max, mean, shiftMean, shiftWorst, unrouted);
    }

    /** Follows the tables from a switch to a LID, adding to the load of each inter-switch channel. */
    private record Walker(RoutingGraph graph, RoutingResult result, int[] chanStart) {

        /** @return whether the path arrives; when not, the loads are left as they were */
        boolean walk(int s, int lid, int dst, long[] load, int count) {
            int hops = follow(s, lid, dst, load, count, Integer.MAX_VALUE);
            if (hops >= 0) {
                return true;
            }
            follow(s, lid, dst, load, -count, -hops - 1);
            return false;
        }

        /** @return the hops of an arriving path, or {@code -(hops added) - 1} */
        private int follow(int s, int lid, int dst, long[] load, int count, int limit) {
            int x = s;
            int n = graph.switchCount();
            for (int hops = 0; hops <= n && hops < limit; hops++) {
                int port = result.port(x, lid);
                if (port == 0 || port > graph.portCount(x)) {
                    return -hops - 1;
                }
                int y = graph.peerSwitch(x, port);
                if (y == RoutingGraph.NONE) {
                    return graph.portEndport(x, port) == dst ? hops : -hops - 1;
                }
                load[chanStart[x] + port - 1] += count;
                x = y;
            }
            return -Math.min(n + 1, limit) - 1;
        }
    }
}
