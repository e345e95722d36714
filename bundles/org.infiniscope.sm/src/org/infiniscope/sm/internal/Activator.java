package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.PortInfo;

/**
 * The activation phase, as OpenSM does it: every port of a link that carries data (both ends at least Init), and
 * every switch's port 0, goes to ARMED (with the NeighborMTU and OperationalVLs both ends can do), then all of them
 * to ACTIVE. A port already there is left alone.
 */
final class Activator {

    private final Smps smps;
    private final List<String> problems = new ArrayList<>();
    int armed, activated;

    Activator(Smps smps) {
        this.smps = smps;
    }

    List<String> problems() {
        return problems;
    }

    void activate(SweptFabric fabric) throws InterruptedException {
        step(fabric, SweptFabric.ARMED);
        step(fabric, SweptFabric.ACTIVE);
    }

    private void step(SweptFabric fabric, int target) throws InterruptedException {
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            for (int p = 0; p < n.ports.length; p++) {
                PortInfo read = n.ports[p];
                boolean carries = n.isSwitch() && p == 0 || p > 0 && fabric.linkUp(i, p);
                if (read == null || !carries || read.portState() >= target || read.portState() < target - 1) {
                    continue;
                }
                PortInfo peer = p == 0 ? null : fabric.nodes.get(n.peerNode[p]).ports[n.peerPort[p]];
                PortInfo wanted = PortSettings.link(PortSettings.base(read), read, peer).portState(target).build();
                if (target == SweptFabric.ARMED) {
                    armed++;
                } else {
                    activated++;
                }
                int port = p;
                all.add(smps.set(n.routeTo(p), PortInfo.CODEC, p, wanted).whenComplete((v, e) -> {
                    if (v != null) {
                        synchronized (n) {
                            n.ports[port] = v;
                        }
                    } else {
                        problem("PortInfo Set to " + (target == SweptFabric.ARMED ? "ARMED" : "ACTIVE") + " of port "
                                + port + " of " + n, e);
                    }
                }));
            }
        }
        FabricReader.join(all);
    }

    private synchronized void problem(String what, Throwable e) {
        problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
    }
}
