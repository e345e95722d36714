package org.infiniscope.sim.internal;

import static org.infiniscope.sim.internal.FabricState.ACTIVE;
import static org.infiniscope.sim.internal.FabricState.INIT;
import static org.infiniscope.sim.internal.FabricState.PHYS_LINK_UP;

import java.util.ArrayDeque;
import java.util.function.LongSupplier;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.Decision;
import org.infiniscope.mad.smp.DirectedRoute;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimClock;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.SimFabric.Envelope;
import org.infiniscope.sim.SimFabric.Outcome;
import org.infiniscope.topology.Topology;

/**
 * Carries a MAD through the simulated fabric hop by hop and back: directed-route SMPs by the IBA 14.2.2 rules of
 * {@link DirectedRoute#processAtNode} at every node, LID-routed SMPs and GMPs through the switches' LFTs, counting
 * every port they cross, and a GMP meets the P_Key checks of switch ports and endports. A MAD that cannot go on (no cable, a port down, no route, a malformed MAD) is lost, as it
 * would be on a real fabric. Not thread-safe: {@code SimFabric} serialises calls.
 */
public final class Engine {

    /** More hops than any legal route: a MAD still travelling after them is in a routing loop. */
    private static final int MAX_STEPS = 4 * (Smp.MAX_HOPS + 1);
    private static final int LOST = -1;
    /** The P_Key argument of an SMP: SMPs are not partition-checked (QP0 takes any P_Key, IBA 10.9.3). */
    private static final int EXEMPT = -1;
    private static final int PERMISSIVE = 0xFFFF;

    private final FabricState f;
    private final Sma sma;
    private final Pma pma;
    private final Traps traps;
    private final Endpoints endpoints = new Endpoints();
    private final java.util.Map<Integer, SimFabric.Agent> agents = new java.util.HashMap<>();
    private MadAddress answerSource;
    /** The length the sender of the MAD being carried gave: an RMPP answer's may exceed the one MAD carried. */
    private int sentLength;
    private final MadLoss loss;
    private final Timeline timeline;
    /** The attribute ID of the MAD being carried, for the drop rates that name one. */
    private int attribute;
    /** MADs the nodes sent on their own, in order, until the fabric carries them. */
    private final ArrayDeque<Notice> notices = new ArrayDeque<>();

    /** A fabric built from a topology, every cabled link trained up to Init, timed by {@link System#nanoTime}. */
    public Engine(Topology topology) {
        this(topology, System::nanoTime);
    }

    /**
     * A fabric built from a topology, every cabled link trained up to Init, on a clock: error rates and traffic
     * follow it, and so do trap re-sends and M_Key leases.
     */
    public Engine(Topology topology, SimClock clock) {
        this(topology, (LongSupplier) clock::nanoTime);
    }

