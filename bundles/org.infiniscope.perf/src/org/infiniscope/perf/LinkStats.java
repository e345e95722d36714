package org.infiniscope.perf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One link's two ends together: the per-link roll-up of {@link PortStats}. A link whose far end is not read (a CA
 * port with no LID, a port down on one side) has only its near end.
 *
 * @param a the end with the lower node GUID (then port)
 * @param b the other end, or {@code null} when it was not read
 * @param linkBitsPerSecond the link's data rate
 * @param aToBBytesPerSecond octets a second from a to b (a's send rate, else b's receive rate)
 * @param bToABytesPerSecond octets a second from b to a
 * @param utilisation the higher of the two directions as a percentage of the link rate
 * @param errorDelta errors counted at both ends in the last sweep
 * @param xmitWaitRatio the higher of the two ends' XmitWait congestion ratios
 * @param symbolBer the higher of the two ends' symbol bit error rates since the first reading ({@link Double#NaN}
 *        when neither is known)
 * @param reachable whether every end read answered in the last sweep
 */
public record LinkStats(PortStats a, PortStats b, double linkBitsPerSecond, double aToBBytesPerSecond,
        double bToABytesPerSecond, double utilisation, long errorDelta, double xmitWaitRatio, double symbolBer,
        boolean reachable) {

    /** @return the links of these ports, each once, in the order of their first end */
    public static List<LinkStats> of(List<PortStats> ports) {
        Map<PortKey, PortStats> byKey = new HashMap<>();
        for (PortStats p : ports) {
            byKey.put(p.key(), p);
        }
        List<LinkStats> links = new ArrayList<>();
        for (PortStats p : ports) {
            PortStats peer = p.peer() == null ? null : byKey.get(p.peer());
            if (peer != null && peer.key().compareTo(p.key()) < 0) {
                continue; // counted from the other end
            }
            links.add(of(p, peer));
        }
        return List.copyOf(links);
    }

    private static LinkStats of(PortStats a, PortStats b) {
        double rate = Math.max(a.linkBitsPerSecond(), b == null ? 0 : b.linkBitsPerSecond());
        double ab = Math.max(a.xmitBytesPerSecond(), b == null ? 0 : b.rcvBytesPerSecond());
        double ba = Math.max(a.rcvBytesPerSecond(), b == null ? 0 : b.xmitBytesPerSecond());
        double utilisation = rate > 0 ? Math.max(ab, ba) * 8 * 100 / rate : 0;
        long errors = a.errorDelta() + (b == null ? 0 : b.errorDelta());
        double wait = Math.max(a.xmitWaitRatio(), b == null ? 0 : b.xmitWaitRatio());
        double ber = max(a.ber().symbolSinceStart(), b == null ? Double.NaN : b.ber().symbolSinceStart());
        return new LinkStats(a, b, rate, ab, ba, utilisation, errors, wait, ber,
                a.reachable() && (b == null || b.reachable()));
    }

    private static double max(double x, double y) {
        return Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
    }
}
