package org.infiniscope.sm.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;

/**
 * What a fabric looks like to an independent reader after an SM ran: a sweep from another port, and every switch's
 * LFT read back by SMP. Says which ports are not ACTIVE, which LIDs are not unique, and which host pairs the LFTs do
 * not connect.
 */
final class FabricCheck {

    final FabricSnapshot snapshot;
    final Map<Long, byte[]> lfts = new HashMap<>();
    final Map<Long, DiscoveredNode> nodes;
    final Map<Long, Map<Integer, long[]>> peers = new HashMap<>();

    private FabricCheck(FabricSnapshot snapshot) {
        this.snapshot = snapshot;
        this.nodes = snapshot.nodesByGuid();
        snapshot.ends().forEach((guid, ends) -> {
            Map<Integer, long[]> m = new HashMap<>();
            ends.forEach(e -> m.put(e.port(), new long[]{e.peer(), e.peerPort()}));
            peers.put(guid, m);
        });
    }

    /** Reads the fabric from a port of its own (not the SM's). */
    static FabricCheck read(SimFabric sim, SimFabric.AttachPoint at) throws Exception {
        try (MadTransport t = MadTransports.over(sim.openChannel(at), new TransportConfig(16, 16))) {
            FabricSnapshot s = SimSm.discovery().sweep(t, new SweepOptions(16, Duration.ofMillis(500), 3));
            FabricCheck c = new FabricCheck(s);
            Smps smps = new Smps(t, 0, Duration.ofMillis(500), 3);
            int maxLid = 0;
            for (DiscoveredNode n : s.nodes()) {
                for (DiscoveredPort p : n.ports()) {
                    maxLid = Math.max(maxLid, p.lid() + (1 << p.lmc()) - 1);
                }
            }
            int blocks = maxLid / 64 + 1;
            for (DiscoveredNode n : s.nodes()) {
                if (!n.isSwitch()) {
                    continue;
                }
                byte[] table = new byte[blocks * 64];
                List<CompletableFuture<byte[]>> reads = new ArrayList<>();
                for (int b = 0; b < blocks; b++) {
                    reads.add(smps.getRaw(Smps.route(n.route()), LinearForwardingTable.ATTRIBUTE_ID, b));
                }
                for (int b = 0; b < blocks; b++) {
                    System.arraycopy(Smps.await(reads.get(b)), 0, table, b * 64, 64);
                }
                c.lfts.put(n.nodeGuid(), table);
            }
            return c;
        }
    }

    /** @return the ports that are up but not ACTIVE */
    List<String> notActive() {
        List<String> bad = new ArrayList<>();
        for (DiscoveredNode n : snapshot.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (p.isUp() && p.state() != SweptFabric.ACTIVE) {
                    bad.add(n.description() + "[" + p.number() + "] state " + p.state());
                }
            }
        }
        return bad;
    }

    /** An endport and its LIDs. */
    record Endport(DiscoveredNode node, DiscoveredPort port) {
        int lid() {
            return port.lid();
        }

        int count() {
            return 1 << port.lmc();
        }
    }

    List<Endport> endports() {
        List<Endport> list = new ArrayList<>();
        for (DiscoveredNode n : snapshot.nodes()) {
            for (DiscoveredPort p : n.ports()) {
                if (n.isSwitch() ? p.number() == 0 : p.isUp()) {
                    list.add(new Endport(n, p));
                }
            }
        }
        return list;
    }

    /** @return endports without a LID, or whose LIDs another has, or not aligned on their LMC */
    List<String> lidProblems() {
        List<String> bad = new ArrayList<>();
        Map<Integer, String> owner = new HashMap<>();
        for (Endport e : endports()) {
            String name = e.node().description() + "[" + e.port().number() + "]";
            if (e.lid() == 0 || e.lid() % e.count() != 0) {
                bad.add(name + " LID " + e.lid() + " LMC " + e.port().lmc());
            }
            for (int l = e.lid(); l < e.lid() + e.count(); l++) {
                String other = owner.put(l, name);
                if (other != null) {
                    bad.add(name + " and " + other + " both have LID " + l);
                }
            }
        }
        return bad;
    }

    /** @return the host pairs (and LIDs) the LFTs do not lead from one to the other */
    List<String> unreachable() {
        List<Endport> hosts = endports().stream().filter(e -> !e.node().isSwitch()).toList();
        List<Endport> all = endports();
        List<String> bad = new ArrayList<>();
        for (Endport from : hosts) {
            for (Endport to : all) {
                if (from == to) {
                    continue;
                }
                for (int l = to.lid(); l < to.lid() + to.count(); l++) {
                    String why = walk(from, to, l);
                    if (why != null) {
                        bad.add(from.node().description() + " -> " + to.node().description() + " LID " + l + ": "
                                + why);
                    }
                }
            }
        }
        return bad;
    }

    /** A switch port a route leaves by. */
    record Hop(long switchGuid, int port) {
    }

    /**
     * @return the switch ports the LFTs read back send a packet out of, from a host's port to another host's port's
     *         base LID, in order; empty when they do not lead there
     */
    List<Hop> path(long fromNode, int fromPort, long toNode, int toPort) {
        Endport to = endports().stream().filter(e -> e.node().nodeGuid() == toNode && e.port().number() == toPort)
                .findFirst().orElseThrow();
        long[] at = peers.get(fromNode).get(fromPort);
        List<Hop> hops = new ArrayList<>();
        for (int hop = 0; at != null && hop < 64; hop++) {
            DiscoveredNode n = nodes.get(at[0]);
            if (!n.isSwitch()) {
                return n.nodeGuid() == toNode && at[1] == toPort ? hops : List.of();
            }
            int out = lfts.get(n.nodeGuid())[to.lid()] & 0xFF;
            if (out == 0 || out == 0xFF) {
                return List.of();
            }
            hops.add(new Hop(n.nodeGuid(), out));
            at = peers.get(n.nodeGuid()).get(out);
        }
        return List.of();
    }

    private String walk(Endport from, Endport to, int dlid) {
        long[] at = peers.get(from.node().nodeGuid()).get(from.port().number());
        if (at == null) {
            return "source not cabled";
        }
        for (int hop = 0; hop < 64; hop++) {
            DiscoveredNode n = nodes.get(at[0]);
            if (!n.isSwitch()) {
                return n.nodeGuid() == to.node().nodeGuid() && at[1] == to.port().number()
                        ? null
                        : "reached " + n.description() + "[" + at[1] + "]";
            }
            int out = lfts.get(n.nodeGuid())[dlid] & 0xFF;
            if (out == 0) {
                return n.nodeGuid() == to.node().nodeGuid() && to.node().isSwitch()
                        ? null
                        : "port 0 of " + n.description();
            }
            if (out == 0xFF) {
                return "no route at " + n.description();
            }
            long[] next = peers.get(n.nodeGuid()).get(out);
            if (next == null) {
                return "port " + out + " of " + n.description() + " is not cabled";
            }
            at = next;
        }
        return "loop";
    }
}
