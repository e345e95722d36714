package org.infiniscope.sm.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Checks forwarding tables against their graph: every source endport (CAs, routers and switches' port 0) to every LID
 * of every other endport. A path follows the tables switch by switch; it is <em>unreachable</em> when a table has no
 * route, a port leads nowhere or to an endport that does not own the LID; it <em>loops</em> when it comes back to a
 * switch. A <em>credit loop</em> is a cycle in the channel dependency graph of one layer (SL): the channels are the
 * directed inter-switch links, and a path that enters a switch on channel {@code a} and leaves it on channel {@code b}
 * makes {@code b} a dependency of {@code a} in the layer of its SL; such a cycle can deadlock the fabric.
 * <p>
 * Without layers the check costs one pass over the switches per destination LID; with layers it asks the result for
 * the SL of every source LID and destination LID pair.
 */
public final class RouteChecker {

    /** How many examples of each kind a report keeps. */
    public static final int EXAMPLES = 20;

    private RouteChecker() {
    }

    /**
     * What the check found.
     *
     * @param pairs the (source endport, destination LID) pairs checked
     * @param unreachable how many of them have no path
     * @param loops how many of them run into a forwarding loop
     * @param creditLoopLayers the layers (SLs) whose channel dependency graph has a cycle
     * @param examples up to {@link #EXAMPLES} lines of each kind: unreachable pairs, loops, one cycle per layer
     */
    public record Report(long pairs, long unreachable, long loops, List<Integer> creditLoopLayers,
            List<String> examples) {

        /** Copies the lists. */
        public Report {
            creditLoopLayers = List.copyOf(creditLoopLayers);
            examples = List.copyOf(examples);
        }

        /** @return whether every pair has a loop-free path and no layer has a credit loop */
        public boolean ok() {
            return unreachable == 0 && loops == 0 && creditLoopLayers.isEmpty();
        }

        /** @return whether some layer has a credit loop */
        public boolean hasCreditLoop() {
            return !creditLoopLayers.isEmpty();
        }

        @Override
        public String toString() {
            return pairs + " pairs, " + unreachable + " unreachable, " + loops + " looping, credit loops in layers "
                    + creditLoopLayers + (examples.isEmpty() ? "" : "\n  " + String.join("\n  ", examples));
        }
    }

    private static final byte UNKNOWN = 0;
    private static final byte ON_STACK = 1;
    private static final byte REACHES = 2;
    private static final byte FAILS = 3;
    private static final byte LOOPS = 4;

    /** @return the report for {@code result}'s tables on {@code graph}, all pairs */
    public static Report check(RoutingGraph graph, RoutingResult result) {
        return check(graph, result, true);
    }

    /**
     * @param switchToSwitch whether to check paths from a switch to another switch's LID too: up/down and fat-tree
     *        routing cannot give every such pair a legal path (spine to spine goes down and up), and those paths
     *        carry management traffic only
     * @return the report for {@code result}'s tables on {@code graph}
     */
    public static Report check(RoutingGraph graph, RoutingResult result, boolean switchToSwitch) {
        int n = graph.switchCount();
        if (result.switchCount() != n) {
            throw new IllegalArgumentException(
                    "the result has " + result.switchCount() + " tables for " + n + " switches");
        }
        // channels: the directed inter-switch links, numbered through chanStart[s] + port - 1
        int[] chanStart = new int[n + 1];
        for (int s = 0; s < n; s++) {
            chanStart[s + 1] = chanStart[s] + graph.portCount(s);
        }
        int maxPorts = 0;
        for (int s = 0; s < n; s++) {
            maxPorts = Math.max(maxPorts, graph.portCount(s));
        }
        int[] chanPeer = new int[chanStart[n]];
        for (int s = 0; s < n; s++) {
            for (int p = 1; p <= graph.portCount(s); p++) {
                chanPeer[chanStart[s] + p - 1] = graph.peerSwitch(s, p);
            }
        }
        int layers = result.layers();
        BitSet[] deps = new BitSet[layers];
        for (int l = 0; l < layers; l++) {
            deps[l] = new BitSet();
        }
        List<String> examples = new ArrayList<>();
        List<int[]> sources = new ArrayList<>(); // endport, its switch
        int[] hostsAt = new int[n];
        for (int e = 0; e < graph.endportCount(); e++) {
            int s = graph.endportSwitch(e);
            if (s != RoutingGraph.NONE) {
                sources.add(new int[]{e, s});
                hostsAt[s]++;
            }
        }
        byte[] status = new byte[n];
        int[] stack = new int[n + 1];
        int[] layerMask = new int[n];
        long pairs = 0;
        long unreachable = 0;
        long loops = 0;
        for (int dst = 0; dst < graph.endportCount(); dst++) {
            int dstSwitch = graph.endportSwitch(dst);
            if (dstSwitch == RoutingGraph.NONE) {
                continue;
            }
            for (int dlid = graph.lid(dst); dlid < graph.lid(dst) + (1 << graph.lmc(dst)); dlid++) {
                Arrays.fill(status, UNKNOWN);
                // which switches reach the destination LID by the tables
                for (int s = 0; s < n; s++) {
                    if (status[s] != UNKNOWN || hostsAt[s] == 0) {
                        continue;
                    }
                    int depth = 0;
                    int x = s;
                    byte outcome;
                    while (true) {
                        if (status[x] == ON_STACK) {
                            outcome = LOOPS;
                            break;
                        }
                        if (status[x] != UNKNOWN) {
                            outcome = status[x];
                            break;
                        }
                        status[x] = ON_STACK;
                        stack[depth++] = x;
                        int port = result.port(x, dlid);
                        if (port == 0) {
                            outcome = graph.switchEndport(x) == dst ? REACHES : FAILS;
                            break;
                        }
                        if (port > graph.portCount(x)) {
                            outcome = FAILS;
                            break;
                        }
                        int peer = graph.peerSwitch(x, port);
                        if (peer == RoutingGraph.NONE) {
                            outcome = graph.portEndport(x, port) == dst ? REACHES : FAILS;
                            break;
                        }
                        x = peer;
                    }
                    for (int i = 0; i < depth; i++) {
                        status[stack[i]] = outcome;
                    }
                }
                boolean toSwitch = graph.isSwitchEndport(dst);
                for (int[] src : sources) {
                    if (src[0] == dst || !switchToSwitch && toSwitch && graph.isSwitchEndport(src[0])) {
                        continue;
                    }
                    pairs++;
                    byte st = status[src[1]];
                    if (st != REACHES) {
                        if (st == LOOPS) {
                            loops++;
                        } else {
                            unreachable++;
                        }
                        if (examples.size() < EXAMPLES) {
                            examples.add((st == LOOPS ? "loop: " : "unreachable: ") + "LID " + graph.lid(src[0])
                                    + " -> LID " + dlid);
                        }
                    }
                }
                addDependencies(graph, result, dst, dlid, sources, status, layerMask, chanStart, maxPorts, deps,
                        switchToSwitch || !graph.isSwitchEndport(dst));
            }
        }
        List<Integer> creditLoops = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            int[] cycle = findCycle(deps[l], chanStart, chanPeer, maxPorts);
            if (cycle != null) {
                creditLoops.add(l);
                examples.add("credit loop in layer " + l + ": " + describe(graph, chanStart, cycle));
            }
        }
        return new Report(pairs, unreachable, loops, creditLoops, examples);
    }

    /** Records the channel dependencies of the paths to {@code dlid} that reach it, in the layers they use. */
    private static void addDependencies(RoutingGraph graph, RoutingResult result, int dst, int dlid,
            List<int[]> sources, byte[] status, int[] layerMask, int[] chanStart, int maxPorts, BitSet[] deps,
            boolean fromSwitches) {
        int n = graph.switchCount();
        Arrays.fill(layerMask, 0);
        boolean layered = result.layers() > 1;
        for (int[] src : sources) {
            if (src[0] == dst || status[src[1]] != REACHES || !fromSwitches && graph.isSwitchEndport(src[0])) {
                continue;
            }
            int mask;
            if (layered) {
                mask = 0;
                for (int slid = graph.lid(src[0]); slid < graph.lid(src[0]) + (1 << graph.lmc(src[0])); slid++) {
                    mask |= 1 << result.sl(slid, dlid);
                }
            } else {
                mask = 1;
            }
            // carry the layers down the path until they are already there
            int x = src[1];
            while ((layerMask[x] | mask) != layerMask[x]) {
                layerMask[x] |= mask;
                int port = result.port(x, dlid);
                if (port == 0 || graph.peerSwitch(x, port) == RoutingGraph.NONE) {
                    break;
                }
                x = graph.peerSwitch(x, port);
            }
        }
        for (int x = 0; x < n; x++) {
            int mask = layerMask[x];
            if (mask == 0) {
                continue;
            }
            int port = result.port(x, dlid);
            if (port == 0) {
                continue;
            }
            int y = graph.peerSwitch(x, port);
            if (y == RoutingGraph.NONE) {
                continue;
            }
            int next = result.port(y, dlid);
            if (next == 0 || graph.peerSwitch(y, next) == RoutingGraph.NONE) {
                continue;
            }
            long bit = (long) (chanStart[x] + port - 1) * maxPorts + (next - 1);
            for (int l = 0; mask != 0; l++, mask >>>= 1) {
                if ((mask & 1) != 0) {
                    deps[l].set(Math.toIntExact(bit));
                }
            }
        }
    }

    /** @return the channels of one dependency cycle, or null */
    private static int[] findCycle(BitSet deps, int[] chanStart, int[] chanPeer, int maxPorts) {
        int channels = chanPeer.length;
        byte[] color = new byte[channels];
        int[] stack = new int[channels];
        int[] cursor = new int[channels];
        for (int root = 0; root < channels; root++) {
            if (color[root] != 0) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            color[root] = 1;
            cursor[root] = 0;
            while (depth > 0) {
                int c = stack[depth - 1];
                int k = cursor[c];
                int base = c * maxPorts;
                int next = k < maxPorts ? deps.nextSetBit(base + k) : -1;
                if (next < 0 || next >= base + maxPorts) {
                    color[c] = 2;
                    depth--;
                    continue;
                }
                cursor[c] = next - base + 1;
                // bit k of channel c: the path leaves c's far switch by its port k + 1
                int target = chanStart[chanPeer[c]] + next - base;
                if (color[target] == 1) {
                    int from = depth - 1;
                    while (stack[from] != target) {
                        from--;
                    }
                    return Arrays.copyOfRange(stack, from, depth);
                }
                if (color[target] == 0) {
                    color[target] = 1;
                    cursor[target] = 0;
                    stack[depth++] = target;
                }
            }
        }
        return null;
    }

    private static String describe(RoutingGraph graph, int[] chanStart, int[] cycle) {
        StringBuilder sb = new StringBuilder();
        for (int c : cycle) {
            int s = 0;
            while (chanStart[s + 1] <= c) {
                s++;
            }
            sb.append(String.format("0x%016x[%d] -> ", graph.switchGuid(s), c - chanStart[s] + 1));
        }
        return sb.append("...").toString();
    }
}
