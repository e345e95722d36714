package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.sm.subnet.KnownSm;

/**
 * Gets what the SM needs beyond the snapshot: every node's NodeInfo, every switch's SwitchInfo, the whole PortInfo of
 * every port that is up (and of switch port 0) — taken from what the discovery sweep read ({@link SweepRecord}), read
 * only where the sweep has none — the P_Key tables of the CA ports, and the SMInfo of every other port that runs an
 * SM. All SMPs go out at once; the transport's window paces them.
 */
final class FabricReader {

    private final Smps smps;
    private final SweepRecord record;
    private final List<String> problems = new ArrayList<>();
    /** SMPs this reader did not send because the sweep had read the attribute already. */
    int reused;

    /** @param record what the discovery sweep read already (only what is missing there is read) */
    FabricReader(Smps smps, SweepRecord record) {
        this.smps = smps;
        this.record = record;
    }

    /** @return what could not be read (those ports are left out of the subnet) */
    List<String> problems() {
        return problems;
    }

    /** @return the other SMs found (their SMInfo as they answered it) */
    List<KnownSm> read(SweptFabric fabric) throws InterruptedException {
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (SmNode n : fabric.nodes) {
            NodeInfo knownInfo = record.nodeInfo(n.guid(), n.route);
            if (knownInfo != null) {
                n.info = knownInfo;
                reused++;
            } else {
                all.add(smps.get(n.route, NodeInfo.CODEC, 0).whenComplete((v, e) -> {
                    if (v != null) {
                        n.info = v;
                    } else {
                        problem("NodeInfo of " + n, e);
                    }
                }));
            }
            SwitchInfo knownSwitch = n.isSwitch() ? record.switchInfo(n.guid()) : null;
            if (knownSwitch != null) {
                n.switchInfo = knownSwitch;
                reused++;
            } else if (n.isSwitch()) {
                all.add(smps.get(n.route, SwitchInfo.CODEC, 0).whenComplete((v, e) -> {
                    if (v != null) {
                        n.switchInfo = v;
                    } else {
                        problem("SwitchInfo of " + n, e);
                    }
                }));
            }
            for (DiscoveredPort d : n.discovered.ports()) {
                int p = d.number();
                boolean wanted = n.isSwitch() ? p == 0 || d.isUp() : d.isUp();
                if (!wanted || !d.reachable() || p >= n.ports.length) {
                    continue;
                }
                PortInfo knownPort = record.portInfo(n.guid(), p);
                if (knownPort != null) {
                    n.ports[p] = knownPort;
                    reused++;
                } else {
                    all.add(smps.get(n.routeTo(p), PortInfo.CODEC, p).whenComplete((v, e) -> {
                        if (v != null) {
                            synchronized (n) {
                                n.ports[p] = v;
                            }
                        } else {
                            problem("PortInfo of port " + p + " of " + n, e);
                        }
                    }));
                }
                if (!n.isSwitch()) {
                    all.add(smps.get(n.routeTo(p), PKeyTable.CODEC, PKeyTable.modifier(0, 0)).whenComplete((v, e) -> {
                        if (v != null) {
                            synchronized (n) {
                                n.pKeys[p] = v.pKeys().stream().filter(k -> (k & 0x7FFF) != 0).toList();
                                n.pKeyBlock0[p] = v.pKeys().stream().mapToInt(Integer::intValue).toArray();
                            }
                        }
                    }));
                }
            }
        }
        join(all);
        // the master the ports name (MasterSMLID): an SM whose port does not show IsSM (OpenSM on ibsim) is found too
        java.util.Set<Integer> masterLids = new java.util.HashSet<>();
        for (SmNode n : fabric.nodes) {
            for (int p = 0; p < n.ports.length; p++) {
                if (n.ports[p] != null && n.isEndport(p) && n.ports[p].masterSmLid() != 0) {
                    masterLids.add(n.ports[p].masterSmLid());
                }
            }
        }
        List<CompletableFuture<KnownSm>> sms = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            for (int p = 0; p < n.ports.length; p++) {
                PortInfo pi = n.ports[p];
                boolean self = i == fabric.localNode && p == fabric.localPort;
                boolean sm = pi != null && ((pi.capabilityMask() & PortInfo.CAP_IS_SM) != 0
                        || pi.lid() != 0 && masterLids.contains(pi.lid()));
                if (pi == null || self || !n.isEndport(p) || !sm) {
                    continue;
                }
                long guid = n.portGuid(p);
                int lid = pi.lid();
                // a port without an SM (a stale MasterSMLID) may not answer SMInfo: that is no error of the sweep
                sms.add(smps.probe(n.routeTo(p), SmInfo.CODEC, 0).handle((v, e) -> {
                    return v == null ? null : new KnownSm(guid, lid, v);
                }));
            }
        }
        join(new ArrayList<>(sms));
        List<KnownSm> found = new ArrayList<>();
        for (CompletableFuture<KnownSm> f : sms) {
            KnownSm k = f.getNow(null);
            if (k != null) {
                found.add(k);
            }
        }
        return found;
    }

    private synchronized void problem(String what, Throwable e) {
        problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
    }

    static void join(List<CompletableFuture<?>> all) throws InterruptedException {
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).handle((v, e) -> null).get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e); // handle() swallowed every failure
        }
    }
}
