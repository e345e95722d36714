package org.infiniscope.mad.smp;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The directed-route rules of IBA 14.2.2 (C14-6, C14-9 for outgoing SMPs, C14-13 for returning ones), as one
 * pure function that the simulator and real agents share: given the SMP bytes and where they came from, it says
 * what this node's SMI does with them and updates the hop pointer and ReturnPath in place, exactly as the spec
 * says. A discarded SMP is left untouched.
 * <p>
 * "Originated" means this node's SM or SMA is sending the SMP (arrival port 0): the first send of a request,
 * or the SMA's response. The Linux kernel splits the same rules into a receive and a send half; here one call
 * does both.
 */
public final class DirectedRoute {

    private DirectedRoute() {
    }

    /**
     * The node whose SMI processes the SMP.
     *
     * @param isSwitch whether it is a switch (only switches relay along a directed route or by LID)
     * @param portCount its number of physical ports
     * @param lid its LID (a switch's port 0 LID), or 0 if it has none; a switch delivers a LID-routed segment
     *        addressed to its own LID to its SMA
     */
    public record Node(boolean isSwitch, int portCount, int lid) {

        /** Checks the ranges. */
        public Node {
            if (portCount < 1 || portCount > 254) {
                throw new IllegalArgumentException("portCount " + portCount + " outside 1..254");
            }
            if (lid < 0 || lid > 0xFFFF) {
                throw new IllegalArgumentException("lid " + lid + " outside 0..0xffff");
            }
        }
    }

    /**
     * Processes a directed-route SMP at a node.
     *
     * @param mad the 256-byte SMP; on any decision but {@link Decision.Action#DISCARD} its hop pointer (and for
     *        outgoing SMPs the ReturnPath entry) are updated
     * @param arrivalPort the port it arrived on, or 0 when this node's SM or SMA sends it
     * @param node the node
     * @return what to do with the SMP
     * @throws IllegalArgumentException if {@code arrivalPort} is not 0 and not a port of the node
     */
    public static Decision processAtNode(byte[] mad, int arrivalPort, Node node) {
        if (arrivalPort < 0 || arrivalPort > node.portCount()) {
            throw new IllegalArgumentException("arrival port " + arrivalPort + " outside 0.." + node.portCount());
        }
        try {
            Smp.check(mad);
        } catch (MadFormatException e) {
            return Decision.discard(ruleOf(e, mad), e.getMessage());
        }
        if (Bits.u8(mad, 1) != MgmtClass.SUBN_DIRECTED_ROUTE) {
            return Decision.discard("14.2.2", "not a directed-route SMP");
        }
        Hops hops = new Hops(mad, arrivalPort == 0);
        return (Bits.u16(mad, 4) & MadStatus.DIRECTION) == 0
                ? outgoing(hops, arrivalPort, node)
                : returning(hops, node);
    }

    /** The compliance statement a malformed SMP breaks, for the discard reason. */
    private static String ruleOf(MadFormatException e, byte[] mad) {
        return switch (e.problem()) {
            case BAD_HOP_COUNT -> "C14-6";
            case BAD_HOP_POINTER -> (Bits.u16(mad, 4) & MadStatus.DIRECTION) == 0 ? "C14-9:5" : "C14-13:5";
            default -> "13.4";
        };
    }

    private static Decision outgoing(Hops h, int arrivalPort, Node node) {
        if (h.pointer == 0 && h.count != 0) {
            // C14-9:1: the start of the directed part; arriving here with pointer 0 is only legal at the end of an
            // initial LID-routed part, which has a real DrSLID
            if (!h.originated && h.drSlid() == Mad.PERMISSIVE_LID) {
                return Decision.discard("C14-9:1", "arrived with hop pointer 0 and a permissive DrSLID");
            }
            return h.forwardOnInitialPath(1, node, "C14-9:1");
        }
        if (h.pointer >= 1 && h.pointer < h.count) {
            if (h.originated) {
                return Decision.discard("C14-9:2", "an SMP sent from its source starts with hop pointer 0");
            }
            if (!node.isSwitch()) {
                return Decision.discard("C14-9:2", "a channel adapter does not relay directed-route SMPs");
            }
            Decision d = h.forwardOnInitialPath(h.pointer + 1, node, "C14-9:2");
            if (d.action() == Decision.Action.FORWARD) {
                h.setReturnPath(h.pointer, arrivalPort);
            }
            return d;
        }
        if (h.pointer == h.count) {
            // C14-9:3: the end of the directed part
            if (h.originated && h.count != 0) {
                return Decision.discard("C14-9:3", "an SMP sent from its source starts with hop pointer 0");
            }
            int drDlid = h.drDlid();
            Decision d;
            if (drDlid == Mad.PERMISSIVE_LID || (node.isSwitch() && node.lid() != 0 && drDlid == node.lid())) {
                d = Decision.deliver();
            } else if (node.isSwitch()) {
                d = Decision.routeByLid(drDlid);
            } else {
                return Decision.discard("C14-9:3", "a channel adapter cannot LID-route to DrDLID " + drDlid);
            }
            if (h.count != 0) {
                h.setReturnPath(h.pointer, arrivalPort);
            }
            h.setPointer(h.pointer + 1);
            return d;
        }
        if (h.pointer == h.count + 1) {
            // C14-9:4: the destination, reached by the final LID-routed part or a loopback
            return Decision.deliver();
        }
        return Decision.discard("C14-9:5", "hop pointer " + h.pointer + " beyond hop count " + h.count);
    }

