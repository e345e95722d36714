package org.infiniscope.ui.topology.internal.path;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/**
 * Traces the route from one port to another hop by hop, as the switches forward it: at each switch the LFT block
 * of the destination LID is read by a directed-route SMP (the route to each switch found in the graph, from the
 * transport's own port), and the entry's out port leads, over the graph's link, to the next node. Blocking: run it
 * off the UI thread.
 */
public final class PathTracer {

    private static final Duration TIMEOUT = Duration.ofMillis(500);

    /** Why a path could not be traced. */
    public static final class TraceException extends Exception {
        private static final long serialVersionUID = 1L;

        TraceException(String message) {
            super(message);
        }
    }

    /**
     * The traced route.
     *
     * @param links the links taken, in order (indices of the graph)
     * @param nodes the nodes passed, in order, source and destination included
     * @param lfts how many LFT blocks were read
     */
    public record Route(List<Integer> links, List<Integer> nodes, int lfts) {
    }

    private final MadTransport transport;
    private final TopoGraph graph;
    private int[][] drPath;

    public PathTracer(MadTransport transport, TopoGraph graph) {
        this.transport = transport;
        this.graph = graph;
    }

    /**
     * @return the route from the source port to the destination port
     * @throws TraceException when a node is unknown, has no LID, a switch has no route, or a read failed
     */
    public Route trace(long fromGuid, int fromPort, long toGuid, int toPort) throws TraceException {
        int from = graph.indexOf(fromGuid);
        int to = graph.indexOf(toGuid);
        if (from < 0 || to < 0) {
            throw new TraceException(
                    "the fabric has no node " + String.format("0x%016x", from < 0 ? fromGuid : toGuid));
        }
        int dlid = graph.lidOf(toGuid, toPort);
        if (dlid == 0) {
            throw new TraceException(graph.name(to) + " port " + toPort + " has no LID (is a subnet manager running?)");
        }
        routesFromHere();
        List<Integer> links = new ArrayList<>();
        List<Integer> nodes = new ArrayList<>(List.of(from));
        int reads = 0;
        int cur = from;
        if (!graph.isSwitch(from)) {
            int link = graph.linkOfPort(from, fromPort);
            if (link < 0) {
                throw new TraceException(graph.name(from) + " port " + fromPort + " has no link");
            }
            if (from == to) {
                return new Route(List.of(), nodes, 0);
            }
            links.add(link);
            cur = graph.other(link, from);
            nodes.add(cur);
        }
        for (int hop = 0; hop < Smp.MAX_HOPS && cur != to; hop++) {
            if (!graph.isSwitch(cur)) {
                throw new TraceException("the route reached " + graph.name(cur) + ", not the destination");
            }
            int out = lftEntry(cur, dlid);
            reads++;
            if (out == LinearForwardingTable.NO_ROUTE) {
                throw new TraceException(graph.name(cur) + " has no route to LID " + dlid);
            }
            if (out == 0) {
                throw new TraceException(graph.name(cur) + " forwards LID " + dlid + " to itself");
            }
            int link = graph.linkOfPort(cur, out);
            if (link < 0) {
                throw new TraceException(
                        graph.name(cur) + " forwards LID " + dlid + " to port " + out + ", which has no link");
            }
            links.add(link);
            cur = graph.other(link, cur);
            nodes.add(cur);
        }
        if (cur != to) {
            throw new TraceException("no route within " + Smp.MAX_HOPS + " hops");
        }
        return new Route(List.copyOf(links), List.copyOf(nodes), reads);
    }

    /** Directed routes (out ports) from the transport's port to every switch, breadth first over the graph. */
    private void routesFromHere() throws TraceException {
        if (drPath != null) {
            return;
        }
        LocalPort local;
        try {
            local = transport.localPort();
        } catch (IOException e) {
            throw new TraceException("the local port cannot be read: " + e.getMessage());
        }
        int start = graph.indexOfPort(local.portGuid());
        if (start < 0) {
            throw new TraceException(
                    "this port (GUID " + String.format("0x%016x", local.portGuid()) + ") is not in the fabric shown");
        }
        int n = graph.nodeCount();
        drPath = new int[n][];
        drPath[start] = new int[0];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        // from a CA the first hop leaves by the local port; from a switch, by any port
        if (graph.isSwitch(start)) {
            queue.add(start);
        } else {
            int link = graph.linkOfPort(start, local.portNumber());
            if (link < 0) {
                throw new TraceException("the local port has no link");
            }
            int next = graph.other(link, start);
            drPath[next] = new int[]{local.portNumber()};
            queue.add(next);
        }
        while (!queue.isEmpty()) {
            int u = queue.poll();
            if (!graph.isSwitch(u)) {
                continue;
            }
            for (int k = 0; k < graph.degree(u); k++) {
                int link = graph.linkAt(u, k);
                if (graph.linkState(link) == TopoGraph.DOWN) {
                    continue;
                }
                int v = graph.other(link, u);
                if (drPath[v] == null && drPath[u].length < Smp.MAX_HOPS) {
                    drPath[v] = Arrays.copyOf(drPath[u], drPath[u].length + 1);
                    drPath[v][drPath[u].length] = graph.portAt(link, u);
                    queue.add(v);
                }
            }
        }
    }

    private int lftEntry(int sw, int lid) throws TraceException {
        int[] path = drPath[sw];
        if (path == null) {
            throw new TraceException(graph.name(sw) + " cannot be reached from this port");
        }
        int block = LinearForwardingTable.blockOf(lid);
        byte[] mad = Smp.directedRoute(Method.GET, 0, LinearForwardingTable.ATTRIBUTE_ID, block, 0, path, new byte[0])
                .encode();
        MadRequest request = new MadRequest(mad, MadAddress.directedRoute(), TIMEOUT, MadRequest.DEFAULT_RETRIES);
        MadResponse response;
        try {
            response = transport.send(request).get(TIMEOUT.toMillis() * (MadRequest.DEFAULT_RETRIES + 1) + 5000,
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new TraceException("no answer from " + graph.name(sw) + " to its LFT block " + block);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceException("interrupted");
        }
        try {
            Smp answer = Smp.decode(response.mad());
            int status = answer.status() & ~MadStatus.DIRECTION;
            if (status != 0) {
                throw new TraceException(graph.name(sw) + " answered its LFT block " + block + " with status 0x"
                        + Integer.toHexString(answer.status()));
            }
            LinearForwardingTable table = answer.attribute(LinearForwardingTable.CODEC);
            return table.ports().get(lid - LinearForwardingTable.firstLid(block));
        } catch (MadFormatException e) {
            throw new TraceException("malformed LFT from " + graph.name(sw) + ": " + e.getMessage());
        }
    }
}
