package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.sm.routing.RoutingResult;

/**
 * The programming phase: the PortInfo of every endport (LIDs, master SM, prefix, keys, link parameters; a port in
 * INIT whose link is up is armed by the same Set, which saves the activation phase one Set a port), the P_Key
 * table the partition policy gives it, every switch's SwitchInfo (LinearFDBTop, LifeTime, PortStateChange cleared)
 * and the LFT blocks that differ from what the switch holds. Everything is sent at once; the transport's window
 * paces it. The partition policy's P_Key tables (written whole by {@link FabricPolicy}) go out while these Sets are
 * in flight ({@link #start}), not one round trip after the last of them.
 */
final class Programmer {

    private final Smps smps;
    private final SmSettings settings;
    private final PartitionPolicy partitions;
    /** The LFT each switch holds, by node GUID, as this SM last wrote or read it. */
    private final Map<Long, byte[]> programmed;
    private final List<String> problems = new ArrayList<>();
    int portSets, switchSets, lftBlocks, lftReads, pKeySets;

    Programmer(Smps smps, SmSettings settings, PartitionPolicy partitions, Map<Long, byte[]> programmed) {
        this.smps = smps;
        this.settings = settings;
        this.partitions = partitions;
        this.programmed = programmed;
    }

    List<String> problems() {
        return problems;
    }

