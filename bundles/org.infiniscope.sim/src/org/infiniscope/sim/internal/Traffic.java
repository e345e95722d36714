package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.perf.PortCounter;

/**
 * Steady flows of data between CA ports, carried hop by hop through the LFTs an SM programmed (as the engine routes
 * a LID-routed MAD): each hop's data and packet counters rise with time. A flow's packets are as large as the path's
 * MTU allows, each with 24 bytes of headers (LRH, BTH, ICRC) on the wire, and PortXmitData and PortRcvData count
 * words of 4 bytes (IBA 16.1.3.5). When the flows offered to an output port exceed its link rate (width × lane
 * speed), the port sends at its rate, the flows through it slow down in proportion, and the excess counts as
 * PortXmitWait ticks of 8 bytes' time (as NVIDIA Quantum switches count them). A flow with no route — a port not
 * Active, no LFT entry, a destination without a LID — carries nothing and is reported unrouted. Not thread-safe:
 * the fabric serialises calls.
 */
public final class Traffic {

    /** LRH 8 + BTH 12 + ICRC 4 bytes around each packet's payload. */
    static final int HEADER_BYTES = 24;
    /** Bytes of a link's time one PortXmitWait tick stands for. */
    static final int TICK_BYTES = 8;
    private static final int MAX_HOPS = 64;

    /**
     * What a flow did in the last advance.
     *
     * @param from the sending global port
     * @param to the receiving global port
     * @param bytesPerSecond the payload rate asked for
     * @param achieved the payload rate carried, in bytes a second (0 when unrouted)
     * @param routed whether the flow found a route to its destination
     */
    public record Status(int from, int to, double bytesPerSecond, double achieved, boolean routed) {
    }

    private static final class Flow {
        final int from;
        final int to;
        final double rate;
        /** Payload bytes delivered so far. */
        double sent;
        double achieved;
        boolean routed;

        Flow(int from, int to, double rate) {
            this.from = from;
            this.to = to;
            this.rate = rate;
        }
    }

    private final FabricState f;
    private final List<Flow> flows = new ArrayList<>();
    /** Per output global port: the fraction of a PortXmitWait tick not counted yet. */
    private final Map<Integer, Double> waitCarry = new HashMap<>();

    Traffic(FabricState state) {
        this.f = state;
    }

    /**
     * Starts a flow between two CA ports, replacing the one between them; rate 0 stops it.
     *
     * @throws IllegalArgumentException when the rate is negative or not finite
     */
    public void put(int from, int to, double bytesPerSecond) {
        if (!(bytesPerSecond >= 0 && bytesPerSecond < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "a flow's rate is a finite number of bytes a second, at least 0: " + bytesPerSecond);
        }
        flows.removeIf(flow -> flow.from == from && flow.to == to);
        if (bytesPerSecond > 0) {
            Flow flow = new Flow(from, to, bytesPerSecond);
            flow.routed = path(flow) != null;
            flows.add(flow);
        }
    }

    /** @return every flow as of the last advance */
    public List<Status> status() {
        return flows.stream().map(flow -> new Status(flow.from, flow.to, flow.rate, flow.achieved, flow.routed))
                .toList();
    }

    /** Carries {@code nanos} more nanoseconds of every flow. */
    boolean isEmpty() {
        return flows.isEmpty();
    }

    void advance(long nanos) {
        if (flows.isEmpty()) {
            return;
        }
        double seconds = nanos / 1e9;
        List<Flow> routed = new ArrayList<>();
        List<int[]> paths = new ArrayList<>();
        List<Integer> mtus = new ArrayList<>();
        for (Flow flow : flows) {
            int[] path = path(flow);
            flow.routed = path != null;
            flow.achieved = 0;
            if (path != null) {
                routed.add(flow);
                paths.add(path);
                mtus.add(mtu(path));
            }
        }
        Map<Integer, Double> offered = share(routed, paths, mtus);
        for (int i = 0; i < routed.size(); i++) {
            carry(routed.get(i), paths.get(i), mtus.get(i), seconds);
        }
        for (Map.Entry<Integer, Double> load : offered.entrySet()) {
            int out = load.getKey();
            double excess = load.getValue() - capacity(out);
            if (excess > 0) {
                double ticks = waitCarry.getOrDefault(out, 0.0) + excess * seconds / TICK_BYTES;
                long whole = (long) ticks;
                waitCarry.put(out, ticks - whole);
                Counters.add(f, out, PortCounter.PORT_XMIT_WAIT, whole);
            }
        }
    }

