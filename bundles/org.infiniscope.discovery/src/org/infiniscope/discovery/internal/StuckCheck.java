package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;

/**
 * Ports whose physical link is up (LinkUp) but whose logical state is Init or Armed: the SM has not brought them to
 * Active. A fabric where no port is Armed or Active and no port has a LID has seen no SM at all; that is one finding,
 * not one per port. With a later snapshot, a port counts as stuck only if it is still in the same state there.
 */
final class StuckCheck {

    private static final int INIT = 2, ARMED = 3, ACTIVE = 4, LINK_UP = 5;

    private StuckCheck() {
    }

    static List<Finding> run(FabricSnapshot s, FabricSnapshot later, String grace, CheckNames names) {
        List<Finding> findings = new ArrayList<>();
        List<Location> unconfigured = unconfigured(s, names);
        if (unconfigured != null && (later == null || unconfigured(later, names) != null)) {
            findings.add(new Finding(Check.STUCK, Severity.ERROR, "unconfigured",
                    "no subnet manager has configured this fabric: all " + unconfigured.size()
                            + " ports with a physical link are in Init and no port has a LID"
                            + (later == null ? "" : ", still after " + grace)
                            + " (start a subnet manager, such as OpenSM, on it)",
                    unconfigured));
            return findings;
        }
        Map<Long, DiscoveredNode> after = later == null ? Map.of() : later.nodesByGuid();
        for (DiscoveredNode n : s.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (!stuck(n, p)) {
                    continue;
                }
                Location at = names.at(n, p.number());
                String state = p.state() == INIT ? "Init" : "Armed";
                String kind = p.state() == INIT ? "stuck-init" : "stuck-armed";
                if (later == null) {
                    findings.add(new Finding(Check.STUCK, Severity.ERROR, kind,
                            at + " is " + state + " with its physical link up (LinkUp): not Active", List.of(at)));
                    continue;
                }
                DiscoveredNode m = after.get(n.nodeGuid());
                DiscoveredPort q = m == null ? null : m.port(p.number()).orElse(null);
                if (q != null && q.state() == p.state() && q.physicalState() == LINK_UP) {
                    findings.add(new Finding(Check.STUCK, Severity.ERROR, kind,
                            at + " is " + state + " with its physical link up, still after " + grace, List.of(at)));
                } else {
                    String now = q == null ? "not seen" : q.state() == ACTIVE ? "Active" : stateName(q.state());
                    findings.add(new Finding(Check.STUCK, Severity.NOTE, "coming-up",
                            at + " was " + state + ", " + now + " after " + grace, List.of(at)));
                }
            }
        }
        return findings;
    }

    private static boolean stuck(DiscoveredNode n, DiscoveredPort p) {
        // a switch's port 0 is inside the switch: its links are the ports 1..N
        return p.reachable() && (p.number() > 0 || !n.isSwitch()) && p.physicalState() == LINK_UP
                && (p.state() == INIT || p.state() == ARMED);
    }

    /** @return the ports in Init when the fabric has seen no SM (some port up, none further, no LID), else null */
    private static List<Location> unconfigured(FabricSnapshot s, CheckNames names) {
        List<Location> init = new ArrayList<>();
        for (DiscoveredNode n : s.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (p.lid() != 0 || p.state() > INIT && (p.number() > 0 || !n.isSwitch())) {
                    return null;
                }
                if (stuck(n, p)) {
                    init.add(names.at(n, p.number()));
                }
            }
        }
        return init.isEmpty() ? null : init;
    }

    private static String stateName(int state) {
        return switch (state) {
            case 1 -> "Down";
            case INIT -> "Init";
            case ARMED -> "Armed";
            case ACTIVE -> "Active";
            default -> "state " + state;
        };
    }
}
