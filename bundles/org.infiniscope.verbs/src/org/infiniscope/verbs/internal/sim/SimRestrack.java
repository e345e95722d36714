package org.infiniscope.verbs.internal.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.resource.QpCounters;
import org.infiniscope.verbs.resource.QpResource;

/**
 * The simulator's resource tracking, as the kernel's {@code restrack} is the host's: every wire (one per
 * {@code SimVerbsProvider}) of this process is listed here while it is open, so a view sees the QPs of every user of
 * the simulated HCAs, not only its own. Changes (a QP created, destroyed or moved to another state) are told to the
 * listeners once per burst, on a thread of its own, never under a wire's lock.
 */
public final class SimRestrack {

    private static final List<SimWire> WIRES = new CopyOnWriteArrayList<>();
    private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();
    private static final AtomicBoolean PENDING = new AtomicBoolean();
    private static final ExecutorService NOTIFIER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "verbs-sim-restrack");
        t.setDaemon(true);
        return t;
    });

    private SimRestrack() {
    }

    static void add(SimWire wire) {
        WIRES.add(wire);
        changed();
    }

    static void remove(SimWire wire) {
        WIRES.remove(wire);
        changed();
    }

    /** A QP was created, destroyed or changed state: tell the listeners soon, once for a burst of changes. */
    static void changed() {
        if (LISTENERS.isEmpty() || !PENDING.compareAndSet(false, true)) {
            return;
        }
        NOTIFIER.execute(() -> {
            PENDING.set(false);
            for (Runnable l : LISTENERS) {
                try {
                    l.run();
                } catch (RuntimeException e) {
                    // a listener's failure is its own: the others are still told
                }
            }
        });
    }

    /** Adds a listener; closing the handle removes it. */
    public static AutoCloseable addListener(Runnable listener) {
        LISTENERS.add(listener);
        return () -> LISTENERS.remove(listener);
    }

    /** @return whether any simulated HCA is open in this process */
    public static boolean active() {
        return !WIRES.isEmpty();
    }

    /** @return every QP of every open wire, wire by wire, each HCA's in QPN order */
    public static List<QpResource> qps() {
        long pid = ProcessHandle.current().pid();
        List<QpResource> all = new ArrayList<>();
        for (SimWire w : WIRES) {
            synchronized (w) {
                for (SimHca h : w.hcas.values()) {
                    h.qps.values().stream().sorted((a, b) -> Integer.compare(a.qpNum(), b.qpNum()))
                            .forEach(qp -> all.add(describe(w, h, qp, pid)));
                }
            }
        }
        return List.copyOf(all);
    }

    private static QpResource describe(SimWire w, SimHca h, SimQp qp, long pid) {
        boolean connected = qp.type() != QpType.UD && qp.state != QpState.RESET && qp.state != QpState.INIT;
        int dlid = qp.attr.ahAttr() == null ? 0 : qp.attr.ahAttr().dlid();
        SimHca peer = null;
        int peerPort = 0;
        if (dlid != 0) {
            for (SimHca other : w.hcas.values()) {
                peerPort = portWithLid(w, other, dlid);
                if (peerPort != 0) {
                    peer = other;
                    break;
                }
            }
        }
        return new QpResource("sim", h.device.name(), qp.attr.portNum(), h.node.name(), h.node.nodeGuid(), qp.qpNum(),
                connected ? qp.attr.destQpNum() : -1, qp.type().name(), qp.state, qp.type() == QpType.UD ? -1 : qp.epsn,
                qp.attr.sqPsn(), qp.type() == QpType.UD ? "" : "MIGRATED", pid, "infiniscope", false, dlid,
                peer == null ? "" : peer.node.name(), peer == null ? 0 : peer.node.nodeGuid(), peerPort,
                new QpCounters(qp.messagesSent, qp.messagesReceived, qp.retries, qp.rnrRetries, qp.lastError));
    }

    /** @return the port of an HCA that answers to this LID (its LMC range), or 0 */
    private static int portWithLid(SimWire w, SimHca h, int dlid) {
        for (int p = 1; p <= h.node.portCount(); p++) {
            try {
                LocalPort lp = w.fabric.localPort(h.port(p));
                if (lp.lid() != 0 && (dlid & ~((1 << lp.lmc()) - 1)) == lp.lid()) {
                    return p;
                }
            } catch (RuntimeException e) {
                // a port without a link: not the peer
            }
        }
        return 0;
    }
}
