package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which ports {@code portstate} refuses to disable, reset or take down without {@code --force}: the port this tool
 * is attached through, the switch port at the other end of its cable, and every port on the LID-routed path from
 * this port to the SM (the SM's own port included) — taking one of those down cuts the tool or the SM off the
 * fabric, and a disabled port stays disabled until someone who can still reach it enables it.
 */
final class PortStateGuard {

    /**
     * A port that must not go down.
     *
     * @param nodeGuid the node
     * @param port the port number
     * @param why the reason, completing "it is ..."
     */
    record Guarded(long nodeGuid, int port, String why) {
    }

    private PortStateGuard() {
    }

    /**
     * @param localNode this port's node GUID
     * @param localPort this port's number
     * @param peerNode the node at the other end of this port's link, 0 when none answered
     * @param peerPort that node's port
     * @param smLid the SM's LID from this port's MasterSMLID (0: no SM known)
     * @param smRoute the ports on the path from this port to the SM, empty when unknown
     * @return the guarded ports, the most specific reason first
     */
    static List<Guarded> guarded(long localNode, int localPort, long peerNode, int peerPort, int smLid,
            List<Trace.PathPort> smRoute) {
        List<Guarded> guarded = new ArrayList<>();
        guarded.add(new Guarded(localNode, localPort, "the port this tool is attached through"));
        if (peerNode != 0) {
            guarded.add(new Guarded(peerNode, peerPort, "the peer of the port this tool is attached through"));
        }
        for (Trace.PathPort p : smRoute) {
            guarded.add(new Guarded(p.nodeGuid(), p.port(), "on the route from this port to the SM (LID " + smLid + ")"
                    + (p == smRoute.get(smRoute.size() - 1) ? ", the SM's own port" : "")));
        }
        return List.copyOf(guarded);
    }

    /** @return why the port must not go down, empty when it may */
    static Optional<String> refusal(long nodeGuid, int port, List<Guarded> guarded) {
        return guarded.stream().filter(g -> g.nodeGuid() == nodeGuid && g.port() == port).findFirst().map(Guarded::why);
    }
}
