package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;

/**
 * Duplicate node GUIDs, port GUIDs and LIDs in a snapshot. A sweep keys its nodes by GUID, so two nodes with one
 * GUID show here only in a snapshot built otherwise (a file, a merge); {@link FoldedGuids} finds those a sweep
 * folded together.
 */
final class DuplicateCheck {

    private DuplicateCheck() {
    }

    static List<Finding> run(FabricSnapshot s, CheckNames names) {
        List<Finding> findings = new ArrayList<>();
        nodeGuids(s, names, findings);
        portGuids(s, names, findings);
        lids(s, names, findings);
        return findings;
    }

    private static void nodeGuids(FabricSnapshot s, CheckNames names, List<Finding> findings) {
        Map<Long, List<DiscoveredNode>> byGuid = new LinkedHashMap<>();
        s.nodes().forEach(n -> byGuid.computeIfAbsent(n.nodeGuid(), k -> new ArrayList<>()).add(n));
        byGuid.forEach((guid, nodes) -> {
            if (nodes.size() > 1) {
                List<Location> at = nodes.stream().map(names::at).toList();
                findings.add(new Finding(Check.DUP, Severity.ERROR, "duplicate-node-guid",
                        "node GUID " + CheckNames.guid(guid) + " is carried by " + nodes.size() + " nodes: " + list(at),
                        at));
            }
        });
    }

    /** A switch has one port GUID (its port 0's), a CA or router one per port. */
    private static void portGuids(FabricSnapshot s, CheckNames names, List<Finding> findings) {
        Map<Long, List<Location>> byGuid = new LinkedHashMap<>();
        for (DiscoveredNode n : s.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (p.portGuid() == 0 || n.isSwitch() && p.number() != 0) {
                    continue;
                }
                byGuid.computeIfAbsent(p.portGuid(), k -> new ArrayList<>()).add(names.at(n, p.number()));
            }
        }
        byGuid.forEach((guid, at) -> {
            if (at.size() > 1) {
                findings.add(new Finding(Check.DUP, Severity.ERROR, "duplicate-port-guid",
                        "port GUID " + CheckNames.guid(guid) + " is carried by " + at.size() + " ports: " + list(at),
                        at));
            }
        });
    }

    private record Range(int base, int last, Location at) {
    }

    /** LIDs of end ports: a switch's port 0, a CA's or router's ports; each covers 2^LMC LIDs from its base. */
    private static void lids(FabricSnapshot s, CheckNames names, List<Finding> findings) {
        List<Range> ranges = new ArrayList<>();
        for (DiscoveredNode n : s.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (p.lid() == 0 || n.isSwitch() && p.number() != 0) {
                    continue;
                }
                ranges.add(new Range(p.lid(), p.lid() + (1 << Math.min(p.lmc(), 7)) - 1, names.at(n, p.number())));
            }
        }
        Map<Integer, List<Range>> byBase = ranges.stream()
                .collect(Collectors.groupingBy(Range::base, TreeMap::new, Collectors.toList()));
        byBase.forEach((lid, same) -> {
            if (same.size() > 1) {
                List<Location> at = same.stream().map(Range::at).toList();
                findings.add(new Finding(Check.DUP, Severity.ERROR, "duplicate-lid",
                        "LID " + lid + " is assigned to " + at.size() + " ports: " + list(at), at));
            }
        });
        ranges.sort(Comparator.comparingInt(Range::base));
        for (int i = 0; i < ranges.size(); i++) {
            Range r = ranges.get(i);
            for (int j = i + 1; j < ranges.size() && ranges.get(j).base() <= r.last(); j++) {
                Range o = ranges.get(j);
                if (o.base() != r.base()) {
                    findings.add(
                            new Finding(Check.DUP, Severity.ERROR, "lid-range-overlap",
                                    "LIDs " + r.base() + "-" + r.last() + " of " + r.at() + " overlap LIDs " + o.base()
                                            + "-" + o.last() + " of " + o.at() + " (LMC ranges)",
                                    List.of(r.at(), o.at())));
                }
            }
        }
    }

    static String list(List<Location> at) {
        return at.stream().map(Location::toString).collect(Collectors.joining(", "));
    }
}
