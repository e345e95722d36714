package org.infiniscope.sim.internal;

import static org.infiniscope.sim.internal.FabricState.ACTIVE;
import static org.infiniscope.sim.internal.FabricState.INIT;
import static org.infiniscope.sim.internal.FabricState.PHYS_LINK_UP;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.Decision;
import org.infiniscope.mad.smp.DirectedRoute;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimClock;
import org.infiniscope.topology.Topology;

/**
 * Carries a MAD through the simulated fabric hop by hop and back: directed-route SMPs by the IBA 14.2.2 rules of
 * {@link DirectedRoute#processAtNode} at every node, LID-routed SMPs and GMPs through the switches' LFTs, counting
 * every port they cross. A MAD that cannot go on (no cable, a port down, no route, a malformed MAD) is lost, as it
 * would be on a real fabric. Not thread-safe: {@code SimFabric} serialises calls.
 */
public final class Engine {

    /** More hops than any legal route: a MAD still travelling after them is in a routing loop. */
    private static final int MAX_STEPS = 4 * (Smp.MAX_HOPS + 1);
    private static final int LOST = -1;

    private final FabricState f;
    private final Sma sma;
    private final Pma pma;
    private final MadLoss loss;
    private final Timeline timeline;
    /** The attribute ID of the MAD being carried, for the drop rates that name one. */
    private int attribute;
    /** MADs the nodes sent on their own, in order, until the fabric carries them. */
    private final java.util.ArrayDeque<Notice> notices = new java.util.ArrayDeque<>();

    /** A fabric built from a topology, every cabled link trained up to Init, on real time. */
    public Engine(Topology topology) {
        this(topology, SimClock.system());
    }

    /** A fabric built from a topology, every cabled link trained up to Init, on a clock. */
    public Engine(Topology topology, SimClock clock) {
        this.f = new FabricState(topology);
        this.sma = new Sma(f);
        this.pma = new Pma(f);
        this.loss = new MadLoss(f);
        this.timeline = new Timeline(f, clock);
    }

    /** @return the MADs lost at ports */
    public MadLoss loss() {
        return loss;
    }

    /** @return what rises with time: error rates and traffic */
    public Timeline timeline() {
        return timeline;
    }

    /** @return the MADs the nodes have sent on their own (traps), oldest first; the fabric drains it */
    public java.util.ArrayDeque<Notice> notices() {
        return notices;
    }

    /** @return the model, for inspection */
    public FabricState state() {
        return f;
    }

