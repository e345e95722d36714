package org.infiniscope.sim.internal;

import java.util.ArrayDeque;

import static org.infiniscope.sim.internal.FabricState.ACTIVE;
import static org.infiniscope.sim.internal.FabricState.INIT;
import static org.infiniscope.sim.internal.FabricState.PHYS_LINK_UP;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Decision;
import org.infiniscope.mad.smp.DirectedRoute;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimFabric.Envelope;
import org.infiniscope.sim.SimFabric.Outcome;
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
    private static final int PERMISSIVE = 0xFFFF;

    private final FabricState f;
    private final Sma sma;
    private final Pma pma;
    private final Endpoints endpoints = new Endpoints();
    /** MADs the nodes sent on their own, in order, until the fabric carries them. */
    private final ArrayDeque<Notice> notices = new ArrayDeque<>();

    /** A fabric built from a topology, every cabled link trained up to Init. */
    public Engine(Topology topology) {
        this.f = new FabricState(topology);
        this.sma = new Sma(f);
        this.pma = new Pma(f);
    }

    /** @return the MADs the nodes have sent on their own (traps), oldest first; the fabric drains it */
    public ArrayDeque<Notice> notices() {
        return notices;
    }

    /** Sets or clears the IsSM capability of a port (an SM started or stopped there). */
    public void setIsSm(int node, int port, boolean sm) {
        f.smPorts.set(f.lidPort(node, port), sm);
    }

    /** @return the endpoints attached to the fabric's ports */
    public Endpoints endpoints() {
        return endpoints;
    }

    /** @return the model, for inspection */
    public FabricState state() {
        return f;
    }

    /**
     * Sends a MAD from port {@code srcPort} of node {@code srcNode} and brings its answer back, in place, when a
     * simulated agent answers it.
     *
     * @param mad the MAD; on return it holds the answer when there is one
     * @param length the valid bytes in {@code mad}
     * @param destination where it was sent
     * @return where the answer came from, or {@code null} when the MAD or its answer was lost, or it went to an
     *         endpoint rather than an agent
     */
    public MadAddress exchange(int srcNode, int srcPort, byte[] mad, int length, MadAddress destination) {
        return carry(srcNode, srcPort, null, mad, length, destination, 0) == Outcome.ANSWERED ? answerSource : null;
    }

    /** @return where the last {@link Outcome#ANSWERED} answer came from */
    public MadAddress answerSource() {
        return answerSource;
    }

    private MadAddress answerSource;

    /**
     * Carries a MAD from a port, as sent by {@code sender} (an endpoint attached there, or {@code null} for the
     * fabric's own users and the nodes' notices). A request's TID gets the sender's id in bits 63..48, as ibsim
     * stamps its clients', so the response finds its way back.
     *
     * @param sqp the sender's queue pair, handed to an endpoint that receives it
     */
    public Outcome carry(int srcNode, int srcPort, Endpoints.Attached sender, byte[] mad, int length,
            MadAddress destination, int sqp) {
        if (length < Mad.SIZE || mad.length < Mad.SIZE || (mad[0] & 0xFF) != MadHeader.BASE_VERSION) {
            return Outcome.LOST;
        }
        int mgmtClass = mad[1] & 0xFF;
        boolean smp = MgmtClass.isSubnetManagement(mgmtClass);
        if (smp != (destination.qpn() == Mad.SMI_QP)) {
            return Outcome.LOST; // SMPs go to QP0 only, GMPs never (IBA 13.5.1)
        }
        if (sender != null && !Method.isResponse(mad[3] & 0xFF)) {
            Bits.put64(mad, 8, Bits.u64(mad, 8) & 0x0000_FFFF_FFFF_FFFFL | (long) sender.id() << 48);
        }
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE) {
            return directed(srcNode, srcPort, mad, sqp);
        }
        return lidRouted(srcNode, srcPort, mad, destination, smp, sqp);
    }

    /** @return whether a request that reached a port goes to a simulated agent rather than an attached endpoint */
    private boolean forAgent(byte[] mad, int node, int port) {
        int method = mad[3] & 0xFF;
        if (Method.isResponse(method) || method == Method.TRAP) {
            return false; // answers and traps go to whoever waits for them
        }
        int mgmtClass = mad[1] & 0xFF;
        if (MgmtClass.isSubnetManagement(mgmtClass)) {
            // SMInfo is the SM's own attribute (IBA 14.4.1): an SM attached there answers it
            return Bits.u16(mad, 16) != SmInfo.ATTRIBUTE_ID || endpoints.sm(node, port) == null;
        }
        return mgmtClass == MgmtClass.PERF_MGT;
    }

    /** Hands a MAD that reached a port to the endpoint waiting for it, by ibsim's rules. */
    private Outcome deliver(byte[] mad, int node, int port, Envelope envelope) {
        Endpoints.Attached to = endpoints.find(node, port, Method.isResponse(mad[3] & 0xFF), envelope.dqp(),
                Bits.u64(mad, 8));
        if (to == null) {
            return Outcome.LOST;
        }
        to.endpoint().deliver(mad.clone(), envelope);
        return Outcome.DELIVERED;
    }

    private Outcome directed(int srcNode, int srcPort, byte[] mad, int sqp) {
        int node = srcNode;
        int arrival = 0;
        boolean answered = false;
        for (int step = 0; step < MAX_STEPS; step++) {
            Decision d = DirectedRoute.processAtNode(mad, arrival,
                    new DirectedRoute.Node(f.isSwitch(node), f.portCount[node], f.lid[f.firstPort[node]]));
            switch (d.action()) {
                case DELIVER -> {
                    int local = arrival != 0 ? arrival : f.isSwitch(node) ? 0 : srcPort;
                    int at = f.isSwitch(node) ? 0 : local;
                    if ((Bits.u16(mad, 4) & MadStatus.DIRECTION) != 0) {
                        if (answered) {
                            // the agent's answer is the sender's only if it came back to where it left
                            boolean home = node == srcNode && (f.isSwitch(node) || arrival == 0 || arrival == srcPort);
                            if (!home) {
                                return Outcome.LOST;
                            }
                            answerSource = MadAddress.directedRoute();
                            return Outcome.ANSWERED;
                        }
                        return deliver(mad, node, at, new Envelope(PERMISSIVE, PERMISSIVE, 0, sqp));
                    }
                    if (!forAgent(mad, node, at)) {
                        return deliver(mad, node, at, new Envelope(PERMISSIVE, PERMISSIVE, 0, sqp));
                    }
                    if (!sma.handle(mad, node, local)) {
                        return consumedOrLost(mad);
                    }
                    answered = true;
                    arrival = 0;
                }
                case FORWARD -> {
                    int in = cross(f.port(node, d.port()), true);
                    if (in < 0) {
                        return Outcome.LOST;
                    }
                    node = f.nodeOf(in);
                    arrival = in - f.firstPort[node];
                }
                case ROUTE_BY_LID -> {
                    int at = route(node, 0, d.lid(), true);
                    if (at == LOST) {
                        return Outcome.LOST;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                // answers that return LID-routed to DrSLID (REPLY_TO_REQUESTER) are not simulated yet
                default -> {
                    return Outcome.LOST;
                }
            }
        }
        return Outcome.LOST;
    }

    private static Outcome consumedOrLost(byte[] mad) {
        return (mad[3] & 0xFF) == Method.TRAP_REPRESS ? Outcome.CONSUMED : Outcome.LOST;
    }

    private Outcome lidRouted(int srcNode, int srcPort, byte[] mad, MadAddress destination, boolean smp, int sqp) {
        int dlid = destination.lid();
        int at = route(srcNode, srcPort, dlid, smp);
        if (at == LOST) {
            return Outcome.LOST;
        }
        int node = at >>> 8;
        int port = f.isSwitch(node) ? 0 : at & 0xFF;
        int slid = f.lid[f.lidPort(srcNode, srcPort)];
        if (!forAgent(mad, node, port)) {
            return deliver(mad, node, port, new Envelope(dlid, slid, destination.qpn(), sqp));
        }
        boolean answered = smp ? sma.handle(mad, node, at & 0xFF) : pma.handle(mad, node);
        if (!answered) {
            return consumedOrLost(mad);
        }
        int responder = f.lidPort(node, at & 0xFF);
        int back = route(node, at & 0xFF, slid, smp);
        boolean home = back != LOST && back >>> 8 == srcNode && (f.isSwitch(srcNode) || (back & 0xFF) == srcPort);
        if (!home) {
            return Outcome.LOST;
        }
        answerSource = smp ? MadAddress.smi(f.lid[responder]) : MadAddress.gsi(f.lid[responder]);
        return Outcome.ANSWERED;
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
        return in;
    }

    private boolean passes(int g, boolean smp) {
        return f.physState[g] == PHYS_LINK_UP && f.state[g] >= (smp ? INIT : ACTIVE);
    }
}
