package org.infiniscope.ui.topology.internal.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The fabric as the topology view lays it out and draws it: dense, int-indexed arrays (no model objects), so that a
 * layout of thousands of nodes runs on a background thread without touching the EMF model. Immutable once built.
 */
public final class TopoGraph {

    /** Node kinds. */
    public static final byte CA = 0;
    public static final byte SWITCH = 1;
    public static final byte ROUTER = 2;

    /** Link states, in the order they are drawn (a down link over an active one). */
    public static final byte ACTIVE = 0;
    public static final byte ARMED = 1;
    public static final byte INIT = 2;
    public static final byte DOWN = 3;

    final String fabricName;
    final int nodeCount;
    final long[] guid;
    final byte[] kind;
    final String[] name;
    final int[] lid;
    final int linkCount;
    final int[] linkA;
    final int[] linkB;
    final int[] portA;
    final int[] portB;
    final byte[] linkState;
    final boolean[] mismatch;
    final String[] linkInfo;
    private final int[] adjStart;
    private final int[] adj;
    private final Map<Long, Integer> byGuid;
    private final Map<Long, Integer> byPortGuid;
    private final Map<PortKey, Integer> portLids;

    /** A port by node GUID and number. */
    record PortKey(long nodeGuid, int port) {
    }

    TopoGraph(String fabricName, long[] guid, byte[] kind, String[] name, int[] lid, int[] linkA, int[] linkB,
            int[] portA, int[] portB, byte[] linkState, boolean[] mismatch, String[] linkInfo,
            Map<Long, Integer> byPortGuid, Map<PortKey, Integer> portLids) {
        this.byPortGuid = byPortGuid;
        this.portLids = portLids;
        this.fabricName = fabricName == null ? "" : fabricName;
        this.nodeCount = guid.length;
        this.guid = guid;
        this.kind = kind;
        this.name = name;
        this.lid = lid;
        this.linkCount = linkA.length;
        this.linkA = linkA;
        this.linkB = linkB;
        this.portA = portA;
        this.portB = portB;
        this.linkState = linkState;
        this.mismatch = mismatch;
        this.linkInfo = linkInfo;
        this.byGuid = new HashMap<>(nodeCount * 2);
        for (int i = 0; i < nodeCount; i++) {
            byGuid.put(guid[i], i);
        }
        int[] degree = new int[nodeCount + 1];
        for (int l = 0; l < linkCount; l++) {
            degree[linkA[l]]++;
            degree[linkB[l]]++;
        }
        adjStart = new int[nodeCount + 1];
        for (int i = 0; i < nodeCount; i++) {
            adjStart[i + 1] = adjStart[i] + degree[i];
        }
        adj = new int[adjStart[nodeCount]];
        int[] fill = Arrays.copyOf(adjStart, nodeCount);
        for (int l = 0; l < linkCount; l++) {
            adj[fill[linkA[l]]++] = l;
            adj[fill[linkB[l]]++] = l;
        }
    }

    /** @return the name of the fabric the graph was made of */
    public String fabricName() {
        return fabricName;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int linkCount() {
        return linkCount;
    }

    public long guid(int node) {
        return guid[node];
    }

    public byte kind(int node) {
        return kind[node];
    }

    public boolean isSwitch(int node) {
        return kind[node] == SWITCH;
    }

    public String name(int node) {
        return name[node];
    }

    public int lid(int node) {
        return lid[node];
    }

    public int linkA(int link) {
        return linkA[link];
    }

    public int linkB(int link) {
        return linkB[link];
    }

    public int portA(int link) {
        return portA[link];
    }

    public int portB(int link) {
        return portB[link];
    }

    public byte linkState(int link) {
        return linkState[link];
    }

    public boolean mismatch(int link) {
        return mismatch[link];
    }

    /** @return a line that describes the link (speed, width, state) */
    public String linkInfo(int link) {
        return linkInfo[link];
    }

    /** @return the node at the other end of a link */
    public int other(int link, int node) {
        return linkA[link] == node ? linkB[link] : linkA[link];
    }

    /** @return the port a link leaves a node by */
    public int portAt(int link, int node) {
        return linkA[link] == node ? portA[link] : portB[link];
    }

    /** @return the number of links at a node */
    public int degree(int node) {
        return adjStart[node + 1] - adjStart[node];
    }

    /** @return the i-th link at a node */
    public int linkAt(int node, int i) {
        return adj[adjStart[node] + i];
    }

    /** @return the link that leaves a node by a port, or -1 */
    public int linkOfPort(int node, int port) {
        for (int i = adjStart[node]; i < adjStart[node + 1]; i++) {
            if (portAt(adj[i], node) == port) {
                return adj[i];
            }
        }
        return -1;
    }

    /** @return the node with this GUID, or -1 */
    public int indexOf(long nodeGuid) {
        Integer i = byGuid.get(nodeGuid);
        return i == null ? -1 : i;
    }

    /** @return the node that has a port of this GUID, or -1 */
    public int indexOfPort(long portGuid) {
        Integer i = byPortGuid.get(portGuid);
        return i == null ? -1 : i;
    }

    /** @return the LID of a port (a switch's ports all answer to its port 0's LID), or 0 */
    public int lidOf(long nodeGuid, int port) {
        int i = indexOf(nodeGuid);
        if (i >= 0 && kind[i] == SWITCH) {
            return lid[i];
        }
        Integer l = portLids.get(new PortKey(nodeGuid, port));
        return l == null ? 0 : l;
    }

    /** @return how many CAs (hosts) the fabric has */
    public int hostCount() {
        int n = 0;
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] != SWITCH) {
                n++;
            }
        }
        return n;
    }
}
