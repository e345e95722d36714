package org.infiniscope.verbs.internal.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;

/**
 * A completion queue: completions in order; armed, the next one (a solicited one or an error when armed for
 * solicited only) puts the CQ on its channel once. More completions than it holds overflow it: the context gets
 * {@link AsyncEventType#CQ_ERR} and the completion is lost.
 */
final class SimCq implements CompletionQueue {

    final SimContext ctx;
    private final int cqe;
    final SimChannel channel;
    private final int vector;
    /** Polled without the wire's lock, as an application polls a CQ in its own memory, not the HCA's. */
    private final ConcurrentLinkedQueue<WorkCompletion> entries = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    int users;
    int eventsTaken;
    int eventsAcked;
    private boolean armed;
    private boolean solicitedOnly;
    boolean overflowed;
    boolean closed;

    SimCq(SimContext ctx, int cqe, SimChannel channel, int vector) {
        this.ctx = ctx;
        this.cqe = cqe;
        this.channel = channel;
        this.vector = vector;
        if (channel != null) {
            channel.users++;
        }
    }

    @Override
    public int cqe() {
        return cqe;
    }

    @Override
    public int compVector() {
        return vector;
    }

    /** Adds a completion (under the wire's lock). */
    void add(WorkCompletion wc, boolean solicited) {
        if (closed) {
            return;
        }
        if (size.get() >= cqe) {
            if (!overflowed) {
                overflowed = true;
                ctx.event(AsyncEventType.CQ_ERR, null, this, null, 0);
            }
            return;
        }
        size.incrementAndGet();
        entries.add(wc);
        if (armed && (!solicitedOnly || solicited || wc.status() != WcStatus.SUCCESS)) {
            armed = false;
            channel.events.add(this);
        }
    }

    /** Removes the completions of a QP that was reset. */
    void purge(int qpn) {
        entries.removeIf(wc -> {
            boolean ours = wc.qpNum() == qpn;
            if (ours) {
                size.decrementAndGet();
            }
            return ours;
        });
    }

    @Override
    public List<WorkCompletion> poll(int max) throws VerbsException {
        ctx.check();
        List<WorkCompletion> out = new ArrayList<>(Math.min(max, Math.max(0, size.get())));
        while (out.size() < max) {
            WorkCompletion wc = entries.poll();
            if (wc == null) {
                break;
            }
            size.decrementAndGet();
            out.add(wc);
        }
        return out;
    }

    @Override
    public void reqNotify(boolean solicited) throws VerbsException {
        synchronized (ctx.wire) {
            ctx.check();
            if (channel == null) {
                throw new VerbsException(Errno.EINVAL, "the CQ has no completion channel to notify");
            }
            armed = true;
            solicitedOnly = solicited;
        }
    }

    @Override
    public void ackEvents(int n) {
        synchronized (ctx.wire) {
            eventsAcked += n;
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (ctx.wire) {
            if (users > 0) {
                throw new VerbsException(Errno.EBUSY, users + " QPs still use the CQ");
            }
            if (eventsAcked < eventsTaken) {
                throw new VerbsException(Errno.EBUSY,
                        (eventsTaken - eventsAcked) + " completion events of the CQ are not acknowledged");
            }
            destroy();
        }
    }

    void destroy() {
        if (closed) {
            return;
        }
        closed = true;
        if (channel != null) {
            channel.users--;
            channel.events.remove(this);
        }
        ctx.cqs.remove(this);
        ctx.hca.cqs--;
    }
}
