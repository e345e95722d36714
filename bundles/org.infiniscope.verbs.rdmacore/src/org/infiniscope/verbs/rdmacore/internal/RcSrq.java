package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SharedReceiveQueue;
import org.infiniscope.verbs.VerbsException;

/** {@code struct ibv_srq}: receives posted through the ops table. */
final class RcSrq implements SharedReceiveQueue {

    final RcPd pd;
    final MemorySegment srq;
    private final int maxWr;

    RcSrq(RcPd pd, MemorySegment srq, int maxWr) {
        this.pd = pd;
        this.srq = srq;
        this.maxWr = maxWr;
    }

    @Override
    public int maxWr() {
        return maxWr;
    }

    /** libibverbs does not tell how many receives an SRQ holds: -1. */
    @Override
    public int outstanding() {
        return -1;
    }

    @Override
    public int limit() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(Structs.SRQ_ATTR_SIZE, 4);
            return pd.context.lib.callInt("ibv_query_srq", srq, a) == 0 ? a.get(JAVA_INT, 8) : 0;
        }
    }

    @Override
    public void armLimit(int limit) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(Structs.SRQ_ATTR_SIZE, 4);
            a.set(JAVA_INT, 8, limit);
            Errors.check(pd.context.lib.callInt("ibv_modify_srq", srq, a, Structs.SRQ_LIMIT), "ibv_modify_srq");
        }
    }

    @Override
    public void postRecv(RecvWr wr) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment w = RcQp.recvWr(arena, wr);
            Errors.check(Ibverbs.callOp(pd.context.ctx, Structs.OPS_POST_SRQ_RECV, Ibverbs.POST, srq, w,
                    arena.allocate(8, 8)), "post_srq_recv");
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.context) {
            Errors.check(pd.context.lib.callInt("ibv_destroy_srq", srq), "ibv_destroy_srq");
            forget();
        }
    }

    void destroy() {
        pd.context.lib.callInt("ibv_destroy_srq", srq);
        forget();
    }

    private void forget() {
        pd.srqs.remove(this);
        pd.context.objects.remove(srq.address());
    }
}
