package org.infiniscope.discovery.internal;

import java.util.Locale;

import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.smp.NodeInfo;

/**
 * {@code discover -s}: a line for each NodeInfo answer of the sweep, as libibnetdisc's {@code dump_endnode} prints
 * it under ibnetdiscover's {@code --show} (before the topology, on standard output), collected in the order of the
 * answers; the progress goes on to the given {@link SweepProgress}.
 */
final class ShowTrace implements SweepTrace {

    private final SweepProgress progress;
    private final StringBuilder lines = new StringBuilder();

    ShowTrace(SweepProgress progress) {
        this.progress = progress;
    }

    @Override
    public void progress(int nodes, long answered, int pending) {
        progress.progress(nodes, answered, pending);
    }

    @Override
    public synchronized void found(int[] route, boolean isNew, NodeInfo info, int port, int baseLid, int lmc,
            String description) {
        lines.append(line(route, isNew, info, port, baseLid, lmc, description));
    }

    /** @return the lines so far */
    synchronized String text() {
        return lines.toString();
    }

    /** @return one line: {@code DR path slid 0; dlid 0; 0,1,3 -> new Switch {0008f10500000100} portnum 0 lid 0-0 ""} */
    static String line(int[] route, boolean isNew, NodeInfo info, int port, int baseLid, int lmc, String description) {
        StringBuilder path = new StringBuilder("0");
        for (int hop : route) {
            path.append(',').append(hop);
        }
        return String.format(Locale.ROOT, "DR path slid 0; dlid 0; %s -> %s %s {%016x} portnum %d lid %d-%d \"%s\"\n",
                path, isNew ? "new" : "known", type(info.nodeType()), info.nodeGuid(), port, baseLid,
                baseLid + (1 << lmc) - 1, description);
    }

    /** libibmad's {@code mad_dump_node_type}. */
    private static String type(int type) {
        return switch (type) {
            case NodeInfo.TYPE_CA -> "Channel Adapter";
            case NodeInfo.TYPE_SWITCH -> "Switch";
            case NodeInfo.TYPE_ROUTER -> "Router";
            default -> "?(" + type + ")?";
        };
    }
}
