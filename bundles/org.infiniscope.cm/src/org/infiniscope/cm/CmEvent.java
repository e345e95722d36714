package org.infiniscope.cm;

import java.util.Arrays;

/**
 * An event of an {@link CmEventChannel} ({@code struct rdma_cm_event}); acknowledge each with
 * {@link CmEventChannel#ack}.
 *
 * @param type what happened
 * @param id the identifier it concerns (for {@link CmEventType#CONNECT_REQUEST} a new one)
 * @param listenId the listening identifier a connect request came to, else null
 * @param status 0, a REJ reason for {@link CmEventType#REJECTED}, a negative errno for errors
 * @param param what the peer sent with a REQ or REP ({@code conn} of the event), else null
 * @param ud for a resolved UD service (SIDR): the peer's QP and Q_Key, else null
 */
public record CmEvent(CmEventType type, CmId id, CmId listenId, int status, ConnParam param, UdParam ud) {

    @Override
    public String toString() {
        return type + (status != 0 ? " status " + status : "")
                + (param != null && param.privateData().length > 0
                        ? " private data " + Arrays.toString(param.privateData())
                        : "");
    }
}
