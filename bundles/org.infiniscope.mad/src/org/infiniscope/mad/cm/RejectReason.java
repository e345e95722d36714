package org.infiniscope.mad.cm;

import java.util.Optional;

/** The reasons a REJ gives (IBA 12.6.7.2, Table 109; the names Linux's {@code ib_cm_rej_reason} uses too). */
public enum RejectReason {

    NO_QP(1, "No QP available"),
    NO_EEC(2, "No EEC available"),
    NO_RESOURCES(3, "No resources available"),
    TIMEOUT(4, "Timeout"),
    UNSUPPORTED(5, "Unsupported request"),
    INVALID_COMM_ID(6, "Invalid communication ID"),
    INVALID_COMM_INSTANCE(7, "Invalid communication instance"),
    INVALID_SERVICE_ID(8, "Invalid service ID"),
    INVALID_TRANSPORT_TYPE(9, "Invalid transport service type"),
    STALE_CONNECTION(10, "Stale connection"),
    RDC_NOT_EXIST(11, "RDC does not exist"),
    INVALID_GID(12, "Primary remote port GID rejected"),
    INVALID_LID(13, "Primary remote port LID rejected"),
    INVALID_SL(14, "Invalid primary SL"),
    INVALID_TRAFFIC_CLASS(15, "Invalid primary traffic class"),
    INVALID_HOP_LIMIT(16, "Invalid primary hop limit"),
    INVALID_PACKET_RATE(17, "Invalid primary packet rate"),
    INVALID_ALT_GID(18, "Alternate remote port GID rejected"),
    INVALID_ALT_LID(19, "Alternate remote port LID rejected"),
    INVALID_ALT_SL(20, "Invalid alternate SL"),
    INVALID_ALT_TRAFFIC_CLASS(21, "Invalid alternate traffic class"),
    INVALID_ALT_HOP_LIMIT(22, "Invalid alternate hop limit"),
    INVALID_ALT_PACKET_RATE(23, "Invalid alternate packet rate"),
    PORT_CM_REDIRECT(24, "Port and CM redirection"),
    PORT_REDIRECT(25, "Port redirection"),
    INVALID_MTU(26, "Invalid path MTU"),
    INSUFFICIENT_RESP_RESOURCES(27, "Insufficient responder resources"),
    CONSUMER_DEFINED(28, "Consumer reject"),
    INVALID_RNR_RETRY(29, "RNR retry count reject"),
    DUPLICATE_LOCAL_COMM_ID(30, "Duplicate local communication ID"),
    INVALID_CLASS_VERSION(31, "Unsupported class version"),
    INVALID_FLOW_LABEL(32, "Invalid primary flow label"),
    INVALID_ALT_FLOW_LABEL(33, "Invalid alternate flow label");

    private final int code;
    private final String description;

    RejectReason(int code, String description) {
        this.code = code;
        this.description = description;
    }

    /** @return the 16-bit reason code on the wire */
    public int code() {
        return code;
    }

    /** @return a readable description, such as {@code "Invalid service ID"} */
    public String description() {
        return description;
    }

    /** @return the reason with that code, empty for codes the spec reserves or later versions add */
    public static Optional<RejectReason> of(int code) {
        RejectReason[] all = values();
        return code >= 1 && code <= all.length ? Optional.of(all[code - 1]) : Optional.empty();
    }

    /** @return a readable name for any code, such as {@code "Invalid service ID (8)"} or {@code "reason 99"} */
    public static String describe(int code) {
        return of(code).map(reason -> reason.description + " (" + code + ")").orElse("reason " + code);
    }
}
