package org.infiniscope.verbs;

import org.osgi.annotation.versioning.ProviderType;

/** A queue pair ({@code struct ibv_qp}). */
@ProviderType
public interface QueuePair extends AutoCloseable {

    /** @return its number */
    int qpNum();

    /** @return its transport */
    QpType type();

    /** @return its state now */
    QpState state();

    /**
     * Modifies attributes and moves between states ({@code ibv_modify_qp}): the next state is
     * {@code attr.qpState()} when the mask has {@link QpAttrMask#STATE}, else the current one; the mask must hold
     * exactly what {@link QpTransitions} allows.
     *
     * @throws VerbsException {@code EINVAL} for a transition or mask the kernel refuses, or a bad value
     */
    void modify(QpAttr attr, int mask) throws VerbsException;

    /** @return a copy of every attribute ({@code ibv_query_qp}) */
    QpAttr query();

    /** @return what it was created with */
    QpInitAttr initAttr();

    /**
     * Posts a send work request.
     *
     * @throws VerbsException {@code EINVAL} in a state that takes no sends or for too many SGEs, {@code ENOMEM}
     *         when the send queue is full
     */
    void postSend(SendWr wr) throws VerbsException;

    /**
     * Posts a receive work request.
     *
     * @throws VerbsException {@code EINVAL} in RESET, with an SRQ, or for too many SGEs; {@code ENOMEM} when full
     */
    void postRecv(RecvWr wr) throws VerbsException;

    @Override
    void close() throws VerbsException;
}
