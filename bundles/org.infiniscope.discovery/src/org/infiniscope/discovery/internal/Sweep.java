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
import org.infiniscope.discovery.DiscoveredPort;
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
    /** The route prefixes under which probes were lost. */
    private final RoutePrefixes prefixes = new RoutePrefixes();
    /** Each node's first route, by {@link RoutePrefixes#hash}: the node it leads to. */
    private final Map<Long, Long> nodeByRoute = new HashMap<>();
    /** The link ends a NodeInfo found silent before the second pass (both ends of a known link). */
    private final Set<End> deadHops = new HashSet<>();
    /** The second pass's routes around the dead hops, by node. */
    private Map<Long, int[]> bypass = Map.of();
    /** The nodes the second pass's routes lead to, by {@link RoutePrefixes#hash}. */
    private final Map<Long, Long> nodeByBypass = new HashMap<>();
    /** The prefixes being located: whether each answered. */
    private final Map<Long, Boolean> located = new HashMap<>();
    /** The node GUIDs that answered along located prefixes. */
    private final Map<Long, Long> locatedGuids = new HashMap<>();

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
                // link, a congested receive queue), and a later pass usually gets the answer. A pulled cable does
                // not come back, though: find it first, then route around it
                locateDeadHops();
                secondPass = true;
                List<Probe> waiting = List.copyOf(lostProbes);
                lostProbes.clear();
                // in rounds: what the second pass learns (a node behind the silent hop found from elsewhere, with
                // its links) may open a way to what had none in the round before
                while (!waiting.isEmpty()) {
                    bypass = routesAvoiding(deadHops);
                    List<Probe> stuck = new ArrayList<>();
                    for (Probe probe : waiting) {
                        Probe next = rerouted(probe);
                        if (probe.kind() == Kind.NODE_INFO && deadHops.contains(new End(probe.guid(), probe.port()))) {
                            lost(probe, "its link went silent");
                        } else if (next == null) {
                            stuck.add(probe);
                        } else {
                            queue.add(next);
                        }
                    }
                    if (queue.isEmpty()) {
                        stuck.forEach(probe -> lost(probe, "every route known to it crosses a silent link"));
                        break;
                    }
                    pump();
                    while (inFlight > 0 || !queue.isEmpty()) {
                        wait();
                    }
                    waiting = stuck;
                }
                reroute();
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
        PORT_INFO,
        /** A NodeInfo along a suspect route prefix, before the second pass; {@code guid} holds the prefix's hash. */
        LOCATE
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
            if (!secondPass && probe.kind() != Kind.LOCATE && !prefixes.isEmpty()
                    && prefixes.underDead(probe.route())) {
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
            case LOCATE -> NodeInfo.ATTRIBUTE_ID;
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
            if (probe.kind() == Kind.LOCATE) {
                // any answer, an error status too, proves every hop of the prefix
                sent += failure == null ? response.attempts() : attempts(failure);
                located.put(probe.guid(), failure == null);
                if (failure == null && check(response.mad()) == null) {
                    locatedGuids.put(probe.guid(), Smp.decodeAttribute(response.mad(), NodeInfo.CODEC).nodeGuid());
                }
            } else if (failure != null) {
                Throwable cause = cause(failure);
                sent += attempts(failure);
                if (!secondPass) {
                    // silence: some cable on the route may be gone
                    prefixes.lost(probe.route(), nodeByRoute);
                }
                lost(probe, cause.getMessage());
            } else {
                sent += response.attempts();
                prefixes.answered(probe.route()); // an answer, even an error status, proves the route
                if (secondPass) {
                    answeredBy(probe.route());
                }
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

    private static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** @return how many attempts a failed send made */
    private static int attempts(Throwable failure) {
        return cause(failure) instanceof MadTimeoutException t ? t.attempts() : 1;
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

    /**
     * Finds the hops that went silent: a NodeInfo along each route prefix under which something was lost, the
     * shortest first (those of one length in flight together), none under a prefix already silent. The first silent
     * prefix of a route names its last hop: the hops before it answered just now. That hop, and its peer when the
     * link is known, is dead for the second pass; a link found there before is gone (its cable pulled).
     */
    private void locateDeadHops() throws InterruptedException {
        List<RoutePrefixes.Stat> suspects = prefixes.byLength();
        Set<Long> silent = new HashSet<>();
        int i = 0;
        while (i < suspects.size()) {
            int length = suspects.get(i).route().length;
            List<RoutePrefixes.Stat> level = new ArrayList<>();
            for (; i < suspects.size() && suspects.get(i).route().length == length; i++) {
                RoutePrefixes.Stat stat = suspects.get(i);
                if (!RoutePrefixes.under(stat.route(), silent)) {
                    level.add(stat);
                    queue.add(new Probe(Kind.LOCATE, stat.route(), RoutePrefixes.hash(stat.route(), length), 0, 0));
                }
            }
            pump();
            while (inFlight > 0 || !queue.isEmpty()) {
                wait();
            }
            for (RoutePrefixes.Stat stat : level) {
                long h = RoutePrefixes.hash(stat.route(), length);
                if (!located.getOrDefault(h, false)) {
                    silent.add(h);
                    // silent now, and since its first loss: a hop that answered after it only lost MADs
                    if (stat.before() != null && stat.unanswered()) {
                        dead(new End(stat.before(), stat.route()[length - 1]));
                    }
                }
            }
        }
    }

    /**
     * Each node whose route still crosses a dead hop (read whole before its cable was pulled, and no answer of the
     * second pass came through it) takes a route around the dead hops that its NodeInfo answers by now; a node
     * without one keeps its first route.
     */
    private void reroute() throws InterruptedException {
        Map<Long, int[]> routes = routesAvoiding(deadHops);
        Map<Long, NodeBuilder> moving = new HashMap<>();
        for (NodeBuilder node : nodes.values()) {
            int[] route = routes.get(node.guid());
            if (route != null && crossesDeadHop(node.route())) {
                long h = RoutePrefixes.hash(route, route.length);
                moving.put(h, node);
                queue.add(new Probe(Kind.LOCATE, route, h, 0, 0));
            }
        }
        pump();
        while (inFlight > 0 || !queue.isEmpty()) {
            wait();
        }
        moving.forEach((h, node) -> {
            if (locatedGuids.getOrDefault(h, 0L) == node.guid()) {
                node.route(routes.get(node.guid()));
            }
        });
    }

    /** The hop is gone: it and its peer carry no route, and a link found there is no more. */
    private void dead(End hop) {
        deadHops.add(hop);
        End peer = linked.get(hop);
        if (peer == null) {
            return;
        }
        deadHops.add(peer);
        linked.remove(hop);
        linked.remove(peer);
        links.removeIf(l -> l.nodeA() == hop.guid() && l.portA() == hop.port()
                || l.nodeB() == hop.guid() && l.portB() == hop.port());
        nodes.get(hop.guid()).unreachable(hop.port());
        nodes.get(peer.guid()).unreachable(peer.port());
    }

    /** @return a route to each node found, breadth first from the local node over the links not through a dead hop */
    private Map<Long, int[]> routesAvoiding(Set<End> dead) {
        Map<Long, List<End>> ends = new HashMap<>();
        linked.keySet().forEach(end -> ends.computeIfAbsent(end.guid(), g -> new ArrayList<>()).add(end));
        Map<Long, int[]> routes = new HashMap<>();
        routes.put(localGuid, new int[0]);
        Deque<Long> next = new ArrayDeque<>(List.of(localGuid));
        while (!next.isEmpty()) {
            long guid = next.poll();
            int[] route = routes.get(guid);
            nodeByBypass.put(RoutePrefixes.hash(route, route.length), guid);
            List<End> out = ends.get(guid);
            if (out == null) {
                continue; // no link left (the local node whose own cable was pulled)
            }
            out.sort((a, b) -> Integer.compare(a.port(), b.port()));
            for (End end : out) {
                End peer = linked.get(end);
                if (route.length < Smp.MAX_HOPS && forwards(end) && !dead.contains(end) && !dead.contains(peer)
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

    /** @return whether a directed route may leave by this end: a switch's port, or the local node's own */
    private boolean forwards(End end) {
        NodeBuilder node = nodes.get(end.guid());
        return node != null && node.isSwitch() ? end.port() > 0 : end.guid() == localGuid && end.port() == localPort;
    }

    /** @return whether the route crosses a dead hop, as far as the nodes along it are known */
    private boolean crossesDeadHop(int[] route) {
        if (deadHops.isEmpty()) {
            return false;
        }
        long h = RoutePrefixes.EMPTY;
        for (int hop : route) {
            Long node = nodeByRoute.get(h);
            if (node == null) {
                node = nodeByBypass.get(h);
            }
            if (node != null && deadHops.contains(new End(node, hop))) {
                return true;
            }
            h = RoutePrefixes.extend(h, hop);
        }
        return false;
    }

    /**
     * The probe for the second pass: by its own route when that crosses no dead hop (a burst of loss), else by a
     * route around them to the node it asks about (or leaves from, for NodeInfo).
     *
     * @return null when no route is known now: the node, or for NodeInfo the port, is out of reach so far
     */
    private Probe rerouted(Probe probe) {
        if (probe.kind() == Kind.NODE_INFO && deadHops.contains(new End(probe.guid(), probe.port()))) {
            return null;
        }
        if (!crossesDeadHop(probe.route())) {
            return probe;
        }
        int[] prefix = bypass.get(probe.guid());
        if (prefix == null) {
            return null;
        }
        int[] route = prefix;
        if (probe.kind() == Kind.NODE_INFO) {
            if (prefix.length >= Smp.MAX_HOPS) {
                return null;
            }
            route = Arrays.copyOf(prefix, prefix.length + 1);
            route[prefix.length] = probe.port();
        }
        return new Probe(probe.kind(), route, probe.guid(), probe.port(), probe.modifier());
    }

    /**
     * An answer in the second pass: each node along its route whose own route crosses a dead hop takes the part of
     * this one that leads to it, a route that has just worked.
     */
    private void answeredBy(int[] route) {
        if (deadHops.isEmpty()) {
            return;
        }
        long h = RoutePrefixes.EMPTY;
        for (int k = 0; k <= route.length; k++) {
            Long guid = nodeByBypass.get(h);
            NodeBuilder node = guid == null ? null : nodes.get(guid);
            if (node != null && crossesDeadHop(node.route())) {
                node.route(Arrays.copyOf(route, k));
            }
            if (k < route.length) {
                h = RoutePrefixes.extend(h, route[k]);
            }
        }
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
            case NODE_DESC, SWITCH_INFO, LOCATE -> {
                // the node is known; its description or EnhancedPort0 stays empty
            }
        }
    }

    private void handle(Probe probe, byte[] mad) throws MadFormatException {
        switch (probe.kind()) {
            case NODE_INFO -> {
                NodeInfo info = Smp.decodeAttribute(mad, NodeInfo.CODEC);
                tell(() -> progress.nodeInfo(probe.route(), info));
                nodeInfo(probe, info);
            }
            case NODE_DESC ->
                nodes.get(probe.guid()).description(Smp.decodeAttribute(mad, NodeDescription.CODEC).text());
            case SWITCH_INFO -> {
                SwitchInfo info = Smp.decodeAttribute(mad, SwitchInfo.CODEC);
                tell(() -> progress.switchInfo(probe.guid(), info));
                nodes.get(probe.guid()).switchInfo(info);
            }
            case PORT_INFO -> {
                PortInfo info = Smp.decodeAttribute(mad, PortInfo.CODEC);
                tell(() -> progress.portInfo(probe.guid(), probe.port(), info));
                portInfo(probe, info);
            }
            case LOCATE -> {
                // answered in answered()
            }
        }
    }

    /** Tells the progress listener an attribute: a listener's failure is not the sweep's. */
    private static void tell(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            // ignored, as in progress()
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
        if (progress instanceof SweepTrace trace) {
            trace(trace, route, node, info);
        }
        if (node != null && secondPass && crossesDeadHop(node.route())) {
            node.route(route);
        }
        if (node == null) {
            node = new NodeBuilder(info, route);
            nodes.put(guid, node);
            nodeByRoute.put(RoutePrefixes.hash(route, route.length), guid);
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

    /** ibnetdiscover -s: each NodeInfo answer, with what is known of the node and its port at that moment. */
    private static void trace(SweepTrace trace, int[] route, NodeBuilder node, NodeInfo info) {
        boolean isSwitch = info.nodeType() == NodeInfo.TYPE_SWITCH;
        int port = isSwitch ? 0 : info.localPortNum();
        DiscoveredPort known = node == null ? null : node.knownPort(port);
        try {
            trace.found(route, node == null, info, port, known == null ? 0 : known.lid(),
                    known == null ? 0 : known.lmc(), node == null ? "" : node.description());
        } catch (RuntimeException e) {
            // a listener's failure is not the sweep's
        }
    }

    private void portInfo(Probe probe, PortInfo info) {
        NodeBuilder node = nodes.get(probe.guid());
        int port = probe.port();
        node.port(port, info);
        boolean forwards = node.isSwitch() ? port > 0 : probe.route().length == 0;
        End out = new End(probe.guid(), port);
        if (forwards && info.portState() > 1 && !linked.containsKey(out) && !deadHops.contains(out)
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
