package org.infiniscope.verbs.cm.internal;

import java.time.Duration;
import java.util.List;
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
import org.infiniscope.cm.RdmaCms;
import org.infiniscope.mad.Gid;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.Verbs;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.rdmacore.RdmaCoreObjects;
import org.infiniscope.verbs.spi.RcConnector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@link RcConnector} through the runtime's CMs, as perftest's rdma_cm mode: the server listens on a TCP-space
 * service port of its own, the client resolves the server's address and the route and connects; the CM creates both
 * QPs and moves them to RTS (REQ, REP, RTU). Closing the connection has the client disconnect (DREQ; the DREP
 * answers) and destroys the identifiers.
 * <p>
 * Each side's CM is the one {@link RdmaCms} selects for its device, as rdma_cm follows the device:
 * <ul>
 * <li>on the runtime's simulated fabric ({@link HostCms#fabric()}) the hosts are nodes, whose HCAs are the simulated
 * devices {@code sim_NODE}: their hosts' CMs; the listener listens on every device, the client resolves the server
 * by node name and the route from the SA's PathRecord;</li>
 * <li>on a fabric that is not simulated the hosts are RDMA devices of this machine (e.g. {@code mlx5_0}): librdmacm
 * over FFM; the listener binds to the server device's port 1 and the client resolves it by that port's GID (AF_IB,
 * no IPoIB needed);</li>
 * <li>another simulated fabric of the runtime ({@code sim:TOPOLOGY}), whose devices the runtime's verbs do not list:
 * its hosts' CMs, started by {@link HostCms#host(String, String)}.</li>
 * </ul>
 */
@Component(service = RcConnector.class)
public final class CmRcConnector implements RcConnector {

    /** The first service port a connection listens on; each connection of the runtime takes the next. */
    static final int FIRST_PORT = 18515;
    /** RDMA reads in flight each way, as perftest asks for (the simulated HCA's maximum). */
    static final int RD_ATOMIC = 16;

    /** How long each step of {@code cm connect} may take. */
    static final Duration STEP_TIMEOUT = Duration.ofSeconds(20);

    /** The device name prefix of the simulated verbs provider's HCAs ({@code sim_NODE}). */
    static final String SIM_DEVICE_PREFIX = "sim_";
    /** The simulated verbs provider's name ({@link Device#provider()}). */
    static final String SIM_PROVIDER = "sim";

    private final RdmaCms cms;
    private final HostCms hosts;
    private final Verbs verbs;
    private final AtomicInteger ports = new AtomicInteger(FIRST_PORT);

    @Activate
    public CmRcConnector(@Reference RdmaCms cms, @Reference HostCms hosts, @Reference Verbs verbs) {
        this.cms = cms;
        this.hosts = hosts;
        this.verbs = verbs;
    }

    /** @return the fabric of the runtime's simulated hosts */
    String fabric() {
        return hosts.fabric();
    }

    static boolean isSimulator(String fabric) {
        return fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@");
    }

    private static String topologyOf(String fabric) {
        int at = fabric.lastIndexOf('@');
        return at < 0 ? fabric : fabric.substring(0, at);
    }

    /** One host of a connection: its CM, and the device it binds and is addressed by (null on a simulated fabric). */
    record End(RdmaCm cm, Device device) {
    }

    /**
     * @return the CM (and, on a fabric that is not simulated, the device) of a host of the fabric
     * @throws CmException when no CM serves it, saying why
     */
    End end(String fabric, String host) throws CmException {
        if (isSimulator(fabric)) {
            if (!topologyOf(fabric).equals(topologyOf(hosts.fabric()))) {
                return new End(hosts.host(fabric, host), null);
            }
            return new End(cms.forDevice(new Device(SIM_DEVICE_PREFIX + host, 0, SIM_PROVIDER)), null);
        }
        List<Device> devices = verbs.devices();
        for (Device d : devices) {
            if (d.name().equals(host)) {
                return new End(cms.forDevice(d), d);
            }
        }
        throw new CmException("the fabric " + fabric + " is not simulated: its hosts are this machine's RDMA devices, "
                + "and there is no \"" + host + "\" ("
                + (devices.isEmpty()
                        ? "no RDMA devices" + (verbs.emptyReason().isEmpty() ? "" : ": " + verbs.emptyReason())
                        : "there are " + devices.stream().map(Device::name).toList())
                + ")");
    }

    /** @return where the client finds the server: by node name when simulated, else by its device port's GID */
    private CmAddress address(End server, String host, int port) throws CmException {
        if (server.device() == null) {
            return new CmAddress.ByNode(host, port);
        }
        try (Context c = verbs.open(server.device().name())) {
            return new CmAddress.ByGid(Gid.read(RdmaCoreObjects.gid(c, 1, 0), 0), port);
        } catch (VerbsException e) {
            throw new CmException(host + " port 1: no GID to address it by: " + e.getMessage(), e);
        }
    }

    @Override
    public Connection connect(String fabric, String client, String server, Side clientSide, Side serverSide,
            Duration timeout) throws VerbsException {
        Steps s = new Steps(timeout);
        try {
            End serverEnd = end(fabric, server);
            End clientEnd = end(fabric, client);
            RdmaCm serverCm = serverEnd.cm();
            RdmaCm clientCm = clientEnd.cm();
            s.serverChannel = serverCm.createEventChannel();
            s.clientChannel = clientCm.createEventChannel();
            int port = ports.getAndUpdate(p -> p >= 0xFFFF ? FIRST_PORT : p + 1);
            s.listener = serverCm.createId(s.serverChannel, PortSpace.TCP);
            if (serverEnd.device() == null) {
                s.listener.bind(null, 0, port);
            } else {
                s.listener.bind(serverEnd.device().name(), 1, port);
            }
            s.listener.listen(1);
            s.client = clientCm.createId(s.clientChannel, PortSpace.TCP);
            s.client.resolveAddr(address(serverEnd, server, port), timeout);
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
