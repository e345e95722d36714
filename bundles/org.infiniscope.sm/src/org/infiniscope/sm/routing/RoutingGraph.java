package org.infiniscope.sm.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fabric as routing engines see it: dense, int-indexed and immutable.
 * <p>
 * Switches are numbered {@code 0..switchCount()-1}, in the order the SM added them; switch {@code s} has external
 * ports {@code 1..portCount(s)} (port 0 is its management port). Each external port leads to another switch's port,
 * to an endport, or nowhere. Endports are the destinations, numbered {@code 0..endportCount()-1}: the port 0 of every
 * switch and every CA or router port that holds a LID. Endport {@code e} owns the LIDs
 * {@code lid(e) .. lid(e) + 2^lmc(e) - 1}. Only links whose both ends are up enough to carry traffic (the SM decides:
 * Init or better) are in the graph.
 */
public final class RoutingGraph {

    /** No switch, port or endport. */
    public static final int NONE = -1;

    private final long[] switchGuids;
    private final int[][] peerSwitch;
    private final int[][] peerPort;
    private final int[][] portEndport;
    private final int[] switchEndport;
    private final long[] endportGuids;
    private final long[] endportNodeGuids;
    private final int[] endportLids;
    private final int[] endportLmcs;
    private final int[] endportSwitch;
    private final int[] endportSwitchPort;
    private final int maxLid;
    private final Map<Long, Integer> switchIndex;

    private RoutingGraph(Builder b) {
        int n = b.switchGuids.size();
        switchGuids = new long[n];
        peerSwitch = new int[n][];
        peerPort = new int[n][];
        portEndport = new int[n][];
        switchEndport = new int[n];
        Arrays.fill(switchEndport, NONE);
        for (int s = 0; s < n; s++) {
            switchGuids[s] = b.switchGuids.get(s);
            peerSwitch[s] = b.peerSwitch.get(s).clone();
            peerPort[s] = b.peerPort.get(s).clone();
            portEndport[s] = b.portEndport.get(s).clone();
        }
        int m = b.endports.size();
        endportGuids = new long[m];
        endportNodeGuids = new long[m];
        endportLids = new int[m];
        endportLmcs = new int[m];
        endportSwitch = new int[m];
        endportSwitchPort = new int[m];
        int max = 0;
        for (int e = 0; e < m; e++) {
            Endport ep = b.endports.get(e);
            endportGuids[e] = ep.portGuid;
            endportNodeGuids[e] = ep.nodeGuid;
            endportLids[e] = ep.lid;
            endportLmcs[e] = ep.lmc;
            endportSwitch[e] = ep.sw;
            endportSwitchPort[e] = ep.swPort;
            if (ep.sw != NONE && ep.swPort == 0) {
                switchEndport[ep.sw] = e;
            }
            max = Math.max(max, ep.lid + (1 << ep.lmc) - 1);
        }
        maxLid = max;
        switchIndex = Map.copyOf(b.switchIndex);
    }

    /** @return a builder of an empty graph */
    public static Builder builder() {
        return new Builder();
    }

    /** @return how many switches */
    public int switchCount() {
        return switchGuids.length;
    }

    /** @return the node GUID of switch {@code s} */
    public long switchGuid(int s) {
        return switchGuids[s];
    }

    /** @return the index of the switch with this node GUID, or {@link #NONE} */
    public int switchIndex(long nodeGuid) {
        return switchIndex.getOrDefault(nodeGuid, NONE);
    }

    /** @return NumPorts of switch {@code s}: its external ports are 1..portCount */
    public int portCount(int s) {
        return peerSwitch[s].length - 1;
    }

    /** @return the switch at the far end of port {@code p} of switch {@code s}, or {@link #NONE} */
    public int peerSwitch(int s, int p) {
        return peerSwitch[s][p];
    }

    /** @return the port number at the far end of port {@code p} of switch {@code s} when that is a switch, else {@link #NONE} */
    public int peerPort(int s, int p) {
        return peerPort[s][p];
    }

    /** @return the endport at the far end of port {@code p} of switch {@code s}, or {@link #NONE} */
    public int portEndport(int s, int p) {
        return portEndport[s][p];
    }

    /** @return the endport of switch {@code s}'s port 0, or {@link #NONE} when it has no LID */
    public int switchEndport(int s) {
        return switchEndport[s];
    }

    /** @return how many endports */
    public int endportCount() {
        return endportGuids.length;
    }

    /** @return the port GUID of endport {@code e} */
    public long endportGuid(int e) {
        return endportGuids[e];
    }

    /** @return the node GUID of endport {@code e} */
    public long endportNodeGuid(int e) {
        return endportNodeGuids[e];
    }

    /** @return the base LID of endport {@code e} */
    public int lid(int e) {
        return endportLids[e];
    }

    /** @return the LMC of endport {@code e} */
    public int lmc(int e) {
        return endportLmcs[e];
    }

    /**
     * @return the switch endport {@code e} is on (its port 0) or attached to, or {@link #NONE} for a CA or router port
     *         not linked to a switch
     */
    public int endportSwitch(int e) {
        return endportSwitch[e];
    }

    /** @return the switch port endport {@code e} is attached to; 0 for a switch's own port 0; {@link #NONE} when none */
    public int endportSwitchPort(int e) {
        return endportSwitchPort[e];
    }

