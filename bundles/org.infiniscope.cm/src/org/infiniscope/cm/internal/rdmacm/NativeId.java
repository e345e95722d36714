package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.mad.Gid;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.rdmacore.RdmaCoreObjects;
import org.infiniscope.verbs.rdmacore.ffm.NativeLibrary;

/**
 * {@code struct rdma_cm_id} of librdmacm. Its device context and a QP made by {@link #createQp} are objects of the
 * rdma-core verbs provider: the PD and CQs given to it must be too. The kernel CM checks states and sends the MADs;
 * results come as events on the channel.
 */
final class NativeId implements CmId {

    private final NativeChannel channel;
    private final MemorySegment id;
    private final PortSpace space;
    private QueuePair qp;
    /** Whether {@link #qp} was created through librdmacm ({@code rdma_destroy_qp} destroys it). */
    private boolean cmQp;
    private boolean closed;

    NativeId(NativeChannel channel, MemorySegment id, PortSpace space) {
        this.channel = channel;
        this.id = id.reinterpret(CmaStructs.CM_ID.byteSize());
        this.space = space;
    }

    long address() {
        return id.address();
    }

    private NativeLibrary lib() {
        return channel.cm.lib;
    }

    private synchronized void check() throws CmException {
        if (closed) {
            throw new CmException("the CM identifier is destroyed");
        }
    }

    /** Runs a call that returns 0 or -1 with errno. */
    private void call(String what, String function, Object... args) throws CmException {
        check();
        Object[] full = new Object[args.length + 1];
        full[0] = id;
        System.arraycopy(args, 0, full, 1, args.length);
        NativeLibrary.Result r = lib().call(function, full);
        if (r.intValue() != 0) {
            throw NativeRdmaCm.failure(what, r.errno());
        }
    }

    @Override
    public PortSpace portSpace() {
        return space;
    }

    @Override
    public Optional<Context> context() {
        MemorySegment verbs = id.get(ADDRESS, CmaStructs.ID_VERBS);
        if (verbs.equals(MemorySegment.NULL)) {
            return Optional.empty();
        }
        try {
            return Optional.of(RdmaCoreObjects.adoptContext(verbs));
        } catch (VerbsException e) {
            return Optional.empty();
        }
    }

    @Override
    public int port() {
        return id.get(JAVA_BYTE, CmaStructs.ID_PORT_NUM) & 0xFF;
    }

    @Override
    public synchronized Optional<QueuePair> qp() {
        return Optional.ofNullable(qp);
    }

    @Override
    public Optional<CmRoute> route() {
        if (id.get(JAVA_INT, CmaStructs.ID_NUM_PATHS) <= 0) {
            return Optional.empty();
        }
        MemorySegment p = id.get(ADDRESS, CmaStructs.ID_PATH_REC).reinterpret(CmaStructs.PATH_REC.byteSize());
        return Optional.of(route(p));
    }

    /** Reads the fields of an {@code ibv_sa_path_rec} a connection uses. */
    static CmRoute route(MemorySegment p) {
        return new CmRoute(p.get(CmaStructs.BE16, CmaStructs.PR_SLID) & 0xFFFF,
                p.get(CmaStructs.BE16, CmaStructs.PR_DLID) & 0xFFFF, gid(p, CmaStructs.PR_SGID),
                gid(p, CmaStructs.PR_DGID), p.get(JAVA_BYTE, CmaStructs.PR_MTU), p.get(JAVA_BYTE, CmaStructs.PR_SL),
                p.get(JAVA_BYTE, CmaStructs.PR_RATE), p.get(JAVA_BYTE, CmaStructs.PR_PACKET_LIFE_TIME),
                p.get(CmaStructs.BE16, CmaStructs.PR_PKEY) & 0xFFFF);
    }

    private static Gid gid(MemorySegment s, long at) {
        return new Gid(s.get(CmaStructs.BE64, at), s.get(CmaStructs.BE64, at + 8));
    }

    @Override
    public long serviceId() {
        long dst = Sockaddrs.serviceId(id.asSlice(CmaStructs.ID_DST, CmaStructs.SOCKADDR_STORAGE.byteSize()), space);
        return dst != 0
                ? dst
                : Sockaddrs.serviceId(id.asSlice(CmaStructs.ID_SRC, CmaStructs.SOCKADDR_STORAGE.byteSize()), space);
    }