    private static Decision returning(Hops h, Node node) {
        if (h.count != 0 && h.pointer == h.count + 1) {
            // C14-13:1: the responder, or the end of the directed part receiving the LID-routed answer
            if (h.originated && h.drDlid() != Mad.PERMISSIVE_LID) {
                return Decision.replyToRequester();
            }
            if (!h.originated && (h.drDlid() == Mad.PERMISSIVE_LID || !node.isSwitch())) {
                return Decision.discard("C14-13:1", "a returning SMP arrived with hop pointer hop count + 1");
            }
            return h.forwardOnReturnPath(node, "C14-13:1");
        }
        if (h.pointer >= 2 && h.pointer <= h.count) {
            if (h.originated) {
                return Decision.discard("C14-13:2", "a response starts with hop pointer hop count + 1");
            }
            if (!node.isSwitch()) {
                return Decision.discard("C14-13:2", "a channel adapter does not relay directed-route SMPs");
            }
            return h.forwardOnReturnPath(node, "C14-13:2");
        }
        if (h.pointer == 1) {
            // C14-13:3: the start of the directed part (hop count 0: the responder itself)
            if (h.originated && h.count != 0) {
                return Decision.discard("C14-13:3", "a response starts with hop pointer hop count + 1");
            }
            int drSlid = h.drSlid();
            Decision d;
            if (drSlid == Mad.PERMISSIVE_LID) {
                d = Decision.deliver();
            } else if (node.isSwitch()) {
                d = Decision.routeByLid(drSlid);
            } else {
                return Decision.discard("C14-13:3", "a channel adapter cannot LID-route to DrSLID " + drSlid);
            }
            h.setPointer(0);
            return d;
        }
        if (h.pointer == 0 && !h.originated) {
            // C14-13:4: the SM, reached by the initial LID-routed part
            return Decision.deliver();
        }
        return Decision.discard("C14-13:5", "hop pointer " + h.pointer + " with hop count " + h.count);
    }

    /** The hop fields of one SMP being processed. */
    private static final class Hops {
        private final byte[] mad;
        private final boolean originated;
        private final int count;
        private final int pointer;

        Hops(byte[] mad, boolean originated) {
            this.mad = mad;
            this.originated = originated;
            this.count = Bits.u8(mad, Smp.HOP_COUNT_OFFSET);
            this.pointer = Bits.u8(mad, Smp.HOP_POINTER_OFFSET);
        }

        int drSlid() {
            return Bits.u16(mad, Smp.DR_SLID_OFFSET);
        }

        int drDlid() {
            return Bits.u16(mad, Smp.DR_DLID_OFFSET);
        }

        void setPointer(int value) {
            Bits.put8(mad, Smp.HOP_POINTER_OFFSET, value);
        }

        void setReturnPath(int hop, int port) {
            Bits.put8(mad, Smp.RETURN_PATH_OFFSET + hop, port);
        }

        Decision forwardOnInitialPath(int newPointer, Node node, String rule) {
            int port = Bits.u8(mad, Smp.INITIAL_PATH_OFFSET + newPointer);
            if (port < 1 || port > node.portCount()) {
                return Decision.discard(rule, "InitialPath[" + newPointer + "] = " + port + " is not a port");
            }
            setPointer(newPointer);
            return Decision.forward(port);
        }

        Decision forwardOnReturnPath(Node node, String rule) {
            int newPointer = pointer - 1;
            int port = Bits.u8(mad, Smp.RETURN_PATH_OFFSET + newPointer);
            if (port < 1 || port > node.portCount()) {
                return Decision.discard(rule, "ReturnPath[" + newPointer + "] = " + port + " is not a port");
            }
            setPointer(newPointer);
            return Decision.forward(port);
        }
    }
}
