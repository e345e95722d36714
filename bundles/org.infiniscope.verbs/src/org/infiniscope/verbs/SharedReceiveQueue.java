package org.infiniscope.verbs;

import org.osgi.annotation.versioning.ProviderType;

/** A shared receive queue ({@code struct ibv_srq}). */
@ProviderType
public interface SharedReceiveQueue extends AutoCloseable {

    /** @return the receive work requests it holds at most */
    int maxWr();

    /** @return the requests posted and not consumed yet, or -1 when the provider cannot tell (libibverbs) */
    int outstanding();

    /** @return the armed limit, 0 when not armed */
    int limit();

    /**
     * Arms the limit ({@code ibv_modify_srq} with {@code IBV_SRQ_LIMIT}): when fewer than {@code limit} requests
     * remain, {@link AsyncEventType#SRQ_LIMIT_REACHED} is raised once and the limit disarms.
     *
     * @throws VerbsException {@code EINVAL} when the limit exceeds its size
     */
    void armLimit(int limit) throws VerbsException;

    /** Posts a receive work request. */
    void postRecv(RecvWr wr) throws VerbsException;

    @Override
    void close() throws VerbsException;
}
