package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;
import org.infiniscope.mad.smp.PortInfo;

/**
 * Links whose active width or speed is below the best both ends support, among what at least one end enables; and
 * links whose ends enable different bests, which the next training brings down to the lower one.
 * <p>
 * Why "at least one end enables" and not the supported masks alone: ibsim and the embedded simulator model a
 * cable's capability (ibsim's {@code width=}/{@code speed=}) as the ports' enabled masks, and report every width
 * and speed as supported, so a 4X SDR cable between two ports that support 12X QDR is a healthy link there (iblinkinfo
 * still prints its "Could be 12X"). On hardware the enabled masks are the supported ones, and the rule is
 * "active below what both ends support". A port that enables less than its peer is what drags the link down, and is
 * named.
 */
final class SpeedCheck {

    /** Widths in rank order, low to high: 1X, 2X, 4X, 8X, 12X (LinkWidth bits 1, 16, 2, 4, 8). */
    private static final int[] WIDTH_BITS = {1, 16, 2, 4, 8};
    private static final String[] WIDTH_NAMES = {"1X", "2X", "4X", "8X", "12X"};
    /** Speeds in rank order: LinkSpeed bits 1, 2, 4 (SDR, DDR, QDR), then LinkSpeedExt bits 1..16 (FDR..XDR). */
    private static final String[] SPEED_NAMES = {"SDR", "DDR", "QDR", "FDR", "EDR", "HDR", "NDR", "XDR"};
    private static final int BASE_SPEEDS = 3;

    private SpeedCheck() {
    }

    static List<Finding> run(FabricSnapshot s, CheckNames names) {
        List<Finding> findings = new ArrayList<>();
        Map<Long, DiscoveredNode> nodes = s.nodesByGuid();
        for (DiscoveredLink link : s.links()) {
            DiscoveredNode na = nodes.get(link.nodeA());
            DiscoveredNode nb = nodes.get(link.nodeB());
            if (na == null || nb == null) {
                continue;
            }
            DiscoveredPort a = na.port(link.portA()).orElse(null);
            DiscoveredPort b = nb.port(link.portB()).orElse(null);
            if (a == null || b == null || !a.reachable() || !b.reachable() || !a.isUp() || !b.isUp()) {
                continue;
            }
            Location la = names.at(na, a.number());
            Location lb = names.at(nb, b.number());
            width(a, b, la, lb, findings);
            speed(na, a, nb, b, la, lb, findings);
        }
        return findings;
    }

    private static void width(DiscoveredPort a, DiscoveredPort b, Location la, Location lb, List<Finding> findings) {
        if (a.widthSupported() == 0 || b.widthSupported() == 0) {
            return; // not read: nothing to compare with
        }
        int supported = a.widthSupported() & b.widthSupported();
        int bestA = widthRank(supported & known(a.widthEnabled()));
        int bestB = widthRank(supported & known(b.widthEnabled()));
        int active = widthRank(a.widthActive());
        if (active < 0 || Math.max(bestA, bestB) < 0) {
            return;
        }
        report("width", WIDTH_NAMES, active, bestA, bestB, la, lb, findings);
    }

    private static void speed(DiscoveredNode na, DiscoveredPort a, DiscoveredNode nb, DiscoveredPort b, Location la,
            Location lb, List<Finding> findings) {
        if (a.speedSupported() == 0 || b.speedSupported() == 0) {
            return;
        }
        boolean ext = extended(na, a) && extended(nb, b) && a.speedExtSupported() != 0 && b.speedExtSupported() != 0;
        int supported = a.speedSupported() & b.speedSupported() & 0x7;
        int bestA = speedRank(supported & known(a.speedEnabled()), 0);
        int bestB = speedRank(supported & known(b.speedEnabled()), 0);
        int active = speedRank(a.speedActive() & 0x7, 0);
        if (ext) {
            int extSupported = a.speedExtSupported() & b.speedExtSupported() & 0x1F;
            bestA = Math.max(bestA, speedRank(0, extSupported & known(a.speedExtEnabled())));
            bestB = Math.max(bestB, speedRank(0, extSupported & known(b.speedExtEnabled())));
            active = Math.max(active, speedRank(0, a.speedExtActive() & 0x1F));
        }
        if (active < 0 || Math.max(bestA, bestB) < 0) {
            return;
        }
        report("speed", SPEED_NAMES, active, bestA, bestB, la, lb, findings);
    }

    /**
     * @param bestA the best rank both ends support that end A enables (-1: none)
     */
    private static void report(String what, String[] rankNames, int active, int bestA, int bestB, Location la,
            Location lb, List<Finding> findings) {
        int best = Math.max(bestA, bestB);
        String link = la + " - " + lb;
        String lower = bestA == bestB
                ? ""
                : " (" + (bestA < bestB ? la : lb) + " enables only up to "
                        + rankNames[Math.max(Math.min(bestA, bestB), 0)] + ")";
        if (active < best) {
            findings.add(new Finding(Check.SPEED, Severity.WARNING, what + "-degraded",
                    link + " runs at " + rankNames[active] + ", both ends support " + rankNames[best] + lower,
                    List.of(la, lb)));
        } else if (bestA != bestB && Math.min(bestA, bestB) >= 0) {
            findings.add(
                    new Finding(Check.SPEED, Severity.WARNING, what + "-enabled-mismatch",
                            link + " runs at " + rankNames[active] + " but its ends enable different " + what + "s"
                                    + lower + ": it trains at " + rankNames[Math.min(bestA, bestB)] + " next time",
                            List.of(la, lb)));
        }
    }

    /** An enabled mask of 0 was not read: take it as everything, so the supported masks decide. */
    private static int known(int mask) {
        return mask == 0 ? 0xFF : mask;
    }

    /** @return the rank of the widest width in the mask, -1 for none */
    static int widthRank(int mask) {
        for (int r = WIDTH_BITS.length - 1; r >= 0; r--) {
            if ((mask & WIDTH_BITS[r]) != 0) {
                return r;
            }
        }
        return -1;
    }

    /** @return the rank of the fastest speed in the masks (extended speeds rank above the others), -1 for none */
    static int speedRank(int speeds, int extSpeeds) {
        if (extSpeeds != 0) {
            return BASE_SPEEDS + 31 - Integer.numberOfLeadingZeros(extSpeeds & 0x1F);
        }
        return speeds == 0 ? -1 : 31 - Integer.numberOfLeadingZeros(speeds & 0x7);
    }

    /** Whether the node announces extended speeds: a switch in port 0's CapabilityMask, a CA in the port's. */
    private static boolean extended(DiscoveredNode node, DiscoveredPort p) {
        int mask = node.isSwitch() ? node.port(0).map(DiscoveredPort::capabilityMask).orElse(0) : p.capabilityMask();
        return (mask & PortInfo.CAP_EXTENDED_SPEEDS) != 0;
    }
}
