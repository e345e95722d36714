package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.CablingPlan;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;

/**
 * A sweep against a cabling plan, the plan taken as the master. Ends are matched by node name and port number (or
 * node GUID and port number): a planned cable whose two ends are linked to each other is in place; one whose ends
 * have no link at all is missing; one whose end is linked to another port is mis-cabled (the link found there is
 * named, and not reported again as extra); a link whose ends the plan does not cable is extra.
 */
final class PlanCheck {

    private PlanCheck() {
    }

    /** A port, as the plan and the fabric are matched: by name, or by GUID. */
    private record Key(String node, int port) {
    }

    private record FabricEnd(Key key, Location at, DiscoveredLink link) {
    }

    static List<Finding> run(FabricSnapshot s, CablingPlan plan, boolean byGuid, CheckNames names) {
        List<Finding> findings = new ArrayList<>();
        Map<Long, DiscoveredNode> nodes = s.nodesByGuid();
        // names two fabric nodes share cannot be matched: say so, and leave their ends out
        Map<String, List<DiscoveredNode>> byName = new LinkedHashMap<>();
        s.nodes().forEach(n -> byName.computeIfAbsent(names.of(n), k -> new ArrayList<>()).add(n));
        Set<String> ambiguous = new HashSet<>();
        if (!byGuid) {
            byName.forEach((name, same) -> {
                if (same.size() > 1) {
                    ambiguous.add(name);
                    List<Location> at = same.stream().map(names::at).toList();
                    findings.add(new Finding(Check.PLAN, Severity.ERROR, "ambiguous-name",
                            same.size() + " nodes are named \"" + name + "\": their links cannot be matched by name ("
                                    + DuplicateCheck.list(at) + "); use --by-guid or a node-name map",
                            at));
                }
            });
        }
        Map<Key, FabricEnd> peer = new HashMap<>();
        for (DiscoveredLink l : s.links()) {
            DiscoveredNode a = nodes.get(l.nodeA());
            DiscoveredNode b = nodes.get(l.nodeB());
            if (a == null || b == null) {
                continue;
            }
            FabricEnd ea = new FabricEnd(key(a, l.portA(), byGuid, names), names.at(a, l.portA()), l);
            FabricEnd eb = new FabricEnd(key(b, l.portB(), byGuid, names), names.at(b, l.portB()), l);
            peer.put(ea.key(), eb);
            peer.put(eb.key(), ea);
        }
        Set<String> fabricNodes = new HashSet<>();
        s.nodes().forEach(n -> fabricNodes.add(byGuid ? CheckNames.guid(n.nodeGuid()) : names.of(n)));
        Set<DiscoveredLink> accounted = new HashSet<>();
        Set<Key> planned = new HashSet<>();
        for (CablingPlan.Cable cable : plan.links()) {
            Key a = key(cable.a(), byGuid);
            Key b = key(cable.b(), byGuid);
            planned.add(a);
            planned.add(b);
            if (ambiguous.contains(a.node()) || ambiguous.contains(b.node())) {
                continue;
            }
            FabricEnd atA = peer.get(a);
            FabricEnd atB = peer.get(b);
            if (atA != null && ambiguous.contains(atA.key().node())
                    || atB != null && ambiguous.contains(atB.key().node())) {
                continue;
            }
            String planText = planned(cable.a()) + " - " + planned(cable.b());
            if (atA != null && atA.key().equals(b)) {
                accounted.add(atA.link());
            } else if (atA == null && atB == null) {
                List<String> absent = new ArrayList<>();
                for (CablingPlan.End e : List.of(cable.a(), cable.b())) {
                    if (!fabricNodes.contains(key(e, byGuid).node())) {
                        absent.add(planned(e.node(), e.nodeGuid(), -1));
                    }
                }
                findings.add(new Finding(Check.PLAN, Severity.ERROR, "missing-link",
                        "planned " + planText + " is missing: no link at either end"
                                + (absent.isEmpty() ? "" : " (" + String.join(" and ", absent) + " not found)"),
                        List.of(location(cable.a(), s, byGuid, names), location(cable.b(), s, byGuid, names))));
            } else {
                List<String> found = new ArrayList<>();
                List<Location> at = new ArrayList<>();
                for (FabricEnd far : new FabricEnd[]{atA, atB}) {
                    if (far == null) {
                        continue;
                    }
                    FabricEnd near = peer.get(far.key());
                    accounted.add(far.link());
                    found.add("found " + near.at() + " - " + far.at());
                    at.add(near.at());
                    at.add(far.at());
                }
                if (atA == null || atB == null) {
                    found.add(planned(atA == null ? cable.a() : cable.b()) + " has no link");
                }
                findings.add(new Finding(Check.PLAN, Severity.ERROR, "miscabled-link",
                        "planned " + planText + " is mis-cabled: " + String.join("; ", found), at));
            }
        }
        for (DiscoveredLink l : s.links()) {
            DiscoveredNode a = nodes.get(l.nodeA());
            DiscoveredNode b = nodes.get(l.nodeB());
            if (a == null || b == null || accounted.contains(l)) {
                continue;
            }
            Key ka = key(a, l.portA(), byGuid, names);
            Key kb = key(b, l.portB(), byGuid, names);
            if (ambiguous.contains(ka.node()) || ambiguous.contains(kb.node())) {
                continue;
            }
            Location la = names.at(a, l.portA());
            Location lb = names.at(b, l.portB());
            findings.add(new Finding(Check.PLAN, Severity.ERROR, "extra-link", la + " - " + lb + " is not in the plan",
                    List.of(la, lb)));
        }
        return findings;
    }

    private static Key key(DiscoveredNode node, int port, boolean byGuid, CheckNames names) {
        return new Key(byGuid ? CheckNames.guid(node.nodeGuid()) : names.of(node), port);
    }

    private static Key key(CablingPlan.End end, boolean byGuid) {
        return new Key(byGuid ? CheckNames.guid(end.nodeGuid()) : end.node(), end.port());
    }

    private static String planned(CablingPlan.End end) {
        return planned(end.node(), end.nodeGuid(), end.port());
    }

    private static String planned(String node, long guid, int port) {
        return new Location(node, guid, port, 0, 0).toString();
    }

    /** @return the fabric's port for a planned end when the fabric has the node, else the plan's */
    private static Location location(CablingPlan.End end, FabricSnapshot s, boolean byGuid, CheckNames names) {
        for (DiscoveredNode n : s.nodes()) {
            if (byGuid ? n.nodeGuid() == end.nodeGuid() : names.of(n).equals(end.node())) {
                return names.at(n, end.port());
            }
        }
        return new Location(end.node(), end.nodeGuid(), end.port(), 0, 0);
    }
}
