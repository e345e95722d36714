package org.infiniscope.sim;

import java.util.List;

import org.infiniscope.sim.internal.FabricState;
import org.infiniscope.sim.internal.Traffic;

/**
 * Steady traffic between the hosts of a {@link SimFabric}: each flow sends payload bytes at a rate from one CA port
 * to another, routed hop by hop through the LFTs an SM programmed, and as the fabric's {@link SimClock} advances
 * every port it crosses counts PortXmitData/PortRcvData (in words of 4 bytes) and PortXmitPkts/PortRcvPkts (packets
 * of the path's MTU). Flows through an output port that offer more than its link rate (width × lane speed) share
 * that rate, and the excess counts as PortXmitWait. A flow with no route counts nothing and is reported unrouted.
 * Thread-safe: calls hold the fabric's lock.
 */
public final class SimTraffic {

    /**
     * A flow and what it carried when the clock last advanced.
     *
     * @param from the sending node
     * @param fromPort its port
     * @param to the receiving node
     * @param toPort its port
     * @param bytesPerSecond the payload rate asked for
     * @param achievedBytesPerSecond the payload rate carried (less when a link on the way is oversubscribed; 0 when
     *        unrouted)
     * @param routed whether the LFTs lead from one to the other over Active ports
     */
    public record Flow(String from, int fromPort, String to, int toPort, double bytesPerSecond,
            double achievedBytesPerSecond, boolean routed) {
    }

    private final SimFabric fabric;

    SimTraffic(SimFabric fabric) {
        this.fabric = fabric;
    }

    /** Starts a flow between port 1 of two hosts; see {@link #start(String, int, String, int, double)}. */
    public void start(String from, String to, double bytesPerSecond) {
        start(from, 1, to, 1, bytesPerSecond);
    }

    /**
     * Starts a flow between two CA ports, replacing the one between them.
     *
     * @param bytesPerSecond the payload rate, above 0
     * @throws IllegalArgumentException when a node is missing or a switch, a port is not there, or the rate is not
     *         above 0 and finite
     */
    public void start(String from, int fromPort, String to, int toPort, double bytesPerSecond) {
        if (!(bytesPerSecond > 0 && bytesPerSecond < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "a flow's rate is a finite number of bytes a second above 0: " + bytesPerSecond);
        }
        synchronized (fabric) {
            int a = host(from, fromPort);
            int b = host(to, toPort);
            fabric.engine().timeline().catchUp();
            traffic().put(a, b, bytesPerSecond);
        }
    }

    /** Stops the flow between two CA ports, if there is one. */
    public void stop(String from, int fromPort, String to, int toPort) {
        synchronized (fabric) {
            int a = host(from, fromPort);
            int b = host(to, toPort);
            fabric.engine().timeline().catchUp();
            traffic().put(a, b, 0);
        }
    }

    /** @return every flow, with what it carried when the clock last advanced (counted up to now) */
    public List<Flow> flows() {
        synchronized (fabric) {
            fabric.engine().timeline().catchUp();
            FabricState f = fabric.engine().state();
            return traffic().status().stream().map(s -> {
                int a = f.nodeOf(s.from());
                int b = f.nodeOf(s.to());
                return new Flow(f.name(a), s.from() - f.port(a, 0), f.name(b), s.to() - f.port(b, 0),
                        s.bytesPerSecond(), s.achieved(), s.routed());
            }).toList();
        }
    }

    /** @return the flows that found no route: a port on the way not Active, no LFT entry, no LID */
    public List<Flow> unrouted() {
        return flows().stream().filter(flow -> !flow.routed()).toList();
    }

    private Traffic traffic() {
        return fabric.engine().timeline().traffic();
    }

    private int host(String node, int port) {
        FabricState f = fabric.engine().state();
        int n = f.node(node);
        if (n < 0) {
            throw new IllegalArgumentException("no node named \"" + node + "\" in the fabric");
        }
        if (f.isSwitch(n)) {
            throw new IllegalArgumentException("\"" + node + "\" is a switch: flows run between CA ports");
        }
        if (port < 1 || port > f.portCount(n)) {
            throw new IllegalArgumentException(
                    "\"" + node + "\" has no port " + port + " (ports 1.." + f.portCount(n) + ")");
        }
        return f.port(n, port);
    }
}
