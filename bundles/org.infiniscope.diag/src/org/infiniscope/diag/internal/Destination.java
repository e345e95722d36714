package org.infiniscope.diag.internal;

import java.util.List;
import java.util.stream.Collectors;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.smp.Smp;

/**
 * Where an SMP goes: a LID, or a directed route from this port.
 *
 * @param lid the LID of a LID-routed query, 0 for a directed route
 * @param path a directed route as typed, {@code 0,1,3}: the first entry stands for this port and is not a hop
 *        (the tools print it back as typed), the others are the ports to leave by; empty for a LID
 */
record Destination(int lid, List<Integer> path) {

    /** Copies the path. */
    Destination {
        path = List.copyOf(path);
    }

    static Destination lid(int lid) {
        return new Destination(lid, List.of());
    }

    static Destination directed(List<Integer> path) {
        return new Destination(0, path);
    }

    boolean isDirected() {
        return lid == 0;
    }

    /** @return the ports to leave by, one per hop */
    int[] outPorts() {
        return path.stream().skip(1).mapToInt(Integer::intValue).toArray();
    }

    /**
     * @return the destination as infiniband-diags names it in a header line: {@code Lid 5}, or
     *         {@code DR path slid 65535; dlid 65535; 0,1} (DrSLID and DrDLID are the permissive LID)
     */
    String describe() {
        if (!isDirected()) {
            return "Lid " + lid;
        }
        return "DR path slid " + Mad.PERMISSIVE_LID + "; dlid " + Mad.PERMISSIVE_LID + "; "
                + path.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** The most hops a directed route may have. */
    static final int MAX_HOPS = Smp.MAX_HOPS;
}
