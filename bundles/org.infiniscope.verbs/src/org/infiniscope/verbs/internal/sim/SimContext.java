package org.infiniscope.verbs.internal.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.verbs.AsyncEvent;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceAttr;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.PortAttr;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** A context open on a simulated HCA: it owns what is created through it and its doorbell pages. */
final class SimContext implements Context {

    final SimHca hca;
    final SimWire wire;
    final List<SimPd> pds = new ArrayList<>();
    final List<SimCq> cqs = new ArrayList<>();
    final List<SimChannel> channels = new ArrayList<>();
    private final LinkedBlockingQueue<AsyncEvent> events = new LinkedBlockingQueue<>();
    volatile boolean closed;
    volatile boolean fatal;

    SimContext(SimHca hca) {
        this.hca = hca;
        this.wire = hca.wire;
        hca.contexts.add(this);
        hca.uars += SimHca.UARS_PER_CONTEXT;
    }

    void check() throws VerbsException {
        if (closed) {
            throw new VerbsException(Errno.EINVAL, "the context is closed");
        }
        if (fatal || !hca.present) {
            throw new VerbsException(Errno.EIO, "device " + hca.device.name() + " was removed");
        }
    }

    void event(AsyncEventType type, SimQp qp, SimCq cq, SimSrq srq, int port) {
        if (!closed) {
            events.add(new AsyncEvent(type, qp, cq, srq, port));
            SimRestrack.changed(); // a view of the QPs looks again: an async event often comes with a new state
        }
    }

    @Override
    public Device device() {
        return hca.device;
    }

    @Override
    public DeviceAttr queryDevice() throws VerbsException {
        synchronized (wire) {
            check();
            return hca.attr();
        }
    }

    @Override
    public PortAttr queryPort(int port) throws VerbsException {
        synchronized (wire) {
            check();
            checkPort(port);
            var at = hca.port(port);
            var local = wire.fabric.localPort(at);
            return new PortAttr(wire.fabric.portState(at), Mtu.MTU_4096, Mtu.MTU_4096, local.lid(), local.smLid(),
                    local.lmc(), 128, 1, hca.node.portGuid(port));
        }
    }

    void checkPort(int port) throws VerbsException {
        if (port < 1 || port > hca.node.portCount()) {
            throw new VerbsException(Errno.EINVAL,
                    "port " + port + " is not a port of " + hca.device.name() + " (1.." + hca.node.portCount() + ")");
        }
    }

    @Override
    public int numCompVectors() {
        return SimHca.COMP_VECTORS;
    }

    @Override
    public ProtectionDomain allocPd() throws VerbsException {
        synchronized (wire) {
            check();
            SimPd pd = new SimPd(this);
            pds.add(pd);
            hca.pds++;
            return pd;
        }
    }

    @Override
    public CompletionChannel createCompChannel() throws VerbsException {
        synchronized (wire) {
            check();
            SimChannel c = new SimChannel(this);
            channels.add(c);
            return c;
        }
    }

    @Override
    public CompletionQueue createCq(int cqe, CompletionChannel channel, int compVector) throws VerbsException {
        synchronized (wire) {
            check();
            if (cqe < 1 || cqe > hca.attr().maxCqe()) {
                throw new VerbsException(Errno.EINVAL, "a CQ holds 1.." + hca.attr().maxCqe() + " entries: " + cqe);
            }
            if (compVector < 0 || compVector >= SimHca.COMP_VECTORS) {
                throw new VerbsException(Errno.EINVAL,
                        "completion vector " + compVector + " (the device has 0.." + (SimHca.COMP_VECTORS - 1) + ")");
            }
            SimChannel ch = null;
            if (channel != null) {
                if (!(channel instanceof SimChannel c) || c.context != this || c.closed) {
                    throw new VerbsException(Errno.EINVAL, "the completion channel is not one of this context");
                }
                ch = c;
            }
            SimCq cq = new SimCq(this, cqe, ch, compVector);
            cqs.add(cq);
            hca.cqs++;
            return cq;
        }
    }

    @Override
    public Optional<AsyncEvent> getAsyncEvent(Duration timeout) throws InterruptedException {
        return Optional.ofNullable(events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS));
    }

    @Override
    public void ackAsyncEvent(AsyncEvent event) {
        // events hold no references that need releasing here
    }

    @Override
    public void close() {
        synchronized (wire) {
            if (closed) {
                return;
            }
            for (SimPd pd : List.copyOf(pds)) {
                pd.destroyAll();
            }
            for (SimCq cq : List.copyOf(cqs)) {
                cq.destroy();
            }
            for (SimChannel ch : List.copyOf(channels)) {
                ch.destroy();
            }
            closed = true;
            hca.contexts.remove(this);
            hca.uars -= SimHca.UARS_PER_CONTEXT;
        }
    }
}
