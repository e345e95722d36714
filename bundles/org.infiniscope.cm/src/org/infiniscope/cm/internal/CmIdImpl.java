package org.infiniscope.cm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.UdParam;
import org.infiniscope.mad.Gid;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;

/** An identifier of a {@link HostCm}: its binding, resolved address and route, QP, and the communication below. */
final class CmIdImpl implements CmId, ConnUser {

    private final HostCm host;
    private final EventChannel channel;
    private final PortSpace space;
    private volatile HostPort bound;
    private volatile Resolver.Target target;
    private volatile CmRoute route;
    private volatile QueuePair qp;
    private volatile boolean cmMovesQp = true;
    private volatile long serviceId;
    private volatile Conn conn;
    private volatile List<HostPort> listening = List.of();

    CmIdImpl(HostCm host, EventChannel channel, PortSpace space) {
        this.host = host;
        this.channel = channel;
        this.space = space;
    }

    /** A new identifier for a request that reached a listener. */
    private CmIdImpl(CmIdImpl listener, HostPort at, Conn conn) {
        this(listener.host, listener.channel, listener.space);
        this.bound = at;
        this.conn = conn;
        this.serviceId = conn.serviceId;
        this.route = conn.route;
    }

    @Override
    public void event(CmEventType type, int status, ConnParam param, UdParam ud) {
        channel.post(new CmEvent(type, this, null, status, param, ud));
    }

    @Override
    public ConnUser request(Conn c, ConnParam param) {
        HostPort at = listening.stream().filter(p -> p.cm() == c.owner).findFirst().orElse(null);
        if (at == null) {
            return null;
        }
        CmIdImpl child = new CmIdImpl(this, at, c);
        host.adopt(child);
        channel.post(new CmEvent(CmEventType.CONNECT_REQUEST, child, this, 0, param, null));
        return child;
    }

    @Override
    public PortSpace portSpace() {
        return space;
    }

    @Override
    public Optional<Context> context() {
        HostPort b = bound;
        return b == null ? Optional.empty() : Optional.of(b.context());
    }

    @Override
    public int port() {
        HostPort b = bound;
        return b == null ? 0 : b.port();
    }

    @Override
    public Optional<QueuePair> qp() {
        return Optional.ofNullable(qp);
    }

    @Override
    public Optional<CmRoute> route() {
        return Optional.ofNullable(route);
    }

    @Override
    public long serviceId() {
        return serviceId;
    }

    private HostPort bound() throws CmException {
        HostPort b = bound;
        if (b == null) {
            throw new CmException("the identifier is not bound to a device: resolve an address first");
        }
        return b;
    }

    @Override
    public void bind(String device, int port, int servicePort) throws CmException {
        serviceId = space.serviceId(servicePort);
        bound = device == null ? null : host.port(device, port);
    }

    @Override
    public void resolveAddr(CmAddress destination, Duration timeout) throws CmException {
        serviceId = space.serviceId(destination.servicePort());
        host.async(() -> {
            try {
                target = host.resolver().target(destination);
                if (bound == null) {
                    bound = host.firstActivePort();
                }
                event(CmEventType.ADDR_RESOLVED, 0, null, null);
            } catch (CmException e) {
                event(CmEventType.ADDR_ERROR, -113, null, null); // EHOSTUNREACH
            }
        });
    }

    @Override
    public void resolveRoute(Duration timeout) throws CmException {
        HostPort b = bound();
        Resolver.Target t = target;
        if (t == null) {
            throw new CmException("resolve the address before the route");
        }
        host.async(() -> {
            try {
                CmWire w = b.cm().wire;
                route = host.resolver().route(w.lid(), w.gid(), t);
                event(CmEventType.ROUTE_RESOLVED, 0, null, null);
            } catch (CmException | IOException e) {
                event(CmEventType.ROUTE_ERROR, -113, null, null);
            }
        });
    }

    @Override
    public QueuePair createQp(ProtectionDomain pd, QpInitAttr attr) throws CmException {
        HostPort b = bound();
        try {
            QueuePair q = pd.createQp(attr);
            QpAttrs init = QpMover.attrs(null, q.type(), b.port(), QpState.INIT);
            q.modify(init.attr(), init.mask());
            qp = q;
            cmMovesQp = true;
            return q;
        } catch (VerbsException e) {
            throw new CmException("cannot create the QP: " + e.getMessage(), e);
        }
    }

    @Override
    public void useQp(QueuePair q) throws CmException {
        qp = q;
        cmMovesQp = false;
    }

