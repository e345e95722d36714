package org.infiniscope.mad.internal.transport;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.IncomingMad;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadAgent;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.transport.TransportStatistics;
import org.infiniscope.mad.wire.Bits;

/**
 * The {@link MadTransport} engine over any {@link MadChannel}: transaction IDs, matching, time-outs,
 * retries and the outstanding windows. One lock guards the request state and is held only for map and
 * queue operations, never while calling the channel or completing a future. RMPP transfers of classes
 * whose channel does not run RMPP itself go through {@link RmppTransfers}.
 */
public final class ChannelTransport implements MadTransport, MadChannel.Receiver {

    private static final int TID_OFFSET = 8;

    private final MadChannel channel;
    private final TransportConfig config;
    private final ScheduledExecutorService timer;
    private final Object lock = new Object();
    private final Map<Long, Pending> outstanding = new HashMap<>();
    private final Map<Integer, Integer> perDestination = new HashMap<>();
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private final Set<Integer> registeredClasses = new HashSet<>();
    private final List<AgentEntry> agents = new CopyOnWriteArrayList<>();
    private final Counters counters = new Counters();
    private final RmppTransfers rmpp;
    private int nextTid = 1;
    private boolean closed;

    private ChannelTransport(MadChannel channel, TransportConfig config) {
        this.channel = channel;
        this.config = config;
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "infiniscope-mad-timer");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        this.timer = scheduler;
        this.rmpp = new RmppTransfers(this, scheduler, config.rmpp());
    }

    /** Builds a transport and starts its channel. */
    public static ChannelTransport start(MadChannel channel, TransportConfig config) throws IOException {
        ChannelTransport transport = new ChannelTransport(channel, config);
        try {
            channel.start(transport);
        } catch (IOException | RuntimeException e) {
            transport.timer.shutdownNow();
            throw e;
        }
        return transport;
    }

    @Override
    public CompletableFuture<MadResponse> send(MadRequest request) {
        byte[] mad = request.mad();
        int mgmtClass = Bits.u8(mad, 1);
        int method = Bits.u8(mad, 3);
        try {
            ensureRegistered(mgmtClass, Bits.u8(mad, 2));
            if (!expectsAnswer(method)) {
                channel.send(mad, mad.length, request.destination(), 0);
                counters.sent++;
                return CompletableFuture.completedFuture(null);
            }
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        Pending pending;
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(new IOException("the MAD transport is closed"));
            }
            int tid = nextTid++;
            if (nextTid == 0) {
                nextTid = 1; // 0 would look unset in traces
            }
            // the low 32 bits are ours; the high 32 belong to the kernel agent (and ibsim's client routing)
            long full = (Bits.u64(mad, TID_OFFSET) & 0xFFFFFFFF00000000L) | Integer.toUnsignedLong(tid);
            Bits.put64(mad, TID_OFFSET, full);
            pending = new Pending(key(mgmtClass, tid), mad, request.destination(), (int) request.timeout().toMillis(),
                    request.retries());
            queue.addLast(pending);
        }
        pump();
        return pending.future;
    }

    private static boolean expectsAnswer(int method) {
        return !Method.isResponse(method) && method != Method.SEND && method != Method.TRAP
                && method != Method.TRAP_REPRESS;
    }

    private static long key(int mgmtClass, int tidLow) {
        return ((long) mgmtClass << 32) | Integer.toUnsignedLong(tidLow);
    }

    private void ensureRegistered(int mgmtClass, int classVersion) throws IOException {
        int id = (mgmtClass << 8) | classVersion;
        synchronized (registeredClasses) {
            if (registeredClasses.add(id)) {
                try {
                    channel.register(mgmtClass, classVersion, usesRmpp(mgmtClass), Set.of());
                } catch (IOException | RuntimeException e) {
                    registeredClasses.remove(id);
                    throw e;
                }
            }
        }
    }

    static boolean usesRmpp(int mgmtClass) {
        return mgmtClass == MgmtClass.SUBN_ADM || (mgmtClass >= 0x30 && mgmtClass <= 0x4F);
    }

    /** Moves queued requests into the window while there is room, oldest first per destination. */
    private void pump() {
        while (true) {
            Pending next = null;
            synchronized (lock) {
                if (closed || outstanding.size() >= config.window()) {
                    return;
                }
                for (Iterator<Pending> it = queue.iterator(); it.hasNext();) {
                    Pending candidate = it.next();
                    if (perDestination.getOrDefault(candidate.destination.lid(), 0) < config.windowPerDestination()) {
                        it.remove();
                        next = candidate;
                        break;
                    }
                }
                if (next == null) {
                    return;
                }
                outstanding.put(next.key, next);
                perDestination.merge(next.destination.lid(), 1, Integer::sum);
            }
            transmit(next);
        }
    }

    private void transmit(Pending pending) {
        synchronized (lock) {
            pending.attempts++;
            pending.lastSentNanos = System.nanoTime();
            int attempt = pending.attempts;
            pending.timeoutTask = timer.schedule(() -> timedOut(pending, attempt), pending.timeoutMillis,
                    TimeUnit.MILLISECONDS);
            counters.sent++;
        }
        try {
            channel.send(pending.mad, pending.mad.length, pending.destination, pending.timeoutMillis);
        } catch (IOException | RuntimeException e) {
            if (release(pending)) {
                pending.future.completeExceptionally(e instanceof IOException ? e : new IOException(e));
                pump();
            }
        }
    }

    private void timedOut(Pending pending, int attempt) {
        boolean retry;
        synchronized (lock) {
            if (outstanding.get(pending.key) != pending || pending.attempts != attempt || pending.inTransfer) {
                return; // answered meanwhile, or the answer is arriving in segments
            }
            retry = pending.retriesLeft > 0;
            if (retry) {
                pending.retriesLeft--;
                counters.retried++;
            }
        }
        if (retry) {
            transmit(pending);
            return;
        }
        if (release(pending)) {
            synchronized (lock) {
                counters.timedOut++;
            }
            pending.future.completeExceptionally(new MadTimeoutException(describe(pending), pending.attempts));
            pump();
        }
    }

    private static String describe(Pending pending) {
        String request;
        try {
            request = MadHeader.decode(pending.mad, 0).toString();
        } catch (org.infiniscope.mad.wire.MadFormatException e) {
            request = "MAD";
        }
        return "no answer to " + request + " from " + pending.destination + " after " + pending.attempts
                + " attempt(s) of " + pending.timeoutMillis + " ms";
    }

    /** Takes a request out of the window; false when someone else already did. */
    private boolean release(Pending pending) {
        synchronized (lock) {
            if (outstanding.remove(pending.key) != pending) {
                return false;
            }
            perDestination.computeIfPresent(pending.destination.lid(), (lid, n) -> n == 1 ? null : n - 1);
            if (pending.timeoutTask != null) {
                pending.timeoutTask.cancel(false);
            }
            return true;
        }
    }

    @Override
    public void received(byte[] mad, int length, MadAddress source) {
        synchronized (lock) {
            counters.received++;
        }
        if (length < MadHeader.LENGTH || mad.length < MadHeader.LENGTH) {
            synchronized (lock) {
                counters.unmatched++;
            }
            return;
        }
        int mgmtClass = Bits.u8(mad, 1);
        int method = Bits.u8(mad, 3);
        if (transportRunsRmpp(mgmtClass) && rmpp.received(mad, length, source)) {
            return;
        }
        if (Method.isResponse(method)) {
            answer(mgmtClass, mad, length, source);
        } else {
            deliver(mgmtClass, Bits.u8(mad, 2), method, mad, length, source);
        }
    }

    private void answer(int mgmtClass, byte[] mad, int length, MadAddress source) {
        Pending pending;
        synchronized (lock) {
            pending = outstanding.get(key(mgmtClass, Bits.u32(mad, TID_OFFSET + 4)));
        }
        if (pending == null || !release(pending)) {
            synchronized (lock) {
                counters.unmatched++;
            }
            return;
        }
        long rtt = System.nanoTime() - pending.lastSentNanos;
        synchronized (lock) {
            counters.answered++;
        }
        byte[] bytes = length == mad.length ? mad : java.util.Arrays.copyOf(mad, length);
        pending.future.complete(new MadResponse(bytes, source, pending.attempts, rtt));
        pump();
    }

    private void deliver(int mgmtClass, int classVersion, int method, byte[] mad, int length, MadAddress source) {
        byte[] bytes = length == mad.length ? mad : java.util.Arrays.copyOf(mad, length);
        boolean taken = false;
        for (AgentEntry entry : agents) {
            if (entry.spec.accepts(mgmtClass, classVersion, method)) {
                entry.submit(new IncomingMad(taken ? bytes.clone() : bytes, source), answer -> respond(answer, source));
                taken = true;
            }
        }
        if (!taken) {
            synchronized (lock) {
                counters.unhandled++;
            }
        }
    }

    private boolean transportRunsRmpp(int mgmtClass) {
        return usesRmpp(mgmtClass) && !channel.rmppInKernel(mgmtClass);
    }

    private void respond(byte[] answer, MadAddress destination) throws IOException {
        if (answer.length < MadHeader.LENGTH) {
            throw new IOException("an answer of " + answer.length + " bytes has no MAD header");
        }
        int mgmtClass = Bits.u8(answer, 1);
        if (transportRunsRmpp(mgmtClass) && RmppTransfers.needsTransfer(answer)) {
            rmpp.respond(answer, destination);
            return;
        }
        if (answer.length > Mad.SIZE && !usesRmpp(mgmtClass)) {
            throw new IOException("an answer of " + answer.length + " bytes does not fit one MAD, and "
                    + MgmtClass.name(mgmtClass) + " has no RMPP");
        }
        sendRaw(answer, destination);
    }

    /** Sends a MAD that expects no answer: an agent's answer, or an RMPP segment or ACK. */
    void sendRaw(byte[] mad, MadAddress destination) throws IOException {
        synchronized (lock) {
            // counted before the call: a peer on the same thread may finish the exchange inside it
            counters.sent++;
        }
        channel.send(mad, mad.length, destination, 0);
    }

    /**
     * Hands an outstanding request over to the RMPP transfer of its answer: the attempt timer stops, and
     * the request stays in the window, counted once, until the transfer ends.
     *
     * @return the request, or {@code null} when none is outstanding with this class and TID, or its answer
     *         is already arriving
     */
    Pending claimForTransfer(int mgmtClass, int tidLow) {
        synchronized (lock) {
            Pending pending = outstanding.get(key(mgmtClass, tidLow));
            if (pending == null || pending.inTransfer) {
                return null;
            }
            pending.inTransfer = true;
            if (pending.timeoutTask != null) {
                pending.timeoutTask.cancel(false);
            }
            return pending;
        }
    }

    /** Completes a request with the message its RMPP transfer reassembled. */
    void completeTransfer(Pending pending, byte[] message, MadAddress source) {
        if (!release(pending)) {
            return;
        }
        long rtt = System.nanoTime() - pending.lastSentNanos;
        synchronized (lock) {
            counters.answered++;
        }
        pending.future.complete(new MadResponse(message, source, pending.attempts, rtt));
        pump();
    }

    /** Fails a request whose answer's transfer ended without a message. */
    void failTransfer(Pending pending, Exception failure) {
        if (!release(pending)) {
            return;
        }
        if (failure instanceof MadTimeoutException) {
            synchronized (lock) {
                counters.timedOut++;
            }
        }
        pending.future.completeExceptionally(failure);
        pump();
    }

    /** Hands a request that arrived in RMPP segments, reassembled, to the agents. */
    void deliverReassembled(byte[] message, MadAddress source) {
        deliver(Bits.u8(message, 1), Bits.u8(message, 2), Bits.u8(message, 3), message, message.length, source);
    }

    void countUnmatched() {
        synchronized (lock) {
            counters.unmatched++;
        }
    }

    void countUnhandled() {
        synchronized (lock) {
            counters.unhandled++;
        }
    }

    @Override
    public AgentRegistration register(AgentSpec spec, MadAgent agent) throws IOException {
        synchronized (lock) {
            if (closed) {
                throw new IOException("the MAD transport is closed");
            }
        }
        channel.register(spec.mgmtClass(), spec.classVersion(), spec.rmpp(), spec.methods());
        AgentEntry entry = new AgentEntry(spec, agent);
        agents.add(entry);
        return () -> {
            agents.remove(entry);
            entry.close();
        };
    }

    @Override
    public TransportStatistics statistics() {
        synchronized (lock) {
            return new TransportStatistics(counters.sent, counters.received, counters.answered, counters.retried,
                    counters.timedOut, counters.unmatched, counters.unhandled, outstanding.size(), queue.size(),
                    rmpp.completed(), rmpp.segments(), rmpp.aborted());
        }
    }

    @Override
    public LocalPort localPort() throws IOException {
        return channel.localPort();
    }

    @Override
    public long portGuid() throws IOException {
        return channel.portGuid();
    }

    @Override
    public void close() {
        List<Pending> failed;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            failed = new java.util.ArrayList<>(outstanding.values());
            failed.addAll(queue);
            outstanding.clear();
            queue.clear();
            perDestination.clear();
        }
        timer.shutdownNow();
        rmpp.close();
        agents.forEach(AgentEntry::close);
        agents.clear();
        channel.close();
        IOException closedError = new IOException("the MAD transport was closed before an answer came");
        failed.forEach(p -> p.future.completeExceptionally(closedError));
    }

    /** Plain counters, guarded by the lock. */
    private static final class Counters {
        long sent;
        long received;
        long answered;
        long retried;
        long timedOut;
        long unmatched;
        long unhandled;
    }
}