    /** @return whether endport {@code e} is a switch's port 0 */
    public boolean isSwitchEndport(int e) {
        return endportSwitch[e] != NONE && endportSwitchPort[e] == 0;
    }

    /** @return the highest LID any endport owns (LMC included); forwarding tables are this long plus one */
    public int maxLid() {
        return maxLid;
    }

    /** Builds a graph; checks as it goes, so a built graph is always consistent. */
    public static final class Builder {

        private final List<Long> switchGuids = new ArrayList<>();
        private final List<int[]> peerSwitch = new ArrayList<>();
        private final List<int[]> peerPort = new ArrayList<>();
        private final List<int[]> portEndport = new ArrayList<>();
        private final Map<Long, Integer> switchIndex = new HashMap<>();
        private final List<Endport> endports = new ArrayList<>();
        private final Map<Integer, Integer> lidOwner = new HashMap<>();

        private Builder() {
        }

        /**
         * Adds a switch.
         *
         * @param nodeGuid its node GUID, not already added
         * @param portCount its NumPorts, 1..254
         * @return its index
         */
        public int addSwitch(long nodeGuid, int portCount) {
            if (portCount < 1 || portCount > 254) {
                throw new IllegalArgumentException("a switch has 1..254 ports: " + portCount);
            }
            if (switchIndex.containsKey(nodeGuid)) {
                throw new IllegalArgumentException("switch " + hex(nodeGuid) + " added twice");
            }
            int s = switchGuids.size();
            switchGuids.add(nodeGuid);
            switchIndex.put(nodeGuid, s);
            int[] none = new int[portCount + 1];
            Arrays.fill(none, NONE);
            peerSwitch.add(none.clone());
            peerPort.add(none.clone());
            portEndport.add(none.clone());
            return s;
        }

        /** Links port {@code pa} of switch {@code a} with port {@code pb} of switch {@code b} (both ways). */
        public Builder link(int a, int pa, int b, int pb) {
            checkFree(a, pa);
            checkFree(b, pb);
            if (a == b && pa == pb) {
                throw new IllegalArgumentException("a port cannot be linked to itself");
            }
            peerSwitch.get(a)[pa] = b;
            peerPort.get(a)[pa] = pb;
            peerSwitch.get(b)[pb] = a;
            peerPort.get(b)[pb] = pa;
            return this;
        }

        /** Gives switch {@code s}'s port 0 the LIDs {@code lid .. lid+2^lmc-1}; returns its endport index. */
        public int switchLid(int s, int lid, int lmc) {
            checkSwitch(s);
            return addEndport(new Endport(switchGuids.get(s), switchGuids.get(s), lid, lmc, s, 0));
        }

        /**
         * Adds a CA or router port with its LIDs, linked to port {@code swPort} of switch {@code s}.
         *
         * @param s the switch, or {@link #NONE} when the port is not linked to a switch
         * @param swPort the switch's port, or {@link #NONE}
         * @return its endport index
         */
        public int addEndport(long portGuid, long nodeGuid, int lid, int lmc, int s, int swPort) {
            if (s != NONE) {
                checkFree(s, swPort);
            } else if (swPort != NONE) {
                throw new IllegalArgumentException("a port without a switch has no switch port");
            }
            int e = addEndport(new Endport(portGuid, nodeGuid, lid, lmc, s, s == NONE ? NONE : swPort));
            if (s != NONE) {
                portEndport.get(s)[swPort] = e;
            }
            return e;
        }

        /** @return the graph */
        public RoutingGraph build() {
            return new RoutingGraph(this);
        }

        private int addEndport(Endport ep) {
            if (ep.lmc < 0 || ep.lmc > 7) {
                throw new IllegalArgumentException("LMC must be 0..7: " + ep.lmc);
            }
            if (ep.lid < 1 || ep.lid + (1 << ep.lmc) - 1 > 0xBFFF || (ep.lid & ((1 << ep.lmc) - 1)) != 0) {
                throw new IllegalArgumentException(
                        "LID " + ep.lid + " with LMC " + ep.lmc + " is not an aligned unicast range (1..0xBFFF)");
            }
            int e = endports.size();
            for (int l = ep.lid; l < ep.lid + (1 << ep.lmc); l++) {
                Integer other = lidOwner.putIfAbsent(l, e);
                if (other != null) {
                    throw new IllegalArgumentException("LID " + l + " of port " + hex(ep.portGuid) + " is already port "
                            + hex(endports.get(other).portGuid) + "'s");
                }
            }
            endports.add(ep);
            return e;
        }

        private void checkSwitch(int s) {
            if (s < 0 || s >= switchGuids.size()) {
                throw new IllegalArgumentException("no switch " + s);
            }
        }

        private void checkFree(int s, int p) {
            checkSwitch(s);
            int[] peers = peerSwitch.get(s);
            if (p < 1 || p >= peers.length) {
                throw new IllegalArgumentException("switch " + hex(switchGuids.get(s)) + " has no port " + p);
            }
            if (peers[p] != NONE || portEndport.get(s)[p] != NONE) {
                throw new IllegalArgumentException(
                        "port " + p + " of switch " + hex(switchGuids.get(s)) + " is already linked");
            }
        }

        private static String hex(long guid) {
            return String.format("0x%016x", guid);
        }
    }

    private record Endport(long portGuid, long nodeGuid, int lid, int lmc, int sw, int swPort) {
    }
}
