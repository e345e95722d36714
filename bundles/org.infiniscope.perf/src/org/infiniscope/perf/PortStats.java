package org.infiniscope.perf;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the performance manager knows of one port after its last sweep.
 *
 * @param key the port
 * @param nodeName the node's description
 * @param isSwitch whether the node is a switch
 * @param portGuid the port GUID (a switch's ports share port 0's)
 * @param lid the LID its PMA was queried at (a switch's port 0 LID)
 * @param linkBitsPerSecond the active link's data rate (width × lane speed, after line encoding), 0 when unknown
 * @param reachable whether its PMA answered in the last sweep
 * @param extended whether the data and packet counters came from PortCountersExtended (64 bits)
 * @param totals each counter's 64-bit total since the manager first read the port (its value then included)
 * @param deltas what each counter grew by in the last sweep
 * @param saturated the counters the PMA last read at their maximum (their totals are then a lower bound)
 * @param resetsSeen how many times a counter was found lower than before: reset by someone else
 * @param seconds the time between the last two readings, 0 after the first one
 * @param xmitBytesPerSecond sent octets a second over the last interval
 * @param rcvBytesPerSecond received octets a second
 * @param xmitPacketsPerSecond sent packets a second
 * @param rcvPacketsPerSecond received packets a second
 * @param utilisation the larger of send and receive rate as a percentage of the link's data rate
 * @param xmitWaitRatio PortXmitWait's growth over the growth of PortXmitWait plus PortXmitData (in words): the share
 *        of the interval the port had data and could not send, 0 to 1
 * @param peer the port at the other end of its link, or {@code null}
 * @param ber the bit-error-rate estimates ({@link BitErrorRate#UNKNOWN} when none)
 */
public record PortStats(PortKey key, String nodeName, boolean isSwitch, long portGuid, int lid,
        double linkBitsPerSecond, boolean reachable, boolean extended, Map<Counter, Long> totals,
        Map<Counter, Long> deltas, List<Counter> saturated, int resetsSeen, double seconds, double xmitBytesPerSecond,
        double rcvBytesPerSecond, double xmitPacketsPerSecond, double rcvPacketsPerSecond, double utilisation,
        double xmitWaitRatio, PortKey peer, BitErrorRate ber) {

    /** Copies. */
    public PortStats {
        ber = ber == null ? BitErrorRate.UNKNOWN : ber;
        totals = Collections.unmodifiableMap(totals.isEmpty() ? new EnumMap<>(Counter.class) : new EnumMap<>(totals));
        deltas = Collections.unmodifiableMap(deltas.isEmpty() ? new EnumMap<>(Counter.class) : new EnumMap<>(deltas));
        saturated = List.copyOf(saturated);
    }

    /** A port without bit-error-rate estimates (the constructor of version 0.1.0). */
    public PortStats(PortKey key, String nodeName, boolean isSwitch, long portGuid, int lid, double linkBitsPerSecond,
            boolean reachable, boolean extended, Map<Counter, Long> totals, Map<Counter, Long> deltas,
            List<Counter> saturated, int resetsSeen, double seconds, double xmitBytesPerSecond,
            double rcvBytesPerSecond, double xmitPacketsPerSecond, double rcvPacketsPerSecond, double utilisation,
            double xmitWaitRatio, PortKey peer) {
        this(key, nodeName, isSwitch, portGuid, lid, linkBitsPerSecond, reachable, extended, totals, deltas, saturated,
                resetsSeen, seconds, xmitBytesPerSecond, rcvBytesPerSecond, xmitPacketsPerSecond, rcvPacketsPerSecond,
                utilisation, xmitWaitRatio, peer, BitErrorRate.UNKNOWN);
    }

    /** @return a counter's total, 0 when never read */
    public long total(Counter counter) {
        return totals.getOrDefault(counter, 0L);
    }

    /** @return a counter's growth in the last sweep */
    public long delta(Counter counter) {
        return deltas.getOrDefault(counter, 0L);
    }

    /** @return the errors counted in the last sweep, all error counters together */
    public long errorDelta() {
        long sum = 0;
        for (Map.Entry<Counter, Long> e : deltas.entrySet()) {
            if (e.getKey().isError()) {
                sum += e.getValue();
            }
        }
        return sum;
    }
}