    /**
     * Shares the output ports' rates among the flows through them: each hop passes on what the hop before let
     * through, scaled down where the offered load exceeds the port's rate, until the rates settle. Sets each
     * flow's achieved rate.
     *
     * @return the wire bytes a second offered to each output port
     */
    private Map<Integer, Double> share(List<Flow> routed, List<int[]> paths, List<Integer> mtus) {
        double[][] rates = new double[routed.size()][];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = new double[paths.get(i).length + 1];
            rates[i][0] = routed.get(i).rate * wireFactor(mtus.get(i));
        }
        Map<Integer, Double> offered = new HashMap<>();
        for (int round = 0; round <= MAX_HOPS; round++) {
            offered.clear();
            for (int i = 0; i < rates.length; i++) {
                int[] path = paths.get(i);
                for (int k = 0; k < path.length; k++) {
                    offered.merge(path[k], rates[i][k], Double::sum);
                }
            }
            boolean settled = true;
            for (int i = 0; i < rates.length; i++) {
                int[] path = paths.get(i);
                for (int k = 0; k < path.length; k++) {
                    double load = offered.get(path[k]);
                    double capacity = capacity(path[k]);
                    double next = load > capacity ? rates[i][k] * capacity / load : rates[i][k];
                    settled &= next == rates[i][k + 1];
                    rates[i][k + 1] = next;
                }
            }
            if (settled) {
                break;
            }
        }
        for (int i = 0; i < rates.length; i++) {
            routed.get(i).achieved = rates[i][paths.get(i).length] / wireFactor(mtus.get(i));
        }
        return offered;
    }

    /** Counts a flow's packets and words over {@code seconds} on every port it crosses. */
    private void carry(Flow flow, int[] path, int mtu, double seconds) {
        double before = flow.sent;
        double after = before + flow.achieved * seconds;
        flow.sent = after;
        long packets = (long) (after / mtu) - (long) (before / mtu);
        long words = wireWords(after, mtu) - wireWords(before, mtu);
        for (int out : path) {
            int in = f.remote[out];
            Counters.add(f, out, PortCounter.PORT_XMIT_DATA, words);
            Counters.add(f, out, PortCounter.PORT_XMIT_PKTS, packets);
            Counters.add(f, in, PortCounter.PORT_RCV_DATA, words);
            Counters.add(f, in, PortCounter.PORT_RCV_PKTS, packets);
        }
    }

    /** @return the 4-byte words on the wire for a payload of {@code payload} bytes in whole packets */
    private static long wireWords(double payload, int mtu) {
        long packets = (long) (payload / mtu);
        return (long) ((payload + packets * (double) HEADER_BYTES) / 4);
    }

    private static double wireFactor(int mtu) {
        return 1 + (double) HEADER_BYTES / mtu;
    }

    /**
     * Follows the LFTs from the flow's source to the LID of its destination.
     *
     * @return the output global ports crossed, in order, or null when there is no route
     */
    private int[] path(Flow flow) {
        int dlid = f.lid[flow.to];
        if (dlid == 0 || !f.ownsLid(flow.to, dlid)) {
            return null;
        }
        int[] hops = new int[MAX_HOPS];
        int out = flow.from;
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            int in = f.remote[out];
            if (in < 0 || !active(out) || !active(in)) {
                return null;
            }
            hops[hop] = out;
            int n = f.nodeOf(in);
            if (!f.isSwitch(n)) {
                return in == flow.to ? Arrays.copyOf(hops, hop + 1) : null;
            }
            int port = f.route(n, dlid);
            if (port < 1 || port > f.portCount[n]) {
                return null; // no LFT entry, or the LID is the switch's own
            }
            out = f.port(n, port);
        }
        return null; // a routing loop
    }

    private boolean active(int g) {
        return f.physState[g] == FabricState.PHYS_LINK_UP && f.state[g] == FabricState.ACTIVE;
    }

    /** @return the path's MTU in bytes: the smallest NeighborMTU of its links' ends */
    private int mtu(int[] path) {
        int code = 5;
        for (int out : path) {
            code = Math.min(code, Math.min(f.neighborMtu[out], f.neighborMtu[f.remote[out]]));
        }
        return 128 << Math.max(code, 1);
    }

    /** @return the data rate of a port's link in bytes a second: lanes × the lane's rate after line coding */
    double capacity(int g) {
        return lanes(f.widthActive[g]) * laneBytesPerSecond(f.speedActive[g], f.extActive[g]);
    }

    /** LinkWidthActive (IBA 14.2.5.6): 1 1X, 2 4X, 4 8X, 8 12X, 16 2X. */
    static int lanes(int width) {
        return switch (width) {
            case 1 -> 1;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            case 16 -> 2;
            default -> 0;
        };
    }

    /**
     * LinkSpeedExtActive, when set, else LinkSpeedActive: SDR, DDR and QDR signal 2.5, 5 and 10 Gb/s with 8b/10b
     * coding; FDR 14.0625 and EDR 25.78125 Gb/s with 64b/66b; HDR, NDR and XDR carry 50, 100 and 200 Gb/s.
     */
    static double laneBytesPerSecond(int speed, int ext) {
        double bits = switch (ext) {
            case 1 -> 14.0625e9 * 64 / 66;
            case 2 -> 25.78125e9 * 64 / 66;
            case 4 -> 50e9;
            case 8 -> 100e9;
            case 16 -> 200e9;
            default -> switch (speed) {
                case 1 -> 2e9;
                case 2 -> 4e9;
                case 4 -> 8e9;
                default -> 0;
            };
        };
        return bits / 8;
    }
}
