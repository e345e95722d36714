package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.mad.smp.PortInfo;

/**
 * The activation phase: every port of a link that carries data (both ends at least Init), and every switch's port 0,
 * goes to ARMED (with the NeighborMTU and OperationalVLs both ends can do), then to ACTIVE. A port already there is
 * left alone. Unlike OpenSM, which arms the whole subnet and then activates it, the steps are pipelined per link: as
 * soon as both ends of a link answered their ARMED Set (a switch's port 0 as soon as it did), the link's ends go
 * ACTIVE, while the rest of the fabric is still being armed; so all SMPs of the phase keep the transport's window
 * full, with no wait between the two steps. The LFTs were programmed before, so a link carries data only once its
 * switches forward.
 */
final class Activator {

    private final Smps smps;
    private final List<String> problems = new ArrayList<>();
    final AtomicInteger armed = new AtomicInteger(), activated = new AtomicInteger();

    Activator(Smps smps) {
        this.smps = smps;
    }

    List<String> problems() {
        return problems;
    }

    /** One port to bring up. */
    private final class End {
        final SmNode node;
        final int port;
        final PortInfo peer;
        /** The other end of the link, when it is brought up too; null: a port 0, or a peer already up. */
        End other;
        /** Set once this end is ARMED or has given up trying (under the link's lock: the lower end). */
        boolean settled;

        End(SmNode node, int port, PortInfo peer) {
            this.node = node;
            this.port = port;
            this.peer = peer;
        }

        PortInfo read() {
            synchronized (node) {
                return node.ports[port];
            }
        }

        PortInfo wanted(int target) {
            PortInfo read = read();
            return PortSettings.link(PortSettings.base(read), read, peer).portState(target).build();
        }
    }

    void activate(SweptFabric fabric) throws InterruptedException {
        List<End> ends = new ArrayList<>();
        End[][] byPort = new End[fabric.nodes.size()][];
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            byPort[i] = new End[n.ports.length];
            for (int p = 0; p < n.ports.length; p++) {
                PortInfo read = n.ports[p];
                boolean carries = n.isSwitch() && p == 0 || p > 0 && fabric.linkUp(i, p);
                if (read == null || !carries || read.portState() >= SweptFabric.ACTIVE
                        || read.portState() < SweptFabric.INIT) {
                    continue;
                }
                PortInfo peer = p == 0 ? null : fabric.nodes.get(n.peerNode[p]).ports[n.peerPort[p]];
                End e = new End(n, p, peer);
                byPort[i][p] = e;
                ends.add(e);
            }
        }
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            for (int p = 1; p < n.ports.length; p++) {
                End e = byPort[i][p];
                if (e != null && n.peerNode[p] >= 0) {
                    End o = byPort[n.peerNode[p]][n.peerPort[p]];
                    e.other = o == e ? null : o;
                }
            }
        }
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (End e : ends) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            all.add(done);
            if (e.read().portState() == SweptFabric.ARMED) {
                settled(e, done);
            } else {
                armed.incrementAndGet();
                smps.set(e.node.routeTo(e.port), PortInfo.CODEC, e.port, e.wanted(SweptFabric.ARMED))
                        .whenComplete((v, x) -> {
                            if (v != null) {
                                synchronized (e.node) {
                                    e.node.ports[e.port] = v;
                                }
                            } else {
                                problem("PortInfo Set to ARMED of port " + e.port + " of " + e.node, x);
                            }
                            settled(e, done);
                        });
            }
        }
        FabricReader.join(all);
    }

    /** The ends armed before their peer was, with their futures: the peer activates both. */
    private final java.util.Map<End, CompletableFuture<Void>> waiting = new java.util.HashMap<>();

    /**
     * This end is armed (or could not be): when its peer is too, both ends that are ARMED go ACTIVE, each completing
     * its own future.
     */
    private void settled(End e, CompletableFuture<Void> done) {
        End o = e.other;
        CompletableFuture<Void> otherDone;
        synchronized (waiting) {
            e.settled = true;
            if (o != null && !o.settled) {
                waiting.put(e, done); // the peer activates both
                return;
            }
            otherDone = o == null ? null : waiting.remove(o);
        }
        activate(e, done);
        if (o != null && otherDone != null) {
            activate(o, otherDone);
        }
    }

    private void activate(End e, CompletableFuture<Void> done) {
        if (e.read().portState() != SweptFabric.ARMED) {
            done.complete(null); // its ARMED Set failed: it stays where it is
            return;
        }
        activated.incrementAndGet();
        smps.set(e.node.routeTo(e.port), PortInfo.CODEC, e.port, e.wanted(SweptFabric.ACTIVE)).whenComplete((v, x) -> {
            if (v != null) {
                synchronized (e.node) {
                    e.node.ports[e.port] = v;
                }
            } else {
                problem("PortInfo Set to ACTIVE of port " + e.port + " of " + e.node, x);
            }
            done.complete(null);
        });
    }

    private synchronized void problem(String what, Throwable e) {
        problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
    }
}
