package org.infiniscope.discovery.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * One directed-route sweep. Probes wait in a queue and at most {@code window} are in flight; each answer may queue
 * more. Nodes are keyed by node GUID, so a node reached twice (a loop, a parallel link, a CA's second port) is one
 * node with one more link; link ends are keyed by (GUID, port), so a link found from both sides is one link. All
 * state is guarded by {@code this}: answers complete on the transport's threads.
 */
final class Sweep {

    private final MadTransport transport;
    private final SweepOptions options;
    private final SweepProgress progress;
    private long answered;
    /** What was lost after all its retries in the first pass, for the second. */
    private final List<Probe> lostProbes = new ArrayList<>();
    private boolean secondPass;
    /**
     * What became of the probes under each route prefix ({@link #routeHash}) under which one was lost after all its
     * retries. A prefix with two losses and no answer since the first is dead: in the first pass a probe under it
     * waits for the second pass instead of timing out too (a pulled cable near the root would otherwise cost every
     * probe behind it its retries), and the second pass routes around its last hop.
     */
    private final Map<Long, PrefixStat> prefixes = new HashMap<>();
    /** Each node's first route, by {@link #routeHash}: the node it leads to. */
    private final Map<Long, Long> nodeByRoute = new HashMap<>();

    private static final class PrefixStat {
        int losses;
        int answers;
        /** The prefix's last hop (the node before it and the port out), null when that node is not known. */
        End hop;
        /** Whether a lost probe's whole route ends here: its last hop is the one under suspicion. */
        boolean lastHopOfALoss;

        boolean dead() {
            return losses >= 2 && answers == 0;
        }
    }
    private final Deque<Probe> queue = new ArrayDeque<>();
    private final Map<Long, NodeBuilder> nodes = new HashMap<>();
    /** Link ends by (GUID, port): the peer's end. */
    private final Map<End, End> linked = new HashMap<>();
    private final List<DiscoveredLink> links = new ArrayList<>();
    private int inFlight;
    private long sent;
    private long localGuid;
    private int localPort;
    private String localFailure;

    Sweep(MadTransport transport, SweepOptions options, SweepProgress progress) {
        this.transport = transport;
        this.options = options;
        this.progress = progress;
    }

    FabricSnapshot run() throws DiscoveryException, InterruptedException {
        synchronized (this) {
            queue.add(new Probe(Kind.NODE_INFO, new int[0], 0, 0, 0));
            pump();
            while (inFlight > 0 || !queue.isEmpty()) {
                wait();
            }
            if (!lostProbes.isEmpty() && localFailure == null) {
                // a second chance, once, for what was lost after all its retries: losses come in bursts (a busy
                // link, a congested receive queue), and a later pass usually gets the answer
                secondPass = true;
                // around every suspect hop where that still reaches the node, else around the last hops of the
                // losses only, else the first route
                Map<Long, int[]> strict = routesAvoiding(suspectHops(false));
                Map<Long, int[]> loose = routesAvoiding(suspectHops(true));
                lostProbes.forEach(probe -> queue.add(rerouted(probe, strict, loose)));
                lostProbes.clear();
                pump();
                while (inFlight > 0 || !queue.isEmpty()) {
                    wait();
                }
            }
            if (localFailure != null) {
                throw new DiscoveryException("the local node did not answer NodeInfo: " + localFailure);
            }
            return Snapshots.build(nodes, links, localGuid, localPort, sent);
        }
    }

    private enum Kind {
        NODE_INFO,
        NODE_DESC,
        SWITCH_INFO,
        PORT_INFO
    }

    /**
     * @param route the directed route
     * @param guid the node asked (NODE_INFO: the node the route leaves from, 0 for the local node)
     * @param port PORT_INFO: the port asked; NODE_INFO: the port the route leaves {@code guid} by
     */
    private record Probe(Kind kind, int[] route, long guid, int port, int modifier) {
    }

    private record End(long guid, int port) {
    }

    private void pump() {
        while (inFlight < options.window() && !queue.isEmpty()) {
            Probe probe = queue.poll();
            if (!secondPass && !prefixes.isEmpty() && underDeadPrefix(probe.route())) {
                lostProbes.add(probe);
                continue;
            }
            inFlight++;
            send(probe);
        }
    }

    private void send(Probe probe) {
        int attribute = switch (probe.kind()) {
            case NODE_INFO -> NodeInfo.ATTRIBUTE_ID;
            case NODE_DESC -> NodeDescription.ATTRIBUTE_ID;
            case SWITCH_INFO -> SwitchInfo.ATTRIBUTE_ID;
            case PORT_INFO -> PortInfo.ATTRIBUTE_ID;
        };
        Smp smp = Smp.directedRoute(Method.GET, 0, attribute, probe.modifier(), options.mKey(), probe.route(),
                new byte[0]);
        MadRequest request = new MadRequest(smp.encode(), MadAddress.directedRoute(), options.timeout(),
                options.retries());
        try {
            transport.send(request).whenComplete((response, failure) -> answered(probe, response, failure));
        } catch (RuntimeException e) {
            // a closed transport may refuse at once: count the probe as lost, or the sweep would wait for it forever
            answered(probe, null, e);
        }
    }

    private synchronized void answered(Probe probe, MadResponse response, Throwable failure) {
        try {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause()
                        : failure;
                sent += cause instanceof MadTimeoutException t ? t.attempts() : 1;
                if (!secondPass) {
                    // silence: some cable on the route may be gone
                    lostUnder(probe.route(), probe.kind() == Kind.NODE_INFO);
                }
                lost(probe, cause.getMessage());
            } else {
                sent += response.attempts();
                answeredUnder(probe.route()); // an answer, even an error status, proves the route
                String error = check(response.mad());
                if (error != null) {
                    lost(probe, error);
                } else {
                    handle(probe, response.mad());
                }
            }
        } catch (MadFormatException | RuntimeException e) {
            lost(probe, "malformed answer: " + e.getMessage());
        } finally {
            inFlight--;
            answered++;
            try {
                progress.progress(nodes.size(), answered, inFlight + queue.size());
            } catch (RuntimeException e) {
                // a listener's failure is not the sweep's
            }
            pump();
            if (inFlight == 0 && queue.isEmpty()) {
                notifyAll();
            }
        }
    }

    /** @return why the answer is not a successful GetResp, or null */
    private static String check(byte[] mad) throws MadFormatException {
        MadHeader header = Smp.validate(mad);
        int status = header.status() & ~MadStatus.DIRECTION;
        if (header.method() != Method.GET_RESP || status != 0) {
            return "status 0x" + Integer.toHexString(header.status()) + " (" + MadStatus.describe(header.status())
                    + ")";
        }
        return null;
    }

    /** @return a hash of the route's first {@code length} hops */
    private static long routeHash(int[] route, int length) {
        long h = 17;
        for (int i = 0; i < length; i++) {
            h = h * 1_000_003 + route[i] + 1;
        }
        return h;
    }

    private boolean underDeadPrefix(int[] route) {
        long h = 17;
        for (int hop : route) {
            h = h * 1_000_003 + hop + 1;
            PrefixStat stat = prefixes.get(h);
            if (stat != null && stat.dead()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Counts a loss under each prefix of the route.
     *
     * @param leaves whether the probe was a NodeInfo leaving the node its route reaches but for the last hop
     */
    private void lostUnder(int[] route, boolean leaves) {
        long h = 17;
        for (int k = 1; k <= route.length; k++) {
            long parent = h;
            h = h * 1_000_003 + route[k - 1] + 1;
            PrefixStat stat = prefixes.computeIfAbsent(h, x -> new PrefixStat());
            stat.losses++;
            Long before = nodeByRoute.get(parent);
            if (stat.hop == null && before != null) {
                stat.hop = new End(before, route[k - 1]);
            }
            // the hop into the node asked about, and for NodeInfo the hop out of it as well
            stat.lastHopOfALoss |= k == route.length || leaves && k == route.length - 1;
        }
    }

    /** Counts an answer under each prefix of the route that has lost one. */
    private void answeredUnder(int[] route) {
        if (prefixes.isEmpty()) {
            return;
        }
        long h = 17;
        for (int hop : route) {
            h = h * 1_000_003 + hop + 1;
            PrefixStat stat = prefixes.get(h);
            if (stat != null) {
                stat.answers++;
            }
        }
    }

    /**
     * @param lastHopsOnly only the last hops of lost probes' routes (into the node asked about, and out of it for a
     *        NodeInfo); else also the last hop of every dead prefix (two losses under it, no answer since). The
     *        first set misses a cable pulled near the root, whose probes are lost deeper; the second may hold hops
     *        that were merely idle since the loss, and cut the way to a node
     * @return the out-ports the second pass routes around
     */
    private Set<End> suspectHops(boolean lastHopsOnly) {
        Set<End> hops = new HashSet<>();
        prefixes.values().stream()
                .filter(p -> p.hop != null && p.answers == 0 && (p.lastHopOfALoss || !lastHopsOnly && p.dead()))
                .forEach(p -> hops.add(p.hop));
        return hops;
    }

    /** @return a route to each node found, breadth first from the local node over the links not through a dead hop */
    private Map<Long, int[]> routesAvoiding(Set<End> deadHops) {
        Map<Long, List<End>> ends = new HashMap<>();
        linked.keySet().forEach(end -> ends.computeIfAbsent(end.guid(), g -> new ArrayList<>()).add(end));
        Map<Long, int[]> routes = new HashMap<>();
        routes.put(localGuid, new int[0]);
        Deque<Long> next = new ArrayDeque<>(List.of(localGuid));
        while (!next.isEmpty()) {
            long guid = next.poll();
            int[] route = routes.get(guid);
            List<End> out = ends.getOrDefault(guid, List.of());
            out.sort((a, b) -> Integer.compare(a.port(), b.port()));
            for (End end : out) {
                End peer = linked.get(end);
                if (route.length < Smp.MAX_HOPS && !deadHops.contains(end) && !deadHops.contains(peer)
                        && !routes.containsKey(peer.guid())) {
                    int[] longer = Arrays.copyOf(route, route.length + 1);
                    longer[route.length] = end.port();
                    routes.put(peer.guid(), longer);
                    next.add(peer.guid());
                }
            }
        }
        return routes;
    }

    /**
     * The probe by a route around the dead hops to the node it asks about (or leaves from, for NodeInfo), when there
     * is one: a cable on its first route may have been pulled, and the node may still be reachable by other links.
     */
    private Probe rerouted(Probe probe, Map<Long, int[]> strict, Map<Long, int[]> loose) {
        int[] prefix = strict.getOrDefault(probe.guid(), loose.get(probe.guid()));
        if (prefix == null || probe.route().length == 0) {
            return probe;
        }
        int[] route = prefix;
        if (probe.kind() == Kind.NODE_INFO) {
            if (prefix.length >= Smp.MAX_HOPS) {
                return probe;
            }
            route = Arrays.copyOf(prefix, prefix.length + 1);
            route[prefix.length] = probe.port();
        }
        return new Probe(probe.kind(), route, probe.guid(), probe.port(), probe.modifier());
    }

    private void lost(Probe probe, String why) {
        if (!secondPass && (probe.route().length > 0 || probe.kind() != Kind.NODE_INFO)) {
            lostProbes.add(probe);
        }
        switch (probe.kind()) {
            case NODE_INFO -> {
                if (probe.route().length == 0) {
                    localFailure = why;
                } else {
                    NodeBuilder from = nodes.get(probe.guid());
                    if (from != null) {
                        from.unreachable(probe.port());
                    }
                }
            }
            case PORT_INFO -> nodes.get(probe.guid()).unreachable(probe.port());
            case NODE_DESC, SWITCH_INFO -> {
                // the node is known; its description or EnhancedPort0 stays empty
            }
        }
    }

    private void handle(Probe probe, byte[] mad) throws MadFormatException {
        switch (probe.kind()) {
            case NODE_INFO -> nodeInfo(probe, Smp.decodeAttribute(mad, NodeInfo.CODEC));
            case NODE_DESC ->
                nodes.get(probe.guid()).description(Smp.decodeAttribute(mad, NodeDescription.CODEC).text());
            case SWITCH_INFO -> nodes.get(probe.guid()).switchInfo(Smp.decodeAttribute(mad, SwitchInfo.CODEC));
            case PORT_INFO -> portInfo(probe, Smp.decodeAttribute(mad, PortInfo.CODEC));
        }
    }

    private void nodeInfo(Probe probe, NodeInfo info) {
        long guid = info.nodeGuid();
        int in = info.localPortNum();
        int[] route = probe.route();
        if (route.length == 0) {
            localGuid = guid;
            localPort = in;
        } else {
            link(new End(probe.guid(), probe.port()), new End(guid, in));
            if (secondPass) {
                nodes.get(probe.guid()).reached(probe.port());
            }
        }
        NodeBuilder node = nodes.get(guid);
        if (node == null) {
            node = new NodeBuilder(info, route);
            nodes.put(guid, node);
            nodeByRoute.put(routeHash(route, route.length), guid);
            queue.add(new Probe(Kind.NODE_DESC, route, guid, 0, 0));
            if (node.isSwitch()) {
                queue.add(new Probe(Kind.SWITCH_INFO, route, guid, 0, 0));
                for (int p = 0; p <= info.numPorts(); p++) {
                    queue.add(new Probe(Kind.PORT_INFO, route, guid, p, p));
                }
                return;
            }
        } else if (node.isSwitch() || node.hasPort(in)) {
            return;
        }
        // a CA or router answers for the port the SMP came in by: read that port through the same route
        node.expect(in, info.portGuid());
        queue.add(new Probe(Kind.PORT_INFO, route, guid, in, in));
    }

    private void portInfo(Probe probe, PortInfo info) {
        NodeBuilder node = nodes.get(probe.guid());
        int port = probe.port();
        node.port(port, info);
        boolean forwards = node.isSwitch() ? port > 0 : probe.route().length == 0;
        if (forwards && info.portState() > 1 && !linked.containsKey(new End(probe.guid(), port))
                && probe.route().length < Smp.MAX_HOPS) {
            int[] next = Arrays.copyOf(probe.route(), probe.route().length + 1);
            next[next.length - 1] = port;
            queue.add(new Probe(Kind.NODE_INFO, next, probe.guid(), port, 0));
        }
    }

    private void link(End a, End b) {
        if (linked.containsKey(a) || linked.containsKey(b)) {
            return; // found from the other side too
        }
        linked.put(a, b);
        linked.put(b, a);
        links.add(new DiscoveredLink(a.guid(), a.port(), b.guid(), b.port()));
    }

    /** @return the ends seen so far (for tests) */
    synchronized Set<Long> guids() {
        return new HashSet<>(nodes.keySet());
    }
}
