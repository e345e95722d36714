package org.infiniscope.ui.topology.internal.layout;

import java.util.Arrays;
import java.util.Set;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Which hosts are folded into their switch. A host (a node that is not a switch) whose links all go to one switch is
 * that switch's; a switch's hosts are folded into it when aggregation is on and the operator has not unfolded it.
 */
public final class Folding {

    /** Above this many hosts aggregation is on by default: the fabric stays readable and every frame cheap. */
    public static final int AUTO_HOSTS = 1000;

    private Folding() {
    }

    /** @return for each node, the switch it hangs off when it is a single-switch host, else -1 */
    public static int[] owners(TopoGraph g) {
        int[] owner = new int[g.nodeCount()];
        Arrays.fill(owner, -1);
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.isSwitch(i) || g.degree(i) == 0) {
                continue;
            }
            int sw = -1;
            boolean single = true;
            for (int k = 0; k < g.degree(i); k++) {
                int o = g.other(g.linkAt(i, k), i);
                if (!g.isSwitch(o) || sw >= 0 && sw != o) {
                    single = false;
                    break;
                }
                sw = o;
            }
            owner[i] = single ? sw : -1;
        }
        return owner;
    }

    /**
     * @param aggregate whether switches fold their hosts
     * @param unfolded switches (by GUID) the operator unfolded
     * @return for each node, the switch it is folded into, or -1
     */
    public static int[] fold(TopoGraph g, int[] owners, boolean aggregate, Set<Long> unfolded) {
        int[] folded = new int[g.nodeCount()];
        Arrays.fill(folded, -1);
        if (!aggregate) {
            return folded;
        }
        for (int i = 0; i < folded.length; i++) {
            int o = owners[i];
            if (o >= 0 && !unfolded.contains(g.guid(o))) {
                folded[i] = o;
            }
        }
        return folded;
    }
}
