package org.infiniscope.verbs.internal.sim;

import java.util.ArrayDeque;

import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SharedReceiveQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** A shared receive queue of a simulated HCA. */
final class SimSrq implements SharedReceiveQueue {

    final SimPd pd;
    private final int maxWr;
    private final int maxSge;
    private int limit;
    final ArrayDeque<RecvWr> queue = new ArrayDeque<>();
    int users;
    boolean closed;

    SimSrq(SimPd pd, int maxWr, int maxSge, int limit) {
        this.pd = pd;
        this.maxWr = maxWr;
        this.maxSge = maxSge;
        this.limit = limit;
    }

    @Override
    public int maxWr() {
        return maxWr;
    }

    @Override
    public int outstanding() {
        synchronized (pd.ctx.wire) {
            return queue.size();
        }
    }

    @Override
    public int limit() {
        synchronized (pd.ctx.wire) {
            return limit;
        }
    }

    @Override
    public void armLimit(int l) throws VerbsException {
        synchronized (pd.ctx.wire) {
            pd.ctx.check();
            if (l < 0 || l > maxWr) {
                throw new VerbsException(Errno.EINVAL, "an SRQ limit is 0.." + maxWr + ": " + l);
            }
            limit = l;
        }
    }

    @Override
    public void postRecv(RecvWr wr) throws VerbsException {
        synchronized (pd.ctx.wire) {
            pd.ctx.check();
            if (wr.sgList().size() > maxSge) {
                throw new VerbsException(Errno.EINVAL,
                        wr.sgList().size() + " SGEs in a receive: the SRQ takes " + maxSge);
            }
            if (queue.size() >= maxWr) {
                throw new VerbsException(Errno.ENOMEM, "the SRQ is full (" + maxWr + " requests)");
            }
            queue.add(wr);
        }
    }

    /** @return the next receive, raising the limit event when fewer than the limit remain */
    RecvWr take() {
        RecvWr wr = queue.poll();
        if (wr != null && limit > 0 && queue.size() < limit) {
            limit = 0;
            pd.ctx.event(AsyncEventType.SRQ_LIMIT_REACHED, null, null, this, 0);
        }
        return wr;
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.ctx.wire) {
            if (users > 0) {
                throw new VerbsException(Errno.EBUSY, users + " QPs still use the SRQ");
            }
            destroy();
        }
    }

    void destroy() {
        if (!closed) {
            closed = true;
            pd.srqs.remove(this);
            pd.ctx.hca.srqs--;
        }
    }
}