    /**
     * {@inheritDoc} A device is bound by its port's GID (AF_IB); no device binds the wildcard IPv6 address, which
     * takes IPv4 requests as well.
     */
    @Override
    public void bind(String device, int port, int servicePort) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment addr;
            if (device == null) {
                addr = Sockaddrs.ip(arena, InetAddress.getByAddress(new byte[16]), servicePort);
            } else {
                byte[] gid = portGid(device, port);
                MemorySegment g = MemorySegment.ofArray(gid);
                addr = Sockaddrs.ib(arena, g.get(CmaStructs.BE64.withByteAlignment(1), 0),
                        g.get(CmaStructs.BE64.withByteAlignment(1), 8), space, servicePort);
            }
            call("rdma_bind_addr " + (device == null ? "*" : device + " port " + port) + " service port " + servicePort,
                    "rdma_bind_addr", addr);
        } catch (UnknownHostException e) {
            throw new CmException("no wildcard address: " + e.getMessage(), e);
        }
    }

    /** @return GID 0 of a port of a device librdmacm opened */
    private byte[] portGid(String device, int port) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            NativeLibrary.Result r = lib().call("rdma_get_devices", num);
            if (r.nullPointer()) {
                throw NativeRdmaCm.failure("rdma_get_devices", r.errno());
            }
            try {
                int n = num.get(JAVA_INT, 0);
                MemorySegment list = r.pointer().reinterpret((n + 1L) * ADDRESS.byteSize());
                for (int i = 0; i < n; i++) {
                    Context c = RdmaCoreObjects.adoptContext(list.getAtIndex(ADDRESS, i));
                    if (c.device().name().equals(device)) {
                        return RdmaCoreObjects.gid(c, port, 0);
                    }
                }
                throw new CmException("no RDMA device \"" + device + "\" (librdmacm sees " + n + ")");
            } catch (VerbsException e) {
                throw new CmException(device + " port " + port + ": " + e.getMessage(), e);
            } finally {
                lib().plain("rdma_free_devices", r.pointer());
            }
        }
    }

    @Override
    public void resolveAddr(CmAddress destination, Duration timeout) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = switch (destination) {
                case CmAddress.ByGid a -> Sockaddrs.ib(arena, a.gid(), space, a.servicePort());
                case CmAddress.ByIp a -> Sockaddrs.ip(arena, a.address(), a.servicePort());
                case CmAddress.ByNode a -> Sockaddrs.ip(arena, lookUp(a.node()), a.servicePort());
                case CmAddress.ByLid a -> throw new CmException("librdmacm addresses a port by GID or IP address, "
                        + "not by LID " + a.lid() + ": give its GID (the SA's PathRecord or NodeRecord names it)");
            };
            call("rdma_resolve_addr " + destination, "rdma_resolve_addr", MemorySegment.NULL, dst, millis(timeout));
        }
    }

    private static InetAddress lookUp(String node) throws CmException {
        try {
            return InetAddress.getByName(node);
        } catch (UnknownHostException e) {
            throw new CmException("node \"" + node + "\" has no IP address here: librdmacm resolves a name through "
                    + "IP (IPoIB); address the port by GID instead", e);
        }
    }

    private static int millis(Duration timeout) {
        return (int) Math.clamp(timeout.toMillis(), 1, Integer.MAX_VALUE);
    }

    @Override
    public void resolveRoute(Duration timeout) throws CmException {
        call("rdma_resolve_route", "rdma_resolve_route", millis(timeout));
    }

    @Override
    public QueuePair createQp(ProtectionDomain pd, QpInitAttr attr) throws CmException {
        check();
        synchronized (this) {
            if (qp != null) {
                throw new CmException("the CM identifier has a QP already");
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment init = RdmaCoreObjects.qpInitAttr(arena, pd, attr);
            call("rdma_create_qp " + attr.type(), "rdma_create_qp", RdmaCoreObjects.handle(pd), init);
            MemorySegment made = id.get(ADDRESS, CmaStructs.ID_QP);
            QueuePair q = RdmaCoreObjects.adoptQp(pd, made, attr, () -> lib().plain("rdma_destroy_qp", id));
            synchronized (this) {
                qp = q;
                cmQp = true;
            }
            return q;
        } catch (VerbsException e) {
            throw new CmException("rdma_create_qp: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void useQp(QueuePair userQp) throws CmException {
        check();
        if (qp != null) {
            throw new CmException("the CM identifier has a QP already");
        }
        qp = userQp;
        cmQp = false;
    }

    @Override
    public QpAttrs initQpAttr(QpState state) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = arena.allocate(RdmaCoreObjects.qpAttrSize(), 8);
            attr.set(JAVA_INT, 0, state.ordinal()); // qp_state leads struct ibv_qp_attr
            MemorySegment mask = arena.allocate(JAVA_INT);
            call("rdma_init_qp_attr " + state, "rdma_init_qp_attr", attr, mask);
            return new QpAttrs(RdmaCoreObjects.readQpAttr(attr), mask.get(JAVA_INT, 0));
        }
    }

    /** @return a {@code struct rdma_conn_param} of {@code param}, with the caller's QP when it supplied one */
    private MemorySegment connParam(Arena arena, ConnParam param, int maxPrivateData) throws CmException {
        byte[] data = param.privateData();
        if (data.length > maxPrivateData) {
            throw new CmException("private data of " + data.length + " bytes: at most " + maxPrivateData + " fit here");
        }
        MemorySegment p = arena.allocate(CmaStructs.CONN_PARAM);
        p.set(ADDRESS, CmaStructs.CP_PRIVATE_DATA,
                data.length == 0 ? MemorySegment.NULL : arena.allocateFrom(JAVA_BYTE, data));
        p.set(JAVA_BYTE, CmaStructs.CP_PRIVATE_DATA_LEN, (byte) data.length);
        p.set(JAVA_BYTE, CmaStructs.CP_RESPONDER_RESOURCES, (byte) param.responderResources());
        p.set(JAVA_BYTE, CmaStructs.CP_INITIATOR_DEPTH, (byte) param.initiatorDepth());
        p.set(JAVA_BYTE, CmaStructs.CP_FLOW_CONTROL, (byte) 1);
        p.set(JAVA_BYTE, CmaStructs.CP_RETRY_COUNT, (byte) param.retryCount());
        p.set(JAVA_BYTE, CmaStructs.CP_RNR_RETRY_COUNT, (byte) param.rnrRetryCount());
        synchronized (this) {
            if (qp != null && !cmQp) {
                p.set(JAVA_INT, CmaStructs.CP_QP_NUM, qp.qpNum());
                p.set(JAVA_BYTE, CmaStructs.CP_SRQ, (byte) (qp.initAttr().srq() != null ? 1 : 0));
            }
        }
        return p;
    }

    /** The private data that fits a REQ or a SIDR_REQ with rdma_cm's header (IP) or without (AF_IB). */
    private int reqPrivateData() {
        short family = id.get(java.lang.foreign.ValueLayout.JAVA_SHORT, CmaStructs.ID_DST);
        int header = family == CmaStructs.AF_IB ? 0 : 36;
        return (space == PortSpace.UDP ? 216 : 92) - header;
    }

    @Override
    public void connect(ConnParam param) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            call("rdma_connect", "rdma_connect", connParam(arena, param, reqPrivateData()));
        }
    }

    @Override
    public void listen(int backlog) throws CmException {
        call("rdma_listen", "rdma_listen", backlog);
    }

    @Override
    public void accept(ConnParam param) throws CmException {
        try (Arena arena = Arena.ofConfined()) {
            call("rdma_accept", "rdma_accept", connParam(arena, param, space == PortSpace.UDP ? 136 : 196));
        }
    }

    @Override
    public void reject(byte[] privateData) throws CmException {
        byte[] data = privateData == null ? new byte[0] : privateData;
        if (data.length > 148) {
            throw new CmException("REJ private data of " + data.length + " bytes: at most 148 fit");
        }
        try (Arena arena = Arena.ofConfined()) {
            call("rdma_reject", "rdma_reject",
                    data.length == 0 ? MemorySegment.NULL : arena.allocateFrom(JAVA_BYTE, data), (byte) data.length);
        }
    }

    @Override
    public void establish() throws CmException {
        call("rdma_establish", "rdma_establish");
    }

    @Override
    public void disconnect() throws CmException {
        call("rdma_disconnect", "rdma_disconnect");
    }

    /** librdmacm has no call that sends a LAP: the kernel CM's alternate paths are not reachable through it. */
    @Override
    public void loadAlternateRoute(CmRoute alternate) throws CmException {
        throw new CmException("librdmacm cannot load an alternate path (no LAP through rdma_cm); "
                + "on hardware use the QP's ALT_PATH attributes and ibv_modify_qp");
    }

    /**
     * Acknowledges the events still counted on it, destroys a QP librdmacm created (a QP the caller supplied stays
     * the caller's), then {@code rdma_destroy_id}: librdmacm requires that order.
     */
    @Override
    public void close() {
        QueuePair own;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            own = cmQp ? qp : null;
        }
        channel.beforeDestroy(this);
        if (own != null) {
            try {
                own.close();
            } catch (VerbsException e) {
                // rdma_destroy_qp reports nothing: the QP is gone either way
            }
        }
        lib().call("rdma_destroy_id", id);
        channel.ids.remove(address());
    }
}
