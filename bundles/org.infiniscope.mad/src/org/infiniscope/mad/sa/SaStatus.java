package org.infiniscope.mad.sa;

import org.infiniscope.mad.MadStatus;

/**
 * The SA's class-specific status codes (IBA 15.2.1.2), carried in bits 8–14 of the MAD status. The
 * constants are the codes; {@link #status(int)} places one in a MAD status.
 */
public final class SaStatus {

    /** The SA has no resources for the request. */
    public static final int ERR_NO_RESOURCES = 1;
    /** The request is invalid (a bad attribute, component mask or value). */
    public static final int ERR_REQ_INVALID = 2;
    /** No record matches the request. */
    public static final int ERR_NO_RECORDS = 3;
    /** More than one record matches a Get, which answers one. */
    public static final int ERR_TOO_MANY_RECORDS = 4;
    /** A GID in the request is invalid. */
    public static final int ERR_REQ_INVALID_GID = 5;
    /** The component mask leaves out components the request needs. */
    public static final int ERR_REQ_INSUFFICIENT_COMPONENTS = 6;
    /** The request is denied (for example, for lack of a shared partition). */
    public static final int ERR_REQ_DENIED = 7;

    private SaStatus() {
    }

    /** @return the MAD status carrying the SA code */
    public static int status(int code) {
        return (code & 0x7F) << 8;
    }

    /** @return the SA code in a MAD status, 0 when there is none */
    public static int code(int madStatus) {
        return MadStatus.classSpecific(madStatus);
    }

    /** @return the code's name, such as {@code ERR_NO_RECORDS}, or {@code SA status 9} for an unknown one */
    public static String name(int code) {
        return switch (code) {
            case 0 -> "OK";
            case ERR_NO_RESOURCES -> "ERR_NO_RESOURCES";
            case ERR_REQ_INVALID -> "ERR_REQ_INVALID";
            case ERR_NO_RECORDS -> "ERR_NO_RECORDS";
            case ERR_TOO_MANY_RECORDS -> "ERR_TOO_MANY_RECORDS";
            case ERR_REQ_INVALID_GID -> "ERR_REQ_INVALID_GID";
            case ERR_REQ_INSUFFICIENT_COMPONENTS -> "ERR_REQ_INSUFFICIENT_COMPONENTS";
            case ERR_REQ_DENIED -> "ERR_REQ_DENIED";
            default -> "SA status " + code;
        };
    }

    /** @return what the code means, in words */
    public static String describe(int code) {
        return switch (code) {
            case 0 -> "no SA error";
            case ERR_NO_RESOURCES -> "the SA has no resources for the request";
            case ERR_REQ_INVALID -> "the request is invalid";
            case ERR_NO_RECORDS -> "no record matches";
            case ERR_TOO_MANY_RECORDS -> "more than one record matches";
            case ERR_REQ_INVALID_GID -> "a GID in the request is invalid";
            case ERR_REQ_INSUFFICIENT_COMPONENTS -> "the component mask lacks components the request needs";
            case ERR_REQ_DENIED -> "the request is denied";
            default -> "reserved SA status " + code;
        };
    }

    /**
     * @return the whole MAD status in words: the common bits as {@link MadStatus#describe} gives them with
     *         the class-specific part named, such as {@code "ERR_NO_RECORDS"}
     */
    public static String describeStatus(int madStatus) {
        int code = code(madStatus);
        String common = MadStatus.describe(madStatus & ~0x7F00);
        if (code == 0) {
            return common;
        }
        return "ok".equals(common) ? name(code) : common + ", " + name(code);
    }
}
