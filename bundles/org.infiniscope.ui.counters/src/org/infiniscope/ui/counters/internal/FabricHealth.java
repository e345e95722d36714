package org.infiniscope.ui.counters.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.fabric.FabricRef;

/**
 * The fabric's trouble in four kinds, from the performance manager's last sweep: ports that counted errors in it,
 * links whose sending side waited (XmitWait) for a share of the interval at or above {@link #CONGESTED}, links seen up
 * earlier whose two ends are gone from the sweep (the cable pulled, a port disabled, a switch down), and ports whose
 * PMA did not answer. Keeps the links it has seen, so it is one object per fabric session.
 */
final class FabricHealth {

    /** The XmitWait ratio from which a link counts as congested: the port could not send 5 % of the time. */
    static final double CONGESTED = 0.05;

    /** A kind of trouble. */
    enum Kind {
        ERRORS("Ports with errors"),
        CONGESTED("Congested links"),
        DOWN("Down links"),
        UNREACHABLE("Ports not answering");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /**
     * One thing in trouble.
     *
     * @param ref what to select to show it
     * @param where its name: a port, or a link's two ends
     * @param what what is wrong, in a few words
     * @param weight how bad, for the order (errors, a ratio)
     */
    record Item(FabricRef ref, String where, String what, double weight) {
    }

    /** What a sweep showed: the items of each kind, worst first. */
    record Summary(Map<Kind, List<Item>> items, int ports, int links) {

        int count(Kind kind) {
            return items.get(kind).size();
        }

        boolean healthy() {
            return items.values().stream().allMatch(List::isEmpty);
        }
    }

    /** A link by its two ends in a fixed order, with their names as last seen. */
    private record Seen(PortKey a, PortKey b, String nameA, String nameB) {
    }

    private final Map<List<PortKey>, Seen> seen = new java.util.HashMap<>();

    /** Forgets the links seen: a new fabric. */
    void reset() {
        seen.clear();
    }

    /** @return the summary of a sweep's ports, remembering their links */
    Summary update(Map<PortKey, PortStats> ports) {
        List<Item> errors = new ArrayList<>();
        List<Item> congested = new ArrayList<>();
        List<Item> unreachable = new ArrayList<>();
        Set<List<PortKey>> congestedLinks = new LinkedHashSet<>();
        for (PortStats s : ports.values()) {
            if (s.peer() != null) {
                List<PortKey> pair = pair(s.key(), s.peer());
                PortStats other = ports.get(s.peer());
                Seen link = pair.getFirst().equals(s.key())
                        ? new Seen(s.key(), s.peer(), PerfView.name(s),
                                other == null ? s.peer().toString() : PerfView.name(other))
                        : new Seen(s.peer(), s.key(), other == null ? s.peer().toString() : PerfView.name(other),
                                PerfView.name(s));
                seen.put(pair, link);
            }
            if (!s.reachable()) {
                unreachable
                        .add(new Item(ref(s.key()), PerfView.name(s), "PMA at LID " + s.lid() + " did not answer", 1));
                continue;
            }
            long e = s.errorDelta();
            if (e > 0) {
                errors.add(new Item(ref(s.key()), PerfView.name(s), errorText(s), e));
            }
            if (s.xmitWaitRatio() >= CONGESTED && (s.peer() == null || congestedLinks.add(pair(s.key(), s.peer())))) {
                FabricRef r = s.peer() == null ? ref(s.key()) : new FabricRef.LinkRef(ref(s.key()), ref(s.peer()));
                String where = PerfView.name(s) + " \u2192 " + peerName(s, ports);
                congested.add(new Item(r, where,
                        String.format(Locale.ROOT, "waited %.1f %% of the time", 100 * s.xmitWaitRatio()),
                        s.xmitWaitRatio()));
            }
        }
        List<Item> down = new ArrayList<>();
        for (Seen l : seen.values()) {
            if (!ports.containsKey(l.a()) && !ports.containsKey(l.b())) {
                down.add(new Item(new FabricRef.LinkRef(ref(l.a()), ref(l.b())), l.nameA() + " \u2014 " + l.nameB(),
                        "up before, not in the last sweep", 1));
            }
        }
        Comparator<Item> worst = Comparator.comparingDouble(Item::weight).reversed().thenComparing(Item::where);
        errors.sort(worst);
        congested.sort(worst);
        down.sort(Comparator.comparing(Item::where));
        unreachable.sort(Comparator.comparing(Item::where));
        Map<Kind, List<Item>> items = new java.util.EnumMap<>(Kind.class);
        items.put(Kind.ERRORS, List.copyOf(errors));
        items.put(Kind.CONGESTED, List.copyOf(congested));
        items.put(Kind.DOWN, List.copyOf(down));
        items.put(Kind.UNREACHABLE, List.copyOf(unreachable));
        return new Summary(java.util.Collections.unmodifiableMap(items), ports.size(), seen.size());
    }

    private static String peerName(PortStats s, Map<PortKey, PortStats> ports) {
        PortStats p = ports.get(s.peer());
        return p == null ? s.peer().toString() : PerfView.name(p);
    }

    /** @return the error counters that grew, such as {@code SymbolErrorCounter +25} */
    static String errorText(PortStats s) {
        StringBuilder b = new StringBuilder();
        for (Counter c : Counter.values()) {
            long d = s.delta(c);
            if (c.isError() && d > 0) {
                b.append(b.isEmpty() ? "" : ", ").append(c.label()).append(" +").append(d);
            }
        }
        return b.toString();
    }

    static FabricRef.PortRef ref(PortKey key) {
        return new FabricRef.PortRef(key.nodeGuid(), key.port());
    }

    private static List<PortKey> pair(PortKey a, PortKey b) {
        return a.compareTo(b) <= 0 ? List.of(a, b) : List.of(b, a);
    }
}
