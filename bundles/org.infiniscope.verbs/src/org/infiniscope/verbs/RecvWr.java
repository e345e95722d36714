package org.infiniscope.verbs;

import java.util.List;

/**
 * A receive work request ({@code struct ibv_recv_wr}).
 *
 * @param wrId the caller's id, returned in the completion
 * @param sgList where the message is scattered
 */
public record RecvWr(long wrId, List<Sge> sgList) {

    public RecvWr {
        sgList = List.copyOf(sgList);
    }

    /** @return a receive into one buffer */
    public static RecvWr of(long wrId, Sge sge) {
        return new RecvWr(wrId, List.of(sge));
    }
}