    /**
     * Sends every Set of the phase (and the LFT reads a Set depends on) without waiting for their answers, so that
     * the caller may send more SMPs meanwhile (the partition policy's P_Key tables).
     *
     * @return the futures, each complete when its Set (or chain of reads and Sets) is done or failed
     */
    List<CompletableFuture<?>> start(SweptFabric fabric, GraphBuilder.Built graph, RoutingResult routes, int smLid,
            boolean reregister) {
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            for (int p = 0; p < n.ports.length; p++) {
                if (!n.isEndport(p) || n.ports[p] == null || n.lid[p] == 0) {
                    continue;
                }
                PortInfo read = n.ports[p];
                PortInfo peer = n.isSwitch() ? null : peerInfo(fabric, n, p);
                PortInfo wanted = PortSettings.endport(read, n.lid[p], n.lmc[p], smLid, settings,
                        reregister && !n.isSwitch(), peer);
                if (read.portState() == SweptFabric.INIT && (n.isSwitch() || fabric.linkUp(i, p))) {
                    // the same Set arms it: the activation phase only has to make it ACTIVE (an ARMED port
                    // forwards no data, so arming it before the LFTs are written is safe)
                    wanted = PortInfoBuilder.from(wanted).portState(SweptFabric.ARMED).build();
                }
                if (PortSettings.changes(read, wanted)) {
                    portSets++;
                    int port = p;
                    all.add(smps.set(n.routeTo(p), PortInfo.CODEC, p, wanted).whenComplete((v, e) -> {
                        if (v != null) {
                            synchronized (n) {
                                n.ports[port] = v;
                            }
                        } else {
                            problem("PortInfo Set of port " + port + " of " + n, e);
                        }
                    }));
                }
                if (!n.isSwitch() && !(partitions instanceof FabricPolicy)) { // FabricPolicy writes whole tables
                    all.add(pKeys(n, p));
                }
            }
        }
        int maxLid = graph.graph().maxLid();
        for (int s = 0; s < graph.switchNodes().length; s++) {
            SmNode n = fabric.nodes.get(graph.switchNodes()[s]);
            all.add(switchInfo(n, maxLid));
            all.add(lft(n, s, routes, maxLid));
        }
        return all;
    }

    private static PortInfo peerInfo(SweptFabric fabric, SmNode n, int p) {
        int peer = n.peerNode[p];
        return peer < 0 ? null : fabric.nodes.get(peer).ports[n.peerPort[p]];
    }

    private CompletableFuture<?> pKeys(SmNode n, int p) {
        List<Integer> wanted = partitions.pKeys(n.guid(), n.portGuid(p), p);
        List<Integer> held = n.pKeys[p];
        if (held != null && held.containsAll(wanted)) {
            return CompletableFuture.completedFuture(null);
        }
        Integer[] block = new Integer[PKeyTable.PER_BLOCK];
        Arrays.fill(block, 0);
        for (int i = 0; i < wanted.size() && i < block.length; i++) {
            block[i] = wanted.get(i);
        }
        pKeySets++;
        return smps.set(n.routeTo(p), PKeyTable.CODEC, PKeyTable.modifier(0, 0), new PKeyTable(List.of(block)))
                .whenComplete((v, e) -> {
                    if (v != null) {
                        synchronized (n) {
                            n.pKeys[p] = v.pKeys().stream().filter(k -> (k & 0x7FFF) != 0).toList();
                        }
                    } else {
                        problem("P_KeyTable Set of port " + p + " of " + n, e);
                    }
                });
    }

    private CompletableFuture<?> switchInfo(SmNode n, int maxLid) {
        SwitchInfo r = n.switchInfo;
        if (r.linearFdbTop() == maxLid && r.lifeTimeValue() == settings.lifeTime() && !r.portStateChange()) {
            return CompletableFuture.completedFuture(null);
        }
        // writing PortStateChange 1 clears it (IBA 14.2.5.4)
        SwitchInfo w = new SwitchInfo(r.linearFdbCap(), r.randomFdbCap(), r.multicastFdbCap(), maxLid, r.defaultPort(),
                r.defaultMulticastPrimaryPort(), r.defaultMulticastNotPrimaryPort(), settings.lifeTime(),
                r.portStateChange(), r.optimizedSl2VlMapping(), r.lidsPerPort(), r.partitionEnforcementCap(),
                r.inboundEnforcementCap(), r.outboundEnforcementCap(), r.filterRawInboundCap(),
                r.filterRawOutboundCap(), r.enhancedPort0(), r.multicastFdbTop());
        switchSets++;
        return smps.set(n.route, SwitchInfo.CODEC, 0, w).whenComplete((v, e) -> {
            if (v != null) {
                n.switchInfo = v;
            } else {
                problem("SwitchInfo Set of " + n, e);
            }
        });
    }

    /**
     * The LFT blocks that differ from what the switch holds: as this SM last wrote them, else as read from the switch
     * (a switch whose LinearFDBTop is 0 holds nothing yet, and is written whole without a read).
     */
    private CompletableFuture<?> lft(SmNode n, int s, RoutingResult routes, int maxLid) {
        int blocks = maxLid / LinearForwardingTable.PER_BLOCK + 1;
        if (n.switchInfo.linearFdbCap() > 0 && maxLid >= n.switchInfo.linearFdbCap()) {
            problem("LFT of " + n,
                    new Smps.SmpException("LID " + maxLid + " beyond its LinearFDBCap " + n.switchInfo.linearFdbCap()));
            return CompletableFuture.completedFuture(null);
        }
        byte[] wanted = new byte[blocks * LinearForwardingTable.PER_BLOCK];
        Arrays.fill(wanted, (byte) RoutingResult.NO_ROUTE);
        for (int lid = 0; lid <= maxLid; lid++) {
            wanted[lid] = (byte) routes.port(s, lid);
        }
        byte[] held = programmed.get(n.guid());
        CompletableFuture<byte[]> known;
        if (held != null) {
            known = CompletableFuture.completedFuture(held);
        } else if (n.switchInfo.linearFdbTop() == 0) {
            known = CompletableFuture.completedFuture(new byte[0]);
        } else {
            known = readLft(n, Math.min(blocks, n.switchInfo.linearFdbTop() / LinearForwardingTable.PER_BLOCK + 1));
        }
        return known.thenCompose(have -> {
            List<CompletableFuture<?>> sets = new ArrayList<>();
            byte[] now = Arrays.copyOf(have, Math.max(have.length, wanted.length));
            for (int b = 0; b < blocks; b++) {
                int from = b * LinearForwardingTable.PER_BLOCK;
                if (have.length >= from + LinearForwardingTable.PER_BLOCK && Arrays.equals(have, from,
                        from + LinearForwardingTable.PER_BLOCK, wanted, from, from + LinearForwardingTable.PER_BLOCK)) {
                    continue;
                }
                synchronized (this) {
                    lftBlocks++;
                }
                int block = b;
                sets.add(smps
                        .setRaw(n.route, LinearForwardingTable.ATTRIBUTE_ID, b,
                                Arrays.copyOfRange(wanted, from, from + LinearForwardingTable.PER_BLOCK))
                        .whenComplete((v, e) -> {
                            if (v != null) {
                                synchronized (now) {
                                    System.arraycopy(v, 0, now, block * LinearForwardingTable.PER_BLOCK,
                                            LinearForwardingTable.PER_BLOCK);
                                }
                            } else {
                                problem("LFT block " + block + " Set of " + n, e);
                            }
                        }));
            }
            return CompletableFuture.allOf(sets.toArray(CompletableFuture[]::new)).handle((v, e) -> {
                if (e == null) {
                    synchronized (now) {
                        programmed.put(n.guid(), Arrays.copyOf(now, wanted.length));
                    }
                } else {
                    programmed.remove(n.guid()); // read it again next time
                }
                return null;
            });
        });
    }

    private CompletableFuture<byte[]> readLft(SmNode n, int blocks) {
        byte[] table = new byte[blocks * LinearForwardingTable.PER_BLOCK];
        List<CompletableFuture<?>> reads = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            int block = b;
            synchronized (this) {
                lftReads++;
            }
            reads.add(smps.getRaw(n.route, LinearForwardingTable.ATTRIBUTE_ID, b).thenAccept(v -> {
                synchronized (table) {
                    System.arraycopy(v, 0, table, block * LinearForwardingTable.PER_BLOCK,
                            LinearForwardingTable.PER_BLOCK);
                }
            }));
        }
        // a block that could not be read is written: an unread table is taken as empty
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                .handle((v, e) -> e == null ? table : new byte[0]);
    }

    private synchronized void problem(String what, Throwable e) {
        problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
    }
}
