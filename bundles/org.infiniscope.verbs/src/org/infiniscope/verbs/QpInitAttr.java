package org.infiniscope.verbs;

import java.util.Objects;

/**
 * What a queue pair is created with ({@code struct ibv_qp_init_attr}).
 *
 * @param type its transport
 * @param sendCq where its send completions go
 * @param recvCq where its receive completions go
 * @param srq the shared receive queue it takes receives from, or null for its own receive queue
 * @param cap its work queue sizes
 * @param sqSigAll whether every send completes into the CQ, signalled or not
 */
public record QpInitAttr(QpType type, CompletionQueue sendCq, CompletionQueue recvCq, SharedReceiveQueue srq, QpCap cap,
        boolean sqSigAll) {

    public QpInitAttr {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(sendCq, "sendCq");
        Objects.requireNonNull(recvCq, "recvCq");
        Objects.requireNonNull(cap, "cap");
    }
}
