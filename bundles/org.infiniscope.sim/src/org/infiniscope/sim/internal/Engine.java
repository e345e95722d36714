package org.infiniscope.sim.internal;

import static org.infiniscope.sim.internal.FabricState.ACTIVE;
import static org.infiniscope.sim.internal.FabricState.INIT;
import static org.infiniscope.sim.internal.FabricState.PHYS_LINK_UP;

import java.util.ArrayDeque;
import java.util.function.LongSupplier;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.Decision;
import org.infiniscope.mad.smp.DirectedRoute;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
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

    private final FabricState f;
    private final Sma sma;
    private final Pma pma;
    private final Traps traps;
    /** MADs the nodes sent on their own, in order, until the fabric carries them. */
    private final ArrayDeque<Notice> notices = new ArrayDeque<>();

    /** A fabric built from a topology, every cabled link trained up to Init, timed by {@link System#nanoTime}. */
    public Engine(Topology topology) {
        this(topology, System::nanoTime);
    }

    /**
     * A fabric built from a topology, every cabled link trained up to Init.
     *
     * @param clock the time in nanoseconds (as {@link System#nanoTime}) for trap re-sends and M_Key leases
     */
    public Engine(Topology topology, LongSupplier clock) {
        this.f = new FabricState(topology);
        this.traps = new Traps(f, notices, clock);
        this.sma = new Sma(f, traps, clock);
        this.pma = new Pma(f);
        f.onSwitchPortChange(traps::portStateChanged);
    }

    /** @return the MADs the nodes have sent on their own (traps), oldest first; the fabric drains it */
    public ArrayDeque<Notice> notices() {
        return notices;
    }

    /**
     * Lets time pass: queues into {@link #notices()} the re-send of each trap not repressed within its timeout, and
     * ends the M_Key leases that ran out. The fabric calls it now and then.
     *
     * @param nowNanos the time on the engine's clock
     */
    public void poll(long nowNanos) {
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
     * Sends a MAD from port {@code srcPort} of node {@code srcNode} and brings its answer back, in place.
     *
     * @param mad the MAD; on return it holds the answer when there is one
     * @param length the valid bytes in {@code mad}
     * @param destination where it was sent: directed-route SMPs to the permissive LID, or to a switch's LID for an
     *        initial LID-routed part; a GMP takes the P_Key at the destination's P_Key index of the sending port
     * @return where the answer came from, or {@code null} when the MAD or its answer was lost
     */
    public MadAddress exchange(int srcNode, int srcPort, byte[] mad, int length, MadAddress destination) {
        if (length < Mad.SIZE || mad.length < Mad.SIZE || (mad[0] & 0xFF) != MadHeader.BASE_VERSION) {
            return null;
        }
        int mgmtClass = mad[1] & 0xFF;
        boolean smp = MgmtClass.isSubnetManagement(mgmtClass);
        if (smp != (destination.qpn() == Mad.SMI_QP)) {
            return null; // SMPs go to QP0 only, GMPs never (IBA 13.5.1)
        }
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE) {
            return directed(srcNode, srcPort, mad, destination.lid()) ? MadAddress.directedRoute() : null;
        }
        if (smp && destination.lid() == Mad.PERMISSIVE_LID) {
            // IBA 14.2.1: a LID-routed SMP to the permissive LID is taken by the SMA of the port sending it
            int local = f.isSwitch(srcNode) ? 0 : srcPort;
            return sma.handle(mad, srcNode, local) ? MadAddress.smi(f.lid[f.lidPort(srcNode, local)]) : null;
        }
        if (!smp && mgmtClass != MgmtClass.PERF_MGT) {
            return null; // no other class has an agent in the simulator yet
        }
        int pKey = EXEMPT;
        if (!smp) {
            pKey = f.pKey(f.lidPort(srcNode, srcPort), destination.pkeyIndex());
            if ((pKey & 0x7FFF) == 0) {
                return null; // no valid P_Key at that index: the port cannot send it
            }
        }
        int lid = lidRouted(srcNode, srcPort, mad, destination.lid(), pKey);
        return lid == LOST ? null : smp ? MadAddress.smi(lid) : MadAddress.gsi(lid);
    }

    /**
     * Carries a directed-route SMP out and back by the rules of IBA 14.2.2, with its optional LID-routed parts: an
     * initial one to {@code dlid} (the switch where the directed part starts, DrSLID the requester's LID) and a final
     * one to DrDLID, whose answer the responder sends LID-routed to the switch that routed the request to it.
     */
    private boolean directed(int srcNode, int srcPort, byte[] mad, int dlid) {
        int node = srcNode;
        int arrival = 0;
        if (dlid != Mad.PERMISSIVE_LID) {
            int at = route(srcNode, srcPort, dlid, EXEMPT);
            if (at == LOST) {
                return false;
            }
            node = at >>> 8;
            arrival = at & 0xFF;
        }
        int local = 0; // the port whose SMA answered
        int lidRouter = -1; // the switch that sent the request on by LID, where the answer goes back to
        for (int step = 0; step < MAX_STEPS; step++) {
            Decision d = DirectedRoute.processAtNode(mad, arrival,
                    new DirectedRoute.Node(f.isSwitch(node), f.portCount[node], f.lid[f.firstPort[node]]));
            switch (d.action()) {
                case DELIVER -> {
                    if ((Bits.u16(mad, 4) & MadStatus.DIRECTION) != 0) {
                        // the answer reached an SM's node: ours only if it came back to where it left
                        return node == srcNode && (f.isSwitch(node) || arrival == 0 || arrival == srcPort);
                    }
                    local = arrival != 0 ? arrival : f.isSwitch(node) ? 0 : srcPort;
                    if (!sma.handle(mad, node, local)) {
                        return false;
                    }
                    arrival = 0;
                }
                case FORWARD -> {
                    int in = cross(f.port(node, d.port()), EXEMPT);
                    if (in < 0) {
                        return false;
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
                        return false;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                case REPLY_TO_REQUESTER -> {
                    // C14-13:1: LID-routed to the request's SLID, the LID of the switch that routed it here
                    int slid = lidRouter < 0 ? 0 : f.lid[f.firstPort[lidRouter]];
                    int at = slid == 0 ? LOST : route(node, f.isSwitch(node) ? 0 : local, slid, EXEMPT);
                    if (at == LOST) {
                        return false;
                    }
                    node = at >>> 8;
                    arrival = at & 0xFF;
                }
                case DISCARD -> {
                    return false;
                }
            }
        }
        return false;
    }

    /**
     * @param pKey the GMP's P_Key, or {@link #EXEMPT} for an SMP
     * @return the LID of the port that answered, or {@link #LOST}
     */
    private int lidRouted(int srcNode, int srcPort, byte[] mad, int dlid, int pKey) {
        boolean smp = pKey == EXEMPT;
        int at = route(srcNode, srcPort, dlid, pKey);
        if (at == LOST) {
            return LOST;
        }
        int node = at >>> 8;
        int port = at & 0xFF;
        int responder = f.lidPort(node, port);
        int answerKey = smp ? EXEMPT : f.matchPKey(responder, pKey);
        if (!smp && answerKey < 0) {
            FabricState.count(f.pKeyViolations, responder); // IBA 10.9.3: dropped at the endport
            return LOST;
        }
        boolean answered = smp ? sma.handle(mad, node, port) : pma.handle(mad, node);
        if (!answered) {
            return LOST;
        }
        int requester = f.lidPort(srcNode, srcPort);
        // the answer carries the P_Key of the responder's entry that matched
        int back = route(node, port, f.lid[requester], answerKey);
        boolean home = back != LOST && back >>> 8 == srcNode && (f.isSwitch(srcNode) || (back & 0xFF) == srcPort);
        if (home && !smp && f.matchPKey(requester, answerKey) < 0) {
            FabricState.count(f.pKeyViolations, requester);
            return LOST;
        }
        return home ? f.lid[responder] : LOST;
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
     * P_Key matches no entry of the port's table is dropped and counted. SMPs are exempt.
     */
    private boolean admitted(int g, int pKey, int direction, byte[] constraintErrors) {
        if (pKey == EXEMPT || (f.enforcement[g] & direction) == 0 || f.matchPKey(g, pKey) >= 0) {
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
        if (f.isSwitch(f.nodeOf(out)) && !admitted(out, pKey, FabricState.ENFORCE_OUTBOUND, f.xmitConstraintErrors)) {
            return -1;
        }
        pma.countHop(out, in);
        return in;
    }

    private boolean passes(int g, boolean smp) {
        return f.physState[g] == PHYS_LINK_UP && f.state[g] >= (smp ? INIT : ACTIVE);
    }
}