    /**
     * A fabric built from a topology, every cabled link trained up to Init.
     *
     * @param clock the time in nanoseconds (as {@link System#nanoTime}) for trap re-sends, M_Key leases, error
     *        rates and traffic
     */
    public Engine(Topology topology, LongSupplier clock) {
        this.f = new FabricState(topology);
        this.traps = new Traps(f, notices, clock);
        this.sma = new Sma(f, traps, clock);
        this.pma = new Pma(f);
        this.loss = new MadLoss(f);
        this.timeline = new Timeline(f, clock);
        f.onSwitchPortChange(traps::portStateChanged);
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
    public ArrayDeque<Notice> notices() {
        return notices;
    }

    /**
     * Lets time pass: queues into {@link #notices()} the re-send of each trap not repressed within its timeout, ends
     * the M_Key leases that ran out, and counts error rates and traffic up to the clock. The fabric calls it now and
     * then.
     *
     * @param nowNanos the time on the engine's clock
     */
    public void poll(long nowNanos) {
        timeline.catchUp();
        traps.poll(nowNanos);
        sma.expireLeases(nowNanos);
    }

    /**
     * Sets or clears PortInfo.CapabilityMask.IsSM of a port, as the port's own software does when an SM starts or
     * stops on it; a change sends trap 144 to the SM.
     *
     * @param port the CA port, or 0 for a switch
     */
    public void setIsSm(int node, int port, boolean isSm) {
        sma.setIsSm(node, port, isSm);
    }

    /** @return the model, for inspection */
    public FabricState state() {
        return f;
    }

    /**
     * Plugs an agent into every node for a GMP class the simulator does not answer itself.
     *
     * @throws IllegalArgumentException for the classes the simulator's own agents or an SM take
     */
    public void registerAgent(int mgmtClass, SimFabric.Agent agent) {
        if (MgmtClass.isSubnetManagement(mgmtClass) || mgmtClass == MgmtClass.PERF_MGT
                || mgmtClass == MgmtClass.SUBN_ADM || mgmtClass < 0 || mgmtClass > 0xFF) {
            throw new IllegalArgumentException(String.format(
                    "class 0x%02X is not a vendor's to answer: the SMA, the PMA or the SM takes it", mgmtClass));
        }
        if (agent == null) {
            agents.remove(mgmtClass);
        } else {
            agents.put(mgmtClass, agent);
        }
    }

    private boolean vendor(byte[] mad, int node, int port) {
        SimFabric.Agent agent = agents.get(mad[1] & 0xFF);
        SimFabric.NodeView view = new SimFabric.NodeView(f.names[node], f.isSwitch(node), f.nodeGuid[node],
                f.portCount[node], f.lid[f.lidPort(node, port)]);
        try {
            return agent.answer(mad, view, port);
        } catch (RuntimeException e) {
            return false; // a failing agent is a node that does not answer
        }
    }

    /** @return the endpoints attached to the fabric's ports */
    public Endpoints endpoints() {
        return endpoints;
    }

    /**
     * Sends a MAD from port {@code srcPort} of node {@code srcNode} and brings its answer back, in place, when a
     * simulated agent answers it.
     *
     * @param mad the MAD; on return it holds the answer when there is one
     * @param length the valid bytes in {@code mad}
     * @param destination where it was sent: directed-route SMPs to the permissive LID, or to a switch's LID for an
     *        initial LID-routed part; a GMP takes the P_Key at the destination's P_Key index of the sending port
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

    /**
     * Carries a MAD from a port, as sent by {@code sender} (an endpoint attached there, or {@code null} for the
     * fabric's own users and the nodes' notices). A request's TID gets the sender's id in bits 63..48, as ibsim
     * stamps its clients', so the response finds its way back.
     *
     * @param sqp the sender's queue pair, handed to an endpoint that receives it
     */
    public Outcome carry(int srcNode, int srcPort, Endpoints.Attached sender, byte[] mad, int length,
            MadAddress destination, int sqp) {
        return carry(srcNode, srcPort, sender, mad, length, destination, sqp, length);
    }

    /**
     * {@link #carry(int, int, Endpoints.Attached, byte[], int, MadAddress, int)} of a MAD whose sender reported
     * another length than the bytes carried (umad2sim cuts an RMPP answer to its first 256 bytes but keeps its
     * length): an endpoint that receives it sees {@code reportedLength}.
     */
    public Outcome carry(int srcNode, int srcPort, Endpoints.Attached sender, byte[] mad, int length,
            MadAddress destination, int sqp, int reportedLength) {
        timeline.catchUpIfBusy();
        if (length < Mad.SIZE || mad.length < Mad.SIZE || (mad[0] & 0xFF) != MadHeader.BASE_VERSION) {
            return Outcome.LOST;
        }
        attribute = Bits.u16(mad, 16);
        int mgmtClass = mad[1] & 0xFF;
        boolean smp = MgmtClass.isSubnetManagement(mgmtClass);
        if (smp != (destination.qpn() == Mad.SMI_QP)) {
            return Outcome.LOST; // SMPs go to QP0 only, GMPs never (IBA 13.5.1)
        }
        sentLength = reportedLength;
        int method = mad[3] & 0xFF;
        if (sender != null && (!Method.isResponse(method) || Endpoints.isRmppControl(mad))
                && method != Method.TRAP_REPRESS) {
            // (a TrapRepress answers a trap: it keeps the trap's TID, which the SMA matches; an RMPP ACK travels
            // as its transfer's request did, stamped the same, so that the sender finds its transfer by the TID)
            Bits.put64(mad, 8, Bits.u64(mad, 8) & 0x0000_FFFF_FFFF_FFFFL | (long) sender.id() << 48);
        }
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE) {
            return directed(srcNode, srcPort, mad, destination.lid(), sqp);
        }
        if (smp && destination.lid() == Mad.PERMISSIVE_LID) {
            // IBA 14.2.1: a LID-routed SMP to the permissive LID is taken by the SMA of the port sending it
            int local = f.isSwitch(srcNode) ? 0 : srcPort;
            int lid = f.lid[f.lidPort(srcNode, local)];
            if (!forAgent(mad, srcNode, local)) {
                return deliver(mad, srcNode, local, envelope(PERMISSIVE, lid, 0, sqp));
            }
            if (loss.lostAtAgent(srcNode, 0, local, attribute)) {
                return Outcome.LOST;
            }
            if (!sma.handle(mad, srcNode, local)) {
                return consumedOrLost(mad);
            }
            answerSource = MadAddress.smi(lid);
            return Outcome.ANSWERED;
        }
        int pKey = EXEMPT;
        if (!smp) {
            pKey = f.pKey(f.lidPort(srcNode, srcPort), destination.pkeyIndex());
            if ((pKey & 0x7FFF) == 0) {
                return Outcome.LOST; // no valid P_Key at that index: the port cannot send it
            }
        }
        return lidRouted(srcNode, srcPort, mad, destination, pKey, sqp);
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
        return mgmtClass == MgmtClass.PERF_MGT || agents.containsKey(mgmtClass);
    }

