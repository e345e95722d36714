package org.infiniscope.cm.sim;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.internal.ConnectionManager;
import org.infiniscope.cm.internal.FabricResolver;
import org.infiniscope.cm.internal.HostCm;
import org.infiniscope.cm.internal.HostPort;
import org.infiniscope.cm.internal.Resolver;
import org.infiniscope.cm.internal.SaResolver;
import org.infiniscope.cm.internal.TransportWire;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.SimVerbsProvider;

/**
 * The CM of a simulated fabric's hosts: each channel adapter port gets a CM whose MADs travel as Send MADs through
 * the fabric (a MAD channel attached at the port, registered for the CM class on QP1), and the simulated verbs
 * provider's QPs are moved with what the CM exchanges. An SM must have brought the fabric up (LIDs, routes).
 */
public final class SimCm implements AutoCloseable {

    private final SimFabric fabric;
    private final SimVerbsProvider verbs;
    private final CmOptions options;
    private final FabricResolver resolver;
    private final Map<String, HostCm> hosts = new HashMap<>();
    private Random loss;
    private double lossFraction;
    private long lost;
    private long sent;
    private Duration saTimeout;

    public SimCm(SimFabric fabric, SimVerbsProvider verbs, CmOptions options) {
        this.fabric = fabric;
        this.verbs = verbs;
        this.options = options;
        this.resolver = new FabricResolver(fabric);
    }

    /**
     * @return the CM of a host (a CA node), started on first use
     * @throws CmException when the node carries no HCA
     */
    public synchronized RdmaCm host(String node) throws CmException {
        HostCm existing = hosts.get(node);
        if (existing != null) {
            return existing;
        }
        List<HostPort> ports = new ArrayList<>();
        Context ctx = null;
        TransportWire first = null;
        try {
            Device device = verbs.device(node);
            ctx = verbs.open(device);
            int count = ctx.queryDevice().physPortCnt();
            for (int p = 1; p <= count; p++) {
                MadTransport transport = MadTransports.over(fabric.openChannel(fabric.attachPoint(node, p)),
                        TransportConfig.DEFAULT);
                TransportWire wire = new TransportWire(transport, device.nodeGuid(), this::drop);
                ConnectionManager cm = new ConnectionManager(node, device.name(), p, wire, options,
                        device.nodeGuid() * 31 + p);
                wire.start(cm);
                first = first == null ? wire : first;
                ports.add(new HostPort(ctx, p, cm));
            }
        } catch (VerbsException | IOException e) {
            ports.forEach(p -> p.cm().close());
            if (ctx != null) {
                ctx.close();
            }
            throw new CmException("no CM on " + node + ": " + e.getMessage(), e);
        }
        Resolver routes = saTimeout == null || first == null
                ? resolver
                : new SaResolver(resolver, first.transport(), saTimeout);
        Context opened = ctx;
        HostCm cm = new HostCm(node, ports, routes, () -> {
            opened.close();
            synchronized (this) {
                hosts.remove(node);
            }
        });
        hosts.put(node, cm);
        return cm;
    }

    /**
     * Has the hosts started from now on resolve routes by asking the SA for a PathRecord (the SM LID their port
     * knows), rather than reading them from the fabric.
     *
     * @param timeout the time-out of each of the SA query's attempts
     */
    public synchronized void routesFromSa(Duration timeout) {
        this.saTimeout = timeout;
    }

    /**
     * Loses a fraction of the CM MADs the hosts send, drawn from a seeded generator so that a run repeats.
     *
     * @param fraction 0 (none) to 1 (all)
     */
    public synchronized void loseMads(long seed, double fraction) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("a loss rate is a fraction from 0 to 1: " + fraction);
        }
        loss = new Random(seed);
        lossFraction = fraction;
    }

    /** @return the CM MADs lost so far */
    public synchronized long lost() {
        return lost;
    }

    /** @return the CM MADs sent so far (lost ones included) */
    public synchronized long sent() {
        return sent;
    }

    private synchronized boolean drop() {
        sent++;
        if (loss != null && loss.nextDouble() < lossFraction) {
            lost++;
            return true;
        }
        return false;
    }

    @Override
    public void close() {
        List<HostCm> all;
        synchronized (this) {
            all = List.copyOf(hosts.values());
        }
        all.forEach(HostCm::close);
    }
}
