package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.sim.SimFabric.Endpoint;

/**
 * The endpoints attached to the fabric's ports — SMs, SAs, clients of the ibsim-protocol server, channels — and
 * ibsim's rules for which of them takes a MAD that no simulated agent answers: a response goes to the endpoint whose
 * id is in its TID's bits 63..48; a request to a queue pair above 1 goes to the endpoint of that queue pair; any other
 * request (QP0 or QP1) goes to the SM attached at the port, except a GMP of a class an endpoint there registered for
 * (a CM, class 0x07, takes its REQs on QP1 as a real GSI agent does). Not thread-safe: the fabric serialises calls.
 */
public final class Endpoints {

    /**
     * One attached endpoint.
     *
     * @param id its number, stamped into the TIDs of the requests it sends
     * @param node the node it is attached at
     * @param port the port (0 for a switch's management port)
     * @param qpn its queue pair, for requests sent to queue pairs above 1
     * @param sm whether it is the node's SM (it takes SMInfo, traps and requests to QP0/QP1)
     */
    public record Attached(int id, int node, int port, int qpn, boolean sm, Endpoint endpoint) {
    }

    /** TIDs carry 16 bits of endpoint id. */
    private static final int MAX_ID = 0xFFFF;

    private final List<Attached> attached = new ArrayList<>();
    /** Per endpoint id: the GMP classes whose requests to QP1 it takes (a GSI agent's registration). */
    private final Map<Integer, Set<Integer>> gsiClasses = new HashMap<>();
    private int nextId;

    /**
     * Attaches an endpoint.
     *
     * @throws IllegalStateException when the port already has an SM and this is one too, as ibsim refuses
     */
    public Attached attach(int node, int port, int qpn, boolean sm, Endpoint endpoint) {
        if (sm && sm(node, port) != null) {
            throw new IllegalStateException("an SM is already attached there");
        }
        Attached a = new Attached(freeId(), node, port, qpn, sm, endpoint);
        attached.add(a);
        return a;
    }

    private int freeId() {
        for (int tries = 0; tries <= MAX_ID; tries++) {
            int id = nextId;
            nextId = (nextId + 1) & MAX_ID;
            if (attached.stream().noneMatch(a -> a.id() == id)) {
                return id;
            }
        }
        throw new IllegalStateException("65,536 endpoints are attached already");
    }

    /** Marks an endpoint as its port's SM, or not (ibsim's SET_ISSM). @return the endpoint as it is now */
    public Attached setSm(Attached a, boolean sm) {
        int i = attached.indexOf(a);
        if (i < 0) {
            throw new IllegalStateException("not attached");
        }
        Attached other = sm(a.node(), a.port());
        if (sm && other != null && other.id() != a.id()) {
            throw new IllegalStateException("an SM is already attached there");
        }
        Attached now = new Attached(a.id(), a.node(), a.port(), a.qpn(), sm, a.endpoint());
        attached.set(i, now);
        return now;
    }

    /** Detaches an endpoint; nothing happens when it is not attached. */
    public void detach(Attached a) {
        attached.removeIf(x -> x.id() == a.id());
        gsiClasses.remove(a.id());
    }

    /** Has an endpoint take the requests of a GMP class sent to QP1 of its port (before the port's SM). */
    public void takeClass(Attached a, int mgmtClass) {
        gsiClasses.computeIfAbsent(a.id(), k -> new HashSet<>()).add(mgmtClass);
    }

    /** @return the SM attached at a port, or {@code null} */
    public Attached sm(int node, int port) {
        for (Attached a : attached) {
            if (a.sm() && a.node() == node && a.port() == port) {
                return a;
            }
        }
        return null;
    }

    /** @return whether an SM is attached at a port */
    boolean hasSm(int node, int port) {
        return sm(node, port) != null;
    }

    /**
     * @return whether a MAD is an RMPP ACK, STOP or ABORT: sent by the receiver of a multi-MAD transfer (a client
     *         reading an SA table) back to its sender under the transfer's TID, with a response method
     */
    static boolean isRmppControl(byte[] mad) {
        int mgmtClass = mad[1] & 0xFF;
        boolean rmppClass = mgmtClass == org.infiniscope.mad.MgmtClass.SUBN_ADM
                || mgmtClass >= 0x30 && mgmtClass <= 0x4F;
        int type = mad[25] & 0xFF;
        return rmppClass && mad.length > 26 && (mad[26] & 0x01) != 0 && type >= 2 && type <= 4;
    }

    /**
     * @return the endpoint that takes a MAD at a port by ibsim's rules, or {@code null}; an RMPP ACK, STOP or ABORT
     *         (a response to no request of the port's) goes to the port's SM, whose SA sent the transfer
     */
    Attached find(int node, int port, boolean response, int dqp, long tid, boolean rmppControl) {
        return find(node, port, response, dqp, tid, rmppControl, -1);
    }

    /** {@link #find(int, int, boolean, int, long, boolean)} of a MAD of class {@code mgmtClass}. */
    Attached find(int node, int port, boolean response, int dqp, long tid, boolean rmppControl, int mgmtClass) {
        if (!response && dqp == 1) {
            for (Attached a : attached) {
                if (a.node() == node && a.port() == port
                        && gsiClasses.getOrDefault(a.id(), Set.of()).contains(mgmtClass)) {
                    return a;
                }
            }
        }
        if (response) {
            int id = (int) (tid >>> 48);
            for (Attached a : attached) {
                if (a.id() == id && a.node() == node && a.port() == port) {
                    return a;
                }
            }
        }
        for (Attached a : attached) {
            if (a.node() != node || a.port() != port) {
                continue;
            }
            if (dqp > 1) {
                if (a.qpn() == dqp) {
                    return a;
                }
            } else if ((!response || rmppControl) && a.sm()) {
                return a;
            }
        }
        return null;
    }
}
