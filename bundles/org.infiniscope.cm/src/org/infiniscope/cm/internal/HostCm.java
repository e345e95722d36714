package org.infiniscope.cm.internal;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.verbs.PortAttr;
import org.infiniscope.verbs.VerbsException;

/**
 * The connection manager of one host: a CM per device port, the resolver of its fabric, and the identifiers made
 * on it.
 */
public final class HostCm implements RdmaCm {

    private final String host;
    private final List<HostPort> ports;
    private final Resolver resolver;
    private final ExecutorService resolving;
    private final Set<CmIdImpl> ids = ConcurrentHashMap.newKeySet();
    private final Runnable onClose;

    /**
     * @param ports its device ports, each with its CM started
     * @param onClose run after it closed (closes what the ports' contexts belong to)
     */
    public HostCm(String host, List<HostPort> ports, Resolver resolver, Runnable onClose) {
        this.host = host;
        this.ports = List.copyOf(ports);
        this.resolver = resolver;
        this.onClose = onClose;
        this.resolving = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "cm resolve " + host);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public CmEventChannel createEventChannel() {
        return new EventChannel();
    }

    @Override
    public CmId createId(CmEventChannel channel, PortSpace space) throws CmException {
        if (!(channel instanceof EventChannel ch)) {
            throw new CmException("the event channel was not made by this CM");
        }
        CmIdImpl id = new CmIdImpl(this, ch, space);
        ids.add(id);
        return id;
    }

    List<HostPort> ports() {
        return ports;
    }

    Resolver resolver() {
        return resolver;
    }

    void async(Runnable work) throws CmException {
        try {
            resolving.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new CmException("the CM of " + host + " is closed");
        }
    }

    void adopt(CmIdImpl id) {
        ids.add(id);
    }

    void forget(CmIdImpl id) {
        ids.remove(id);
    }

    HostPort port(String device, int port) throws CmException {
        for (HostPort p : ports) {
            if (p.context().device().name().equals(device) && p.port() == port) {
                return p;
            }
        }
        throw new CmException("host " + host + " has no device port " + device + ":" + port);
    }

    /** @return the first device port that is Active */
    HostPort firstActivePort() throws CmException {
        for (HostPort p : ports) {
            try {
                PortAttr a = p.context().queryPort(p.port());
                if (a.state() == PortAttr.ACTIVE && p.cm().wire.lid() != 0) {
                    return p;
                }
            } catch (VerbsException | IOException e) {
                // a device that went away: try the next
            }
        }
        throw new CmException("host " + host + " has no active port");
    }

    @Override
    public void close() {
        for (CmIdImpl id : List.copyOf(ids)) {
            id.close();
        }
        resolving.shutdownNow();
        for (HostPort p : ports) {
            p.cm().close();
        }
        onClose.run();
    }
}
