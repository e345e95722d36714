package org.infiniscope.verbs.cm.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.HostCms;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.spi.RcConnector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@link RcConnector} through the runtime's CMs ({@link HostCms}), as perftest's rdma_cm mode: the server listens on
 * a TCP-space service port of its own, the client resolves the server's address (by node name) and the route (the
 * SA's PathRecord) and connects; the CM creates both QPs and moves them to RTS (REQ, REP, RTU). Closing the
 * connection has the client disconnect (DREQ; the DREP answers) and destroys the identifiers.
 */
@Component(service = RcConnector.class)
public final class CmRcConnector implements RcConnector {

    /** The first service port a connection listens on; each connection of the runtime takes the next. */
    static final int FIRST_PORT = 18515;
    /** RDMA reads in flight each way, as perftest asks for (the simulated HCA's maximum). */
    static final int RD_ATOMIC = 16;

    /** How long each step of {@code cm connect} may take. */
    static final Duration STEP_TIMEOUT = Duration.ofSeconds(20);

    private final HostCms cms;
    private final AtomicInteger ports = new AtomicInteger(FIRST_PORT);

    @Activate
    public CmRcConnector(@Reference HostCms cms) {
        this.cms = cms;
    }

    /** @return the fabric of the runtime's CMs */
    String fabric() {
        return cms.fabric();
    }

    @Override
    public Connection connect(String fabric, String client, String server, Side clientSide, Side serverSide,
            Duration timeout) throws VerbsException {
        Steps s = new Steps(timeout);
        try {
            RdmaCm serverCm = cms.host(fabric, server);
            RdmaCm clientCm = cms.host(fabric, client);
            s.serverChannel = serverCm.createEventChannel();
            s.clientChannel = clientCm.createEventChannel();
            int port = ports.getAndUpdate(p -> p >= 0xFFFF ? FIRST_PORT : p + 1);
            s.listener = serverCm.createId(s.serverChannel, PortSpace.TCP);
            s.listener.bind(null, 0, port);
            s.listener.listen(1);
            s.client = clientCm.createId(s.clientChannel, PortSpace.TCP);
            s.client.resolveAddr(new CmAddress.ByNode(server, port), timeout);
            s.expect(s.clientChannel, CmEventType.ADDR_RESOLVED, client);
            s.client.resolveRoute(timeout);
            s.expect(s.clientChannel, CmEventType.ROUTE_RESOLVED, client);
            CmId active = s.client;
            clientSide.make(active.context().orElseThrow(), (pd, attr) -> create(active, pd, attr));
            ConnParam param = new ConnParam(new byte[0], RD_ATOMIC, RD_ATOMIC, 7, 7);
            s.client.connect(param);
            CmEvent request = s.expect(s.serverChannel, CmEventType.CONNECT_REQUEST, server);
            s.server = request.id();
            CmId passive = s.server;
            serverSide.make(passive.context().orElseThrow(), (pd, attr) -> create(passive, pd, attr));
            s.server.accept(param);
            s.expect(s.clientChannel, CmEventType.ESTABLISHED, client);
            s.expect(s.serverChannel, CmEventType.ESTABLISHED, server);
            CmRoute r = s.client.route().orElseThrow();
            s.summary = String.format(Locale.ROOT,
                    "%s -> %s service ID %#x: path record from the SA (LID %d -> %d, MTU %d, SL %d), REQ/REP/RTU",
                    client, server, s.client.serviceId(), r.slid(), r.dlid(), Mtu.bytes(r.mtu()), r.sl());
            s.listener.close();
            s.listener = null;
            Steps done = s;
            s = null;
            return done;
        } catch (CmException e) {
            throw new VerbsException(Errno.EIO,
                    "the CM could not connect " + client + " to " + server + ": " + e.getMessage());
        } finally {
            if (s != null) {
                s.release();
            }
        }
    }

    private static QueuePair create(CmId id, org.infiniscope.verbs.ProtectionDomain pd,
            org.infiniscope.verbs.QpInitAttr attr) throws VerbsException {
        try {
            return id.createQp(pd, attr);
        } catch (CmException e) {
            throw new VerbsException(Errno.EINVAL, "the CM could not create the QP: " + e.getMessage());
        }
    }

    /** The identifiers and channels of one connection. */
    private static final class Steps implements Connection {
        final Duration timeout;
        CmEventChannel serverChannel;
        CmEventChannel clientChannel;
        CmId listener;
        CmId client;
        CmId server;
        String summary = "";
        private boolean closed;

        Steps(Duration timeout) {
            this.timeout = timeout;
        }

        CmEvent expect(CmEventChannel channel, CmEventType type, String node) throws CmException, VerbsException {
            Optional<CmEvent> e;
            try {
                e = channel.get(timeout);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new CmException("interrupted waiting for " + type);
            }
            if (e.isEmpty()) {
                throw new VerbsException(Errno.ETIMEDOUT,
                        node + ": no " + type + " within " + timeout.toMillis() + " ms");
            }
            channel.ack(e.get());
            if (e.get().type() != type) {
                throw new CmException(node + ": " + e.get() + " where " + type + " was expected");
            }
            return e.get();
        }

        @Override
        public String describe() {
            return summary;
        }

        @Override
        public synchronized void close() throws VerbsException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                client.disconnect();
                expect(clientChannel, CmEventType.DISCONNECTED, "client");
                expect(serverChannel, CmEventType.DISCONNECTED, "server");
            } catch (CmException e) {
                throw new VerbsException(Errno.EIO, "the CM could not disconnect: " + e.getMessage());
            } finally {
                release();
            }
        }

        void release() {
            for (CmId id : new CmId[]{client, server, listener}) {
                if (id != null) {
                    id.close();
                }
            }
            for (CmEventChannel c : new CmEventChannel[]{clientChannel, serverChannel}) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }
}