    @Override
    public QpAttrs initQpAttr(QpState state) throws CmException {
        HostPort b = bound();
        QueuePair q = qp;
        if (q == null) {
            throw new CmException("the identifier has no QP");
        }
        Conn c = conn;
        if (q.type() == QpType.UD) {
            return QpMover.attrs(c, QpType.UD, b.port(), state); // a datagram QP needs nothing of the peer
        }
        if (state != QpState.INIT && (c == null || c.rep == null && c.active)) {
            throw new CmException("no connection parameters yet for " + state + ": wait for the REP");
        }
        return b.cm().call(() -> {
            if (c != null && !c.active && c.rep == null) {
                throw new CmException("accept the connection before moving the QP to " + state);
            }
            return QpMover.attrs(c, q.type(), b.port(), state);
        });
    }

    @Override
    public void connect(ConnParam param) throws CmException {
        HostPort b = bound();
        if (route == null) {
            throw new CmException("resolve the route before connecting");
        }
        boolean ud = space == PortSpace.UDP || qp != null && qp.type() == QpType.UD;
        if (!ud && qp == null) {
            throw new CmException("connect needs a QP: create or give one first");
        }
        b.cm().call(() -> {
            Conn c = b.cm().newConn(true, this);
            c.route = route;
            c.serviceId = serviceId;
            c.qp = qp;
            c.cmMovesQp = cmMovesQp;
            c.localQpn = qp == null ? 0 : qp.qpNum();
            conn = c;
            if (ud) {
                b.cm().outbound.sidr(c, param);
            } else {
                b.cm().outbound.connect(c, param);
            }
            return null;
        });
    }

    @Override
    public void listen(int backlog) throws CmException {
        if (serviceId == 0) {
            throw new CmException("bind a service port before listening");
        }
        List<HostPort> on = bound == null ? host.ports() : List.of(bound);
        for (HostPort p : on) {
            p.cm().call(() -> {
                p.cm().outbound.listen(serviceId, this);
                return null;
            });
        }
        listening = on;
    }

    private Conn conn() throws CmException {
        Conn c = conn;
        if (c == null) {
            throw new CmException("the identifier has no connection");
        }
        return c;
    }

    @Override
    public void accept(ConnParam param) throws CmException {
        Conn c = conn();
        bound().cm().call(() -> {
            c.qp = qp;
            c.cmMovesQp = cmMovesQp;
            if (c.qp == null) {
                throw new CmException("accept needs a QP: create or give one first");
            }
            c.localQpn = c.qp.qpNum();
            bound.cm().outbound.accept(c, param);
            return null;
        });
    }

    @Override
    public void reject(byte[] privateData) throws CmException {
        Conn c = conn();
        bound().cm().call(() -> {
            bound.cm().outbound.reject(c, privateData);
            return null;
        });
    }

    @Override
    public void establish() throws CmException {
        Conn c = conn();
        bound().cm().call(() -> {
            bound.cm().outbound.establish(c);
            return null;
        });
    }

    @Override
    public void disconnect() throws CmException {
        Conn c = conn();
        bound().cm().call(() -> {
            bound.cm().outbound.disconnect(c);
            return null;
        });
    }

    @Override
    public void loadAlternateRoute(CmRoute alternate) throws CmException {
        Conn c = conn();
        bound().cm().call(() -> {
            bound.cm().outbound.lap(c, alternate);
            return null;
        });
    }

    /** @return the GID of the resolved destination, or the zero GID */
    Gid destination() {
        Resolver.Target t = target;
        return t == null ? Gid.ZERO : t.gid();
    }

    @Override
    public void close() {
        for (HostPort p : listening) {
            try {
                p.cm().call(() -> {
                    p.cm().outbound.unlisten(serviceId, this);
                    return null;
                });
            } catch (CmException e) {
                // that CM is closed
            }
        }
        listening = List.of();
        Conn c = conn;
        HostPort b = bound;
        if (c != null && b != null) {
            try {
                b.cm().call(() -> {
                    switch (c.state) {
                        case ESTABLISHED -> b.cm().outbound.disconnect(c);
                        case REQ_RCVD, MRA_REQ_SENT -> b.cm().outbound.reject(c, new byte[0]);
                        case TIMEWAIT, DREQ_SENT -> {
                            // ends by itself
                        }
                        default -> {
                            if (c.state != CmState.IDLE) {
                                QpMover.error(c);
                                b.cm().remove(c);
                            }
                        }
                    }
                    return null;
                });
            } catch (CmException e) {
                // closed
            }
        }
        host.forget(this);
    }
}
