package org.infiniscope.verbs.internal.sim;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.sim.HcaResources;

/**
 * The simulated HCAs of one fabric and the engine that runs their queue pairs: one thread processes every send
 * queue and retry timer, and every verb takes the wire's lock, so the HCAs change one step at a time. Messages
 * travel through {@link SimFabric#carryPacket}: they follow the LFTs and move the port counters.
 */
public final class SimWire implements AutoCloseable {

    final SimFabric fabric;
    final Map<String, SimHca> hcas = new LinkedHashMap<>();
    private final ScheduledExecutorService engine;

    public SimWire(SimFabric fabric) {
        this.fabric = fabric;
        this.engine = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "verbs-sim-engine");
            t.setDaemon(true);
            return t;
        });
        for (Node n : fabric.topology().nodes()) {
            if (n.type() == NodeType.CA) {
                hcas.put(n.name(), new SimHca(this, n, "sim_" + n.name()));
            }
        }
        SimRestrack.add(this);
    }

    /** Runs {@code task} on the engine thread, under the lock. */
    void later(Runnable task) {
        engine.execute(() -> {
            synchronized (this) {
                task.run();
            }
        });
    }

    /** Runs {@code task} on the engine thread after {@code nanos}, under the lock. */
    ScheduledFuture<?> after(long nanos, Runnable task) {
        return engine.schedule(() -> {
            synchronized (this) {
                task.run();
            }
        }, nanos, TimeUnit.NANOSECONDS);
    }

    /** @return the HCA on a node, or null */
    SimHca hca(String node) {
        return hcas.get(node);
    }

    /** @return the devices present, in topology order */
    public synchronized List<Device> devices() {
        return hcas.values().stream().filter(h -> h.present).map(h -> h.device).toList();
    }

    /** @return a new context on the device named */
    public synchronized Context open(String name) throws VerbsException {
        for (SimHca h : hcas.values()) {
            if (h.device.name().equals(name) && h.present) {
                return new SimContext(h);
            }
        }
        throw new VerbsException(Errno.ENODEV, "no simulated RDMA device named \"" + name + "\"");
    }

    /** @return the device whose presence changed, or null when it did not */
    public synchronized Device setPresent(String node, boolean present) {
        SimHca h = hcas.get(node);
        if (h == null || h.present == present) {
            return null;
        }
        h.present = present;
        if (!present) {
            for (SimContext c : List.copyOf(h.contexts)) {
                c.fatal = true;
                c.event(AsyncEventType.DEVICE_FATAL, null, null, null, 0);
            }
        }
        return h.device;
    }

    /** @return what a node's HCA holds now */
    public synchronized HcaResources resources(String node) {
        SimHca h = hcas.get(node);
        if (h == null) {
            throw new IllegalArgumentException("no HCA on node \"" + node + "\"");
        }
        return new HcaResources(h.contexts.size(), h.uars, h.pds, h.mrs.size(), h.pinnedPages, h.cqs, h.qps.size(),
                h.srqs, h.ahs);
    }

    @Override
    public void close() {
        SimRestrack.remove(this);
        engine.shutdownNow();
    }
}
