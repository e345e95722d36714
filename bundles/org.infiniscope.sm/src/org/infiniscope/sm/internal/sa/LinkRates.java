package org.infiniscope.sm.internal.sa;

import java.util.Optional;

import org.infiniscope.mad.smp.LinkSpeed;
import org.infiniscope.mad.smp.LinkWidth;
import org.infiniscope.mad.smp.PortInfo;

/**
 * The SA's Rate and MTU encodings (IBA 15.2.5.16 and 14.2.5.6): the data rate of a link from its width and speed, and
 * the code the PathRecord and MCMemberRecord carry for it. Rate codes are not in order of speed, so rates compare by
 * their rate in Mb/s.
 */
final class LinkRates {

    /** Rate code → data rate in Mb/s (0 where the code is reserved). */
    private static final int[] MBPS = {0, 0, 2500, 10000, 30000, 5000, 20000, 40000, 60000, 80000, 120000, 14000, 56000,
            112000, 168000, 25000, 100000, 200000, 300000, 28000, 50000, 400000, 600000, 800000, 1200000};

    private LinkRates() {
    }

    /** @return the data rate of a rate code in Mb/s, 0 for a reserved code */
    static int mbps(int rateCode) {
        return rateCode >= 0 && rateCode < MBPS.length ? MBPS[rateCode] : 0;
    }

    /** @return the fastest rate code whose rate is at most {@code mbps}, 0 when none is */
    static int codeAtMost(int mbps) {
        int best = 0;
        for (int code = 2; code < MBPS.length; code++) {
            if (MBPS[code] <= mbps && MBPS[code] > MBPS[best]) {
                best = code;
            }
        }
        return best;
    }

    /** @return the fastest rate code whose rate is below {@code mbps}, 0 when none is */
    static int codeBelow(int mbps) {
        return codeAtMost(mbps - 1);
    }

    /** @return the data rate of a port's link in Mb/s (lanes × the lane rate as the SA counts it), 0 when down */
    static int portMbps(PortInfo port) {
        Optional<LinkSpeed> speed = LinkSpeed.active(port, Optional.empty());
        Optional<LinkWidth> width = LinkWidth.ofActive(port.linkWidthActive());
        if (speed.isEmpty() || width.isEmpty()) {
            return 0;
        }
        int lane = switch (speed.get()) {
            case SDR -> 2500;
            case DDR -> 5000;
            case QDR, FDR10 -> 10000;
            case FDR -> 14000;
            case EDR -> 25000;
            case HDR -> 50000;
            case NDR -> 100000;
        };
        return lane * width.get().lanes();
    }

    /** @return the MTU code a port's link carries: the neighbour MTU agreed with its peer, else its MTU capability */
    static int portMtu(PortInfo port) {
        return port.neighborMtu() != 0 ? port.neighborMtu() : port.mtuCap();
    }
}
