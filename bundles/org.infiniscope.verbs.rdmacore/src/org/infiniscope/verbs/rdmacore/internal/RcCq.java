package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.WcOpcode;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;

/** {@code struct ibv_cq}: polled and armed through the context's ops table, as the inline verbs do. */
final class RcCq implements CompletionQueue {

    final RcContext context;
    final MemorySegment cq;
    private final int cqe;
    private final int vector;

    RcCq(RcContext context, MemorySegment cq, int cqe, int vector) {
        this.context = context;
        this.cq = cq;
        this.cqe = cqe;
        this.vector = vector;
    }

    @Override
    public int cqe() {
        return cqe;
    }

    @Override
    public int compVector() {
        return vector;
    }

    @Override
    public List<WorkCompletion> poll(int max) throws VerbsException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment wcs = arena.allocate(Structs.WC_SIZE * Math.max(1, max), 8);
            int n = Ibverbs.callOp(context.ctx, Structs.OPS_POLL_CQ, Ibverbs.POLL_CQ, cq, max, wcs);
            if (n < 0) {
                throw Errors.of(-n, "poll_cq");
            }
            List<WorkCompletion> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                MemorySegment wc = wcs.asSlice(i * Structs.WC_SIZE, Structs.WC_SIZE);
                int status = wc.get(JAVA_INT, Structs.WC_STATUS);
                int op = wc.get(JAVA_INT, Structs.WC_OPCODE);
                int flags = wc.get(JAVA_INT, Structs.WC_FLAGS);
                boolean imm = (flags & Structs.WC_WITH_IMM) != 0;
                out.add(new WorkCompletion(wc.get(JAVA_LONG, 0),
                        status < WcStatus.values().length ? WcStatus.values()[status] : WcStatus.GENERAL_ERR,
                        opcode(op), wc.get(JAVA_INT, Structs.WC_BYTE_LEN),
                        imm ? Integer.reverseBytes(wc.get(JAVA_INT, Structs.WC_IMM)) : 0, imm,
                        wc.get(JAVA_INT, Structs.WC_QP_NUM), wc.get(JAVA_INT, Structs.WC_SRC_QP),
                        wc.get(JAVA_SHORT, Structs.WC_SLID) & 0xFFFF));
            }
            return out;
        }
    }

    private static WcOpcode opcode(int op) {
        return switch (op) {
            case 0 -> WcOpcode.SEND;
            case 1 -> WcOpcode.RDMA_WRITE;
            case 2 -> WcOpcode.RDMA_READ;
            case 3 -> WcOpcode.COMP_SWAP;
            case 4 -> WcOpcode.FETCH_ADD;
            case Structs.WC_RECV + 1 -> WcOpcode.RECV_RDMA_WITH_IMM;
            default -> WcOpcode.RECV;
        };
    }

    @Override
    public void reqNotify(boolean solicitedOnly) throws VerbsException {
        Errors.check(Ibverbs.callOp(context.ctx, Structs.OPS_REQ_NOTIFY_CQ, Ibverbs.REQ_NOTIFY_CQ, cq,
                solicitedOnly ? 1 : 0), "req_notify_cq");
    }

    @Override
    public void ackEvents(int n) {
        context.lib.callVoid("ibv_ack_cq_events", cq, n);
    }

    @Override
    public void close() throws VerbsException {
        synchronized (context) {
            Errors.check(context.lib.callInt("ibv_destroy_cq", cq), "ibv_destroy_cq");
            forget();
        }
    }

    void destroy() {
        context.lib.callInt("ibv_destroy_cq", cq);
        forget();
    }

    private void forget() {
        context.cqs.remove(this);
        context.objects.remove(cq.address());
    }
}
