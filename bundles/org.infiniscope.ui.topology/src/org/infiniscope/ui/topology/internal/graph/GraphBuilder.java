package org.infiniscope.ui.topology.internal.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * Makes a {@link TopoGraph} of a fabric model. Run it inside {@code FabricModelService.read} (it only reads) or on a
 * copy. A link the previous graph had whose two nodes are still there but which the model no longer has (its port
 * went down, so discovery no longer sees it) is kept as a down link, as long as the fabric keeps its name: the
 * operator sees where the cable was.
 */
public final class GraphBuilder {

    private GraphBuilder() {
    }

    /**
     * @param fabric the model to read
     * @param previous the graph shown so far, or null
     * @return the graph
     */
    public static TopoGraph build(Fabric fabric, TopoGraph previous) {
        List<Node> nodes = fabric.getNodes();
        int n = nodes.size();
        long[] guid = new long[n];
        byte[] kind = new byte[n];
        String[] name = new String[n];
        int[] lid = new int[n];
        java.util.Map<Node, Integer> index = new java.util.IdentityHashMap<>(n * 2);
        java.util.Map<Long, Integer> byPortGuid = new java.util.HashMap<>(n * 4);
        java.util.Map<TopoGraph.PortKey, Integer> portLids = new java.util.HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            Node node = nodes.get(i);
            index.put(node, i);
            guid[i] = node.getNodeGuid();
            kind[i] = node.getType() == NodeType.SWITCH
                    ? TopoGraph.SWITCH
                    : node.getType() == NodeType.ROUTER ? TopoGraph.ROUTER : TopoGraph.CA;
            String description = node.getDescription();
            name[i] = description == null || description.isBlank()
                    ? String.format("0x%016x", guid[i])
                    : description.strip();
            lid[i] = node.getLid();
            for (Port port : node.getPorts()) {
                if (port.getPortGuid() != 0) {
                    byPortGuid.putIfAbsent(port.getPortGuid(), i);
                }
                if (port.getLid() != 0) {
                    portLids.put(new TopoGraph.PortKey(guid[i], port.getNumber()), port.getLid());
                }
            }
            if (lid[i] == 0) {
                for (Port port : node.getPorts()) {
                    if (port.getLid() != 0) {
                        lid[i] = port.getLid();
                        break;
                    }
                }
            }
        }
        List<Link> links = fabric.getLinks();
        List<int[]> ends = new ArrayList<>(links.size());
        List<Byte> states = new ArrayList<>(links.size());
        List<Boolean> mismatches = new ArrayList<>(links.size());
        List<String> infos = new ArrayList<>(links.size());
        Set<Long> present = new HashSet<>();
        for (Link link : links) {
            Port a = link.getEndA();
            Port b = link.getEndB();
            if (a == null || b == null) {
                continue;
            }
            Integer na = index.get(a.getNode());
            Integer nb = index.get(b.getNode());
            if (na == null || nb == null) {
                continue;
            }
            ends.add(new int[]{na, nb, a.getNumber(), b.getNumber()});
            present.add(key(guid[na], a.getNumber()));
            present.add(key(guid[nb], b.getNumber()));
            states.add(state(a.getState(), b.getState()));
            mismatches.add(LinkRates.mismatch(a, b));
            infos.add(LinkRates.describe(a, b));
        }
        // links gone since the last sweep of the same fabric (another fabric's GUIDs may well coincide)
        if (previous != null && previous.fabricName().equals(fabric.getName() == null ? "" : fabric.getName())) {
            for (int l = 0; l < previous.linkCount(); l++) {
                long ga = previous.guid(previous.linkA(l));
                long gb = previous.guid(previous.linkB(l));
                int na = indexIn(guid, ga, previous, l, true);
                int nb = indexIn(guid, gb, previous, l, false);
                if (na < 0 || nb < 0 || present.contains(key(ga, previous.portA(l)))
                        || present.contains(key(gb, previous.portB(l)))) {
                    continue;
                }
                ends.add(new int[]{na, nb, previous.portA(l), previous.portB(l)});
                states.add(TopoGraph.DOWN);
                mismatches.add(false);
                infos.add("down (gone since the last sweep)");
            }
        }
        int m = ends.size();
        int[] la = new int[m];
        int[] lb = new int[m];
        int[] pa = new int[m];
        int[] pb = new int[m];
        byte[] st = new byte[m];
        boolean[] mm = new boolean[m];
        String[] info = new String[m];
        for (int l = 0; l < m; l++) {
            int[] e = ends.get(l);
            la[l] = e[0];
            lb[l] = e[1];
            pa[l] = e[2];
            pb[l] = e[3];
            st[l] = states.get(l);
            mm[l] = mismatches.get(l);
            info[l] = infos.get(l);
        }
        return new TopoGraph(fabric.getName(), guid, kind, name, lid, la, lb, pa, pb, st, mm, info, byPortGuid,
                portLids);
    }

    private static int indexIn(long[] guids, long g, TopoGraph previous, int link, boolean a) {
        // the previous graph's node order is usually the model's: try the same index first
        int i = a ? previous.linkA(link) : previous.linkB(link);
        if (i < guids.length && guids[i] == g) {
            return i;
        }
        for (int j = 0; j < guids.length; j++) {
            if (guids[j] == g) {
                return j;
            }
        }
        return -1;
    }

    private static long key(long guid, int port) {
        return guid * 31 + port;
    }

    private static byte state(PortState a, PortState b) {
        int worst = Math.min(rank(a), rank(b));
        return switch (worst) {
            case 4 -> TopoGraph.ACTIVE;
            case 3 -> TopoGraph.ARMED;
            case 2 -> TopoGraph.INIT;
            default -> TopoGraph.DOWN;
        };
    }

    private static int rank(PortState s) {
        return s == null ? 0 : s.getValue();
    }
}