    /**
     * Sends a MAD from port {@code srcPort} of node {@code srcNode} and brings its answer back, in place.
     *
     * @param mad the MAD; on return it holds the answer when there is one
     * @param length the valid bytes in {@code mad}
     * @param destination where it was sent
     * @return where the answer came from, or {@code null} when the MAD or its answer was lost
     */
    public MadAddress exchange(int srcNode, int srcPort, byte[] mad, int length, MadAddress destination) {
        timeline.catchUp();
        if (length < Mad.SIZE || mad.length < Mad.SIZE || (mad[0] & 0xFF) != MadHeader.BASE_VERSION) {
            return null;
        }
        attribute = Bits.u16(mad, 16);
        int mgmtClass = mad[1] & 0xFF;
        boolean smp = MgmtClass.isSubnetManagement(mgmtClass);
        if (smp != (destination.qpn() == Mad.SMI_QP)) {
            return null; // SMPs go to QP0 only, GMPs never (IBA 13.5.1)
        }
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE) {
            return directed(srcNode, srcPort, mad) ? MadAddress.directedRoute() : null;
        }
        if (!smp && mgmtClass != MgmtClass.PERF_MGT) {
            return null; // no other class has an agent in the simulator yet
        }
        int lid = lidRouted(srcNode, srcPort, mad, destination.lid(), smp);
        return lid == LOST ? null : smp ? MadAddress.smi(lid) : MadAddress.gsi(lid);
    }

    private boolean directed(int srcNode, int srcPort, byte[] mad) {
        int node = srcNode;
        int arrival = 0;
        for (int step = 0; step < MAX_STEPS; step++) {
            Decision d = DirectedRoute.processAtNode(mad, arrival,
                    new DirectedRoute.Node(f.isSwitch(node), f.portCount[node], f.lid[f.firstPort[node]]));
            switch (d.action()) {
                case DELIVER -> {
                    if ((Bits.u16(mad, 4) & MadStatus.DIRECTION) != 0) {
                        // the answer reached an SM's node: ours only if it came back to where it left
                        return node == srcNode && (f.isSwitch(node) || arrival == 0 || arrival == srcPort);
                    }
                    int local = arrival != 0 ? arrival : f.isSwitch(node) ? 0 : srcPort;
                    if (loss.lostAtAgent(node, arrival, local, attribute) || !sma.handle(mad, node, local)) {
                        return false;
                    }
                    arrival = 0;
                }
                case FORWARD -> {
                    int in = cross(f.port(node, d.port()), true);
                    if (in < 0) {
                        return false;
                    }
                    node = f.nodeOf(in);
                    arrival = in - f.firstPort[node];
                }
                case ROUTE_BY_LID -> {
                    int at = route(node, 0, d.lid(), true);
                    if (at == LOST) {
                        return false;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                // answers that return LID-routed to DrSLID (REPLY_TO_REQUESTER) are not simulated yet
                default -> {
                    return false;
                }
            }
        }
        return false;
    }

    /** @return the LID of the port that answered, or {@link #LOST} */
    private int lidRouted(int srcNode, int srcPort, byte[] mad, int dlid, boolean smp) {
        int at = route(srcNode, srcPort, dlid, smp);
        if (at == LOST) {
            return LOST;
        }
        int node = at >>> 8;
        int port = at & 0xFF;
        int arrival = node == srcNode && port == srcPort ? 0 : port;
        if (loss.lostAtAgent(node, arrival, port, attribute)) {
            return LOST;
        }
        boolean answered = smp ? sma.handle(mad, node, port) : pma.handle(mad, node);
        if (!answered) {
            return LOST;
        }
        int responder = f.lidPort(node, port);
        int slid = f.lid[f.lidPort(srcNode, srcPort)];
        int back = route(node, port, slid, smp);
        boolean home = back != LOST && back >>> 8 == srcNode && (f.isSwitch(srcNode) || (back & 0xFF) == srcPort);
        return home ? f.lid[responder] : LOST;
    }

    /**
     * Routes by LID from a node: a CA sends out of {@code caPort}, a switch by its LFT.
     *
     * @return {@code node << 8 | arrival port} of the node that owns {@code dlid}, or {@link #LOST}
     */
    private int route(int n, int caPort, int dlid, boolean smp) {
        int out;
        if (f.isSwitch(n)) {
            if (f.ownsLid(f.firstPort[n], dlid)) {
                return n << 8;
            }
            out = f.route(n, dlid);
        } else {
            if (caPort < 1 || caPort > f.portCount[n]) {
                return LOST;
            }
            if (f.ownsLid(f.port(n, caPort), dlid)) {
                return n << 8 | caPort; // loopback
            }
            out = caPort;
        }
        for (int hop = 0; hop < MAX_STEPS; hop++) {
            if (out < 1 || out > f.portCount[n]) {
                return LOST; // no route (0xFF) or a port the switch does not have
            }
            int in = cross(f.port(n, out), smp);
            if (in < 0) {
                return LOST;
            }
            n = f.nodeOf(in);
            int arrival = in - f.firstPort[n];
            if (!f.isSwitch(n)) {
                return f.ownsLid(in, dlid) ? n << 8 | arrival : LOST;
            }
            if (f.ownsLid(f.firstPort[n], dlid)) {
                return n << 8 | arrival;
            }
            out = f.route(n, dlid);
        }
        return LOST;
    }

    /**
     * Sends a packet out of a global port over its cable. SMPs (VL15) pass ports from Init on; everything else needs
     * both ends Active (IBA 7.2).
     *
     * @return the global port it arrives at, or -1
     */
    private int cross(int out, boolean smp) {
        int in = f.remote[out];
        if (in < 0 || !passes(out, smp) || !passes(in, smp)) {
            return -1;
        }
        pma.countHop(out, in);
        return loss.lostOnArrival(in, attribute) ? -1 : in;
    }

    private boolean passes(int g, boolean smp) {
        return f.physState[g] == PHYS_LINK_UP && f.state[g] >= (smp ? INIT : ACTIVE);
    }
}
