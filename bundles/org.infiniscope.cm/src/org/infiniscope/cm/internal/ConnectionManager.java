package org.infiniscope.cm.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmState;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.cm.CmMessage;
import org.infiniscope.mad.wire.Bits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CM of one CA port (IBA 12.9): its communications by local communication ID, its listeners by service ID, the
 * timers that send a REQ, REP, DREQ, SIDR_REQ or LAP again, and TIMEWAIT. Everything runs on the manager's one
 * thread; the identifiers above call in through {@link #call}. What arrives is handled by {@link Inbound}, what
 * the consumer starts by {@link Outbound}.
 */
public final class ConnectionManager implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionManager.class);

    final String node;
    final String device;
    final int port;
    final CmWire wire;
    final CmOptions options;
    final Map<Integer, Conn> conns = new HashMap<>();
    final Map<Long, ConnUser> listeners = new HashMap<>();
    final Inbound inbound = new Inbound(this);
    final Outbound outbound = new Outbound(this);
    private final ScheduledExecutorService loop;
    private final Random random;
    private final AutoCloseable listed;
    private final AtomicLong malformed = new AtomicLong();
    /** What the listing shows, published by the manager's thread at each change: read without waiting for it. */
    private final Map<Integer, CmConnection> published = new ConcurrentHashMap<>();
    private final Map<Long, CmConnection> listening = new ConcurrentHashMap<>();
    private volatile Thread loopThread;

    /**
     * @param seed seeds the communication IDs and PSNs it draws
     */
    public ConnectionManager(String node, String device, int port, CmWire wire, CmOptions options, long seed) {
        this.node = node;
        this.device = device;
        this.port = port;
        this.wire = wire;
        this.options = options;
        this.random = new Random(seed);
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cm " + device + ":" + port);
            t.setDaemon(true);
            loopThread = t;
            return t;
        });
        this.listed = CmDirectory.INSTANCE.add(this::connections);
    }

    /** @return the device name */
    public String device() {
        return device;
    }

    /** @return the port number */
    public int port() {
        return port;
    }

    /** @return the CM MADs that arrived malformed and were dropped */
    public long malformed() {
        return malformed.get();
    }

    /** Takes a CM MAD that arrived at the port from {@code slid}. */
    public void received(byte[] mad, int slid) {
        byte[] copy = mad.clone();
        execute(() -> inbound.handle(copy, slid));
    }

    void countMalformed() {
        malformed.incrementAndGet();
    }

    /** Runs {@code work} on the manager's thread and waits for it; on that thread, runs it at once. */
    <T> T call(Callable<T> work) throws CmException {
        if (Thread.currentThread() == loopThread) {
            try {
                return work.call();
            } catch (CmException e) {
                throw e;
            } catch (Exception e) {
                throw new CmException(e.getMessage(), e);
            }
        }
        Future<T> f;
        try {
            f = loop.submit(work);
        } catch (RejectedExecutionException e) {
            throw new CmException("the CM of " + device + " port " + port + " is closed");
        }
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CmException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CmException ce) {
                throw new CmException(ce.getMessage(), ce);
            }
            throw new CmException(String.valueOf(e.getCause().getMessage()), e.getCause());
        }
    }

    void execute(Runnable work) {
        try {
            loop.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    LOG.warn("CM {}:{}: {}", device, port, e.toString(), e);
                }
            });
        } catch (RejectedExecutionException e) {
            // closed: what arrives now is lost, as at a port whose CM is gone
        }
    }

    /** @return a new communication with a fresh local communication ID */
    Conn newConn(boolean active, ConnUser user) {
        int id;
        do {
            id = random.nextInt();
        } while (id == 0 || conns.containsKey(id));
        Conn c = new Conn(this, id, active, user);
        c.localPsn = random.nextInt(1 << 24);
        c.tid = (long) random.nextInt() << 32 | (id & 0xFFFF_FFFFL);
        conns.put(id, c);
        return c;
    }

    /** Sends a message of a communication to its peer; when it awaits an answer, arms the retransmission timer. */
    void send(Conn c, CmMessage m, boolean awaitsAnswer) {
        byte[] mad = CmMad.encode(m, c.tid);
        c.lastSent = mad;
        c.mraPending = false;
        transmit(mad, c.peerLid());
        if (awaitsAnswer) {
            c.retriesLeft = options.maxRetries();
            arm(c, c.timeoutNanos);
        } else {
            c.cancelTimer();
        }
    }

    /** Sends a message that belongs to no communication (a REJ of an unknown REQ, a SIDR_REP refusal). */
    void sendLoose(CmMessage m, long tid, int dlid) {
        transmit(CmMad.encode(m, tid), dlid);
    }

    /** Sends the last message of a communication again when it is of that type (the answer to a duplicate). */
    void resend(Conn c, int attributeId) {
        if (c.lastSent != null && Bits.u16(c.lastSent, 16) == attributeId) {
            transmit(c.lastSent, c.peerLid());
        }
    }

    private void transmit(byte[] mad, int dlid) {
        try {
            wire.send(mad, dlid);
        } catch (IOException e) {
            LOG.debug("CM {}:{}: could not send to LID {}: {}", device, port, dlid, e.getMessage());
        }
    }

    void arm(Conn c, long nanos) {
        c.cancelTimer();
        c.timer = loop.schedule(() -> expired(c), Math.max(nanos, 1000), TimeUnit.NANOSECONDS);
    }

    private void expired(Conn c) {
        if (conns.get(c.localCommId) != c || c.timer == null) {
            return;
        }
        c.timer = null;
        if (c.mraPending) {
            c.mraPending = false;
            if (c.state == CmState.REQ_RCVD) {
                outbound.mra(c);
            }
        } else if (c.retriesLeft > 0) {
            c.retriesLeft--;
            transmit(c.lastSent, c.peerLid());
            arm(c, c.timeoutNanos);
        } else {
            inbound.gaveUp(c);
        }
    }

    void state(Conn c, CmState s) {
        c.state = s;
        publish(c);
    }

    void lapState(Conn c, CmState s) {
        c.lapState = s;
        publish(c);
    }

    private void publish(Conn c) {
        CmConnection now = c.snapshot(node, device, port);
        published.put(c.localCommId, now);
        CmDirectory.INSTANCE.changed(now);
    }

    /** Shows a listener in the listing, or takes it out. */
    void listed(long serviceId, boolean on) {
        if (on) {
            listening.put(serviceId, new CmConnection(node, device, port, 0, 0, 0, 0, CmState.LISTEN, CmState.LAP_IDLE,
                    serviceId, 0, Gid.ZERO, 0, 0, false));
        } else {
            listening.remove(serviceId);
        }
    }

    /** Enters TIMEWAIT: the QP is stopped, and after twice the packet life time the communication ends. */
    void timewait(Conn c) {
        QpMover.error(c);
        c.cancelTimer();
        state(c, CmState.TIMEWAIT);
        int life = c.route == null ? 0 : c.route.packetLifeTime();
        long wait = 2 * CmOptions.nanos(life) + CmOptions.nanos(QpMover.MIN_RNR_TIMER);
        loop.schedule(() -> {
            if (conns.get(c.localCommId) == c && c.state == CmState.TIMEWAIT) {
                remove(c);
                c.user.event(CmEventType.TIMEWAIT_EXIT, 0, null, null);
            }
        }, wait, TimeUnit.NANOSECONDS);
    }

    /** Ends a communication: it leaves the tables and the listing. */
    void remove(Conn c) {
        c.cancelTimer();
        if (conns.remove(c.localCommId, c)) {
            c.state = CmState.IDLE;
            published.remove(c.localCommId);
            CmDirectory.INSTANCE.changed(c.snapshot(node, device, port));
        }
    }

    /** @return the communications and listeners, as the listing shows them */
    List<CmConnection> connections() {
        List<CmConnection> out = new ArrayList<>(published.values());
        out.addAll(listening.values());
        return out;
    }

    @Override
    public void close() {
        try {
            call(() -> {
                for (Conn c : List.copyOf(conns.values())) {
                    remove(c);
                }
                listeners.clear();
                listening.clear();
                return null;
            });
        } catch (CmException e) {
            // closed already
        }
        try {
            listed.close();
        } catch (Exception e) {
            // the directory's handle does not fail
        }
        loop.shutdownNow();
        wire.close();
    }
}