    /** @return the addresses of the MAD being carried, with the length its sender gave */
    private Envelope envelope(int dlid, int slid, int dqp, int sqp) {
        return new Envelope(dlid, slid, dqp, sqp, sentLength);
    }

    /** Hands a MAD that reached a port to the endpoint waiting for it, by ibsim's rules. */
    private Outcome deliver(byte[] mad, int node, int port, Envelope envelope) {
        Endpoints.Attached to = endpoints.find(node, port, Method.isResponse(mad[3] & 0xFF), envelope.dqp(),
                Bits.u64(mad, 8), Endpoints.isRmppControl(mad), mad[1] & 0xFF);
        if (to == null) {
            return Outcome.LOST;
        }
        to.endpoint().deliver(mad.clone(), envelope);
        return Outcome.DELIVERED;
    }

    private static Outcome consumedOrLost(byte[] mad) {
        return (mad[3] & 0xFF) == Method.TRAP_REPRESS ? Outcome.CONSUMED : Outcome.LOST;
    }

    /**
     * Carries a directed-route SMP out and back by the rules of IBA 14.2.2, with its optional LID-routed parts: an
     * initial one to {@code dlid} (the switch where the directed part starts, DrSLID the requester's LID) and a final
     * one to DrDLID, whose answer the responder sends LID-routed to the switch that routed the request to it. A
     * request no SMA takes (SMInfo where an SM runs) and an answer an endpoint sent go to the endpoint at the end.
     */
    private Outcome directed(int srcNode, int srcPort, byte[] mad, int dlid, int sqp) {
        int node = srcNode;
        int arrival = 0;
        if (dlid != Mad.PERMISSIVE_LID) {
            int at = route(srcNode, srcPort, dlid, EXEMPT);
            if (at == LOST) {
                return Outcome.LOST;
            }
            node = at >>> 8;
            arrival = at & 0xFF;
        }
        int local = 0; // the port whose SMA answered
        int lidRouter = -1; // the switch that sent the request on by LID, where the answer goes back to
        boolean answered = false;
        for (int step = 0; step < MAX_STEPS; step++) {
            Decision d = DirectedRoute.processAtNode(mad, arrival,
                    new DirectedRoute.Node(f.isSwitch(node), f.portCount[node], f.lid[f.firstPort[node]]));
            switch (d.action()) {
                case DELIVER -> {
                    int port = arrival != 0 ? arrival : f.isSwitch(node) ? 0 : srcPort;
                    int endpoint = f.isSwitch(node) ? 0 : port;
                    Envelope envelope = envelope(PERMISSIVE, PERMISSIVE, 0, sqp);
                    if ((Bits.u16(mad, 4) & MadStatus.DIRECTION) != 0) {
                        if (!answered) {
                            return deliver(mad, node, endpoint, envelope); // an endpoint's answer came home
                        }
                        // the agent's answer is the sender's only if it came back to where it left
                        if (node != srcNode || !(f.isSwitch(node) || arrival == 0 || arrival == srcPort)) {
                            return Outcome.LOST;
                        }
                        answerSource = MadAddress.directedRoute();
                        return Outcome.ANSWERED;
                    }
                    local = port;
                    if (!forAgent(mad, node, endpoint)) {
                        return deliver(mad, node, endpoint, envelope);
                    }
                    if (loss.lostAtAgent(node, arrival, local, attribute)) {
                        return Outcome.LOST;
                    }
                    if (!sma.handle(mad, node, local)) {
                        return consumedOrLost(mad);
                    }
                    answered = true;
                    arrival = 0;
                }
                case FORWARD -> {
                    int in = cross(f.port(node, d.port()), EXEMPT);
                    if (in < 0) {
                        return Outcome.LOST;
                    }
                    node = f.nodeOf(in);
                    arrival = in - f.firstPort[node];
                }
                case ROUTE_BY_LID -> {
                    if ((Bits.u16(mad, 4) & MadStatus.DIRECTION) == 0) {
                        lidRouter = node;
                    }
                    int at = route(node, 0, d.lid(), EXEMPT);
                    if (at == LOST) {
                        return Outcome.LOST;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                case REPLY_TO_REQUESTER -> {
                    // C14-13:1: LID-routed to the request's SLID, the LID of the switch that routed it here
                    int slid = lidRouter < 0 ? 0 : f.lid[f.firstPort[lidRouter]];
                    int at = slid == 0 ? LOST : route(node, f.isSwitch(node) ? 0 : local, slid, EXEMPT);
                    if (at == LOST) {
                        return Outcome.LOST;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                case DISCARD -> {
                    return Outcome.LOST;
                }
            }
        }
        return Outcome.LOST;
    }

    /**
     * Carries a LID-routed SMP or GMP to the port owning its DLID: an agent answers it there (and the answer is
     * routed back), or it is delivered to the endpoint that takes it. A GMP must match a P_Key of the endport.
     *
     * @param pKey the GMP's P_Key, or {@link #EXEMPT} for an SMP
     */
    private Outcome lidRouted(int srcNode, int srcPort, byte[] mad, MadAddress destination, int pKey, int sqp) {
        boolean smp = pKey == EXEMPT;
        int dlid = destination.lid();
        int at = route(srcNode, srcPort, dlid, pKey);
        if (at == LOST) {
            return Outcome.LOST;
        }
        int node = at >>> 8;
        int port = at & 0xFF;
        int responder = f.lidPort(node, port);
        int answerKey = smp ? EXEMPT : f.matchPKey(responder, pKey);
        if (!smp && answerKey < 0) {
            FabricState.count(f.pKeyViolations, responder); // IBA 10.9.3: dropped at the endport
            return Outcome.LOST;
        }
        int requester = f.lidPort(srcNode, srcPort);
        int endpoint = f.isSwitch(node) ? 0 : port;
        if (!forAgent(mad, node, endpoint)) {
            return deliver(mad, node, endpoint, envelope(dlid, f.lid[requester], destination.qpn(), sqp));
        }
        if (loss.lostAtAgent(node, node == srcNode && port == srcPort ? 0 : port, port, attribute)) {
            return Outcome.LOST;
        }
        boolean answered = smp
                ? sma.handle(mad, node, port)
                : (mad[1] & 0xFF) == MgmtClass.PERF_MGT ? pma.handle(mad, node) : vendor(mad, node, port);
        if (!answered) {
            return consumedOrLost(mad);
        }
        // the answer carries the P_Key of the responder's entry that matched
        int back = route(node, port, f.lid[requester], answerKey);
        boolean home = back != LOST && back >>> 8 == srcNode && (f.isSwitch(srcNode) || (back & 0xFF) == srcPort);
        if (home && !smp && f.matchPKey(requester, answerKey) < 0) {
            FabricState.count(f.pKeyViolations, requester);
            return Outcome.LOST;
        }
        if (!home) {
            return Outcome.LOST;
        }
        answerSource = smp ? MadAddress.smi(f.lid[responder]) : MadAddress.gsi(f.lid[responder]);
        return Outcome.ANSWERED;
    }

    /**
     * Routes by LID from a node: a CA sends out of {@code caPort}, a switch by its LFT. A GMP meets the partition
     * enforcement of the switch ports it crosses.
     *
     * @param pKey the GMP's P_Key, or {@link #EXEMPT} for an SMP
     * @return {@code node << 8 | arrival port} of the node that owns {@code dlid}, or {@link #LOST}
     */
    private int route(int n, int caPort, int dlid, int pKey) {
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
            int in = cross(f.port(n, out), pKey);
            if (in < 0) {
                return LOST;
            }
            n = f.nodeOf(in);
            int arrival = in - f.firstPort[n];
            if (!f.isSwitch(n)) {
                return f.ownsLid(in, dlid) ? n << 8 | arrival : LOST;
            }
            if (!admitted(in, pKey, FabricState.ENFORCE_INBOUND, f.rcvConstraintErrors)) {
                return LOST;
            }
            if (f.ownsLid(f.firstPort[n], dlid)) {
                return n << 8 | arrival;
            }
            out = f.route(n, dlid);
        }
        return LOST;
    }

    /**
     * A switch port's partition enforcement in one direction (IBA 10.9.4): with the PortInfo bit set, a GMP whose
     * P_Key matches no entry of the port's table is dropped and counted. SMPs are exempt. The membership bit is not
     * compared: the SM writes a limited member's own limited P_Key into the switch port facing it (OpenSM's
     * pkey_mgr_update_peer_port), and that member must still reach full members.
     */
    private boolean admitted(int g, int pKey, int direction, byte[] constraintErrors) {
        if (pKey == EXEMPT || (f.enforcement[g] & direction) == 0 || f.holdsPKeyBase(g, pKey)) {
            return true;
        }
        FabricState.count(constraintErrors, g);
        return false;
    }

    /**
     * Sends a packet out of a global port over its cable. SMPs (VL15) pass ports from Init on; everything else needs
     * both ends Active (IBA 7.2).
     *
     * @return the global port it arrives at, or -1
     */
    private int cross(int out, int pKey) {
        boolean smp = pKey == EXEMPT;
        int in = f.remote[out];
        if (in < 0 || !passes(out, smp) || !passes(in, smp)) {
            return -1;
        }
        // SMPs are exempt: they need not look up the node (a binary search) at every hop
        if (pKey != EXEMPT && f.isSwitch(f.nodeOf(out))
                && !admitted(out, pKey, FabricState.ENFORCE_OUTBOUND, f.xmitConstraintErrors)) {
            return -1;
        }
        pma.countHop(out, in);
        return loss.lostOnArrival(in, attribute) ? -1 : in;
    }

    private boolean passes(int g, boolean smp) {
        return f.physState[g] == PHYS_LINK_UP && f.state[g] >= (smp ? INIT : ACTIVE);
    }
}
