package org.infiniscope.cm;

/** What a {@link CmEvent} reports ({@code enum rdma_cm_event_type}, the events the IB CM produces). */
public enum CmEventType {
    ADDR_RESOLVED,
    ADDR_ERROR,
    ROUTE_RESOLVED,
    ROUTE_ERROR,
    /** A REQ (or SIDR_REQ) reached a listener: the event's id is a new one, to accept or reject. */
    CONNECT_REQUEST,
    /** The REP came for a connection whose QP the CM does not move (no QP on the id). */
    CONNECT_RESPONSE,
    CONNECT_ERROR,
    /** The peer did not answer within the CM's timeouts and retries, or a SIDR_REP said no. */
    UNREACHABLE,
    /** The peer sent a REJ: the event's status is its reason (IBA table 109). */
    REJECTED,
    ESTABLISHED,
    DISCONNECTED,
    DEVICE_REMOVAL,
    /** The connection left TIMEWAIT: its QP number may be reused. */
    TIMEWAIT_EXIT,
    /** A LAP/APR exchange loaded the alternate path into the QP. */
    ALT_PATH_LOADED,
    /** The peer refused to load the alternate path (the event's status is the APR's APStatus). */
    ALT_PATH_ERROR,
    /** librdmacm only: a multicast group was joined. */
    MULTICAST_JOIN,
    /** librdmacm only: joining a multicast group failed. */
    MULTICAST_ERROR,
    /** librdmacm only: the network device of the identifier's address changed. */
    ADDR_CHANGE
}
