package org.infiniscope.mad.rmpp;

/**
 * The RMPPStatus codes (IBA 13.6.2.1): 0 in DATA and ACK, 1 in STOP, 118–127 in ABORT; 128–191 are
 * class-specific and 192–255 vendor-specific.
 */
public final class RmppStatus {

    /** Normal. */
    public static final int NORMAL = 0;
    /** Resources exhausted: the reason for a STOP. */
    public static final int RESOURCES_EXHAUSTED = 1;
    /** Total time too long (T2L). */
    public static final int TOTAL_TIME_TOO_LONG = 118;
    /** Inconsistent Last and PayloadLength. */
    public static final int INCONSISTENT_LAST_AND_PAYLOAD_LENGTH = 119;
    /** Inconsistent First and SegmentNumber. */
    public static final int INCONSISTENT_FIRST_AND_SEGMENT_NUMBER = 120;
    /** Bad RMPPType. */
    public static final int BAD_RMPP_TYPE = 121;
    /** NewWindowLast too small (W2S). */
    public static final int NEW_WINDOW_LAST_TOO_SMALL = 122;
    /** SegmentNumber too big (S2B). */
    public static final int SEGMENT_NUMBER_TOO_BIG = 123;
    /** Illegal status: an RMPPStatus that the RMPPType does not allow. */
    public static final int ILLEGAL_STATUS = 124;
    /** Unsupported RMPPVersion. */
    public static final int UNSUPPORTED_VERSION = 125;
    /** Too many retries (TMR). */
    public static final int TOO_MANY_RETRIES = 126;
    /** Unspecified error. */
    public static final int UNSPECIFIED = 127;

    private RmppStatus() {
    }

    /** @return whether an ABORT may carry the status (118–127, or a class- or vendor-specific code) */
    public static boolean isAbortStatus(int status) {
        return (status >= TOTAL_TIME_TOO_LONG && status <= UNSPECIFIED) || (status >= 128 && status <= 255);
    }

    /** @return a readable name, such as {@code "too many retries"} or {@code "class-specific 130"} */
    public static String name(int status) {
        return switch (status) {
            case NORMAL -> "normal";
            case RESOURCES_EXHAUSTED -> "resources exhausted";
            case TOTAL_TIME_TOO_LONG -> "total time too long";
            case INCONSISTENT_LAST_AND_PAYLOAD_LENGTH -> "inconsistent Last and PayloadLength";
            case INCONSISTENT_FIRST_AND_SEGMENT_NUMBER -> "inconsistent First and SegmentNumber";
            case BAD_RMPP_TYPE -> "bad RMPPType";
            case NEW_WINDOW_LAST_TOO_SMALL -> "NewWindowLast too small";
            case SEGMENT_NUMBER_TOO_BIG -> "SegmentNumber too big";
            case ILLEGAL_STATUS -> "illegal status";
            case UNSUPPORTED_VERSION -> "unsupported version";
            case TOO_MANY_RETRIES -> "too many retries";
            case UNSPECIFIED -> "unspecified";
            default -> status >= 128 && status <= 191
                    ? "class-specific " + status
                    : status >= 192 && status <= 255 ? "vendor-specific " + status : "reserved " + status;
        };
    }
}
