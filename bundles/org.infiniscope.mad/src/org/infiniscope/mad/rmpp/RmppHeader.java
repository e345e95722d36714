package org.infiniscope.mad.rmpp;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * The RMPP header (IBA 13.6.2.1), bytes 24–35 of a GMP of a class that uses RMPP (SA, vendor classes
 * 0x30–0x4F). Its two 32-bit words mean different things per type: SegmentNumber and PayloadLength in
 * DATA, SegmentNumber and NewWindowLast in ACK, nothing in STOP and ABORT.
 * <p>
 * Decoding accepts every bit pattern, so that a transfer in progress can answer a bad header with the
 * ABORT the spec asks for; {@link #check()} says what is wrong with one.
 *
 * @param version RMPPVersion, 1 for this spec ({@link #VERSION})
 * @param type RMPPType: {@link #DATA}, {@link #ACK}, {@link #STOP}, {@link #ABORT}, or 0 when inactive
 * @param respTime RRespTime, 5 bits (31 means "no time given")
 * @param flags RMPPFlags, 3 bits: {@link #ACTIVE}, {@link #FIRST}, {@link #LAST}
 * @param status RMPPStatus ({@link RmppStatus})
 * @param data1 SegmentNumber in DATA and ACK
 * @param data2 PayloadLength in DATA, NewWindowLast in ACK
 */
public record RmppHeader(int version, int type, int respTime, int flags, int status, int data1, int data2) {

    /** Where the header starts in a MAD. */
    public static final int OFFSET = 24;
    /** Size of the header on the wire. */
    public static final int LENGTH = 12;
    /** The RMPP payload of one segment: everything after the RMPP header. */
    public static final int SEGMENT_PAYLOAD = 256 - OFFSET - LENGTH;
    /** The only RMPPVersion this spec defines. */
    public static final int VERSION = 1;
    /** RMPPType DATA: a segment. */
    public static final int DATA = 1;
    /** RMPPType ACK: the receiver acknowledges segments and opens its window. */
    public static final int ACK = 2;
    /** RMPPType STOP: the receiver asks the sender to stop (resources exhausted). */
    public static final int STOP = 3;
    /** RMPPType ABORT: either side ends the transfer, the status saying why. */
    public static final int ABORT = 4;
    /** Flag: the RMPP fields are in use; without it the MAD is a plain single MAD. */
    public static final int ACTIVE = 0x1;
    /** Flag: the first segment of a transfer. */
    public static final int FIRST = 0x2;
    /** Flag: the last segment of a transfer. */
    public static final int LAST = 0x4;
    /** RRespTime meaning "no response time given". */
    public static final int NO_RESP_TIME = 0x1F;
    /** The header of a MAD that does not use RMPP. */
    public static final RmppHeader INACTIVE = new RmppHeader(0, 0, 0, 0, 0, 0, 0);

    /** Checks the ranges of the narrow fields. */
    public RmppHeader {
        range("version", version, 0xFF);
        range("type", type, 0xFF);
        range("respTime", respTime, 0x1F);
        range("flags", flags, 0x7);
        range("status", status, 0xFF);
    }

    private static void range(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is outside 0.." + max);
        }
    }

    /** @return a DATA segment header */
    public static RmppHeader data(int segmentNumber, int payloadLength, boolean first, boolean last, int respTime) {
        return new RmppHeader(VERSION, DATA, respTime, ACTIVE | (first ? FIRST : 0) | (last ? LAST : 0), 0,
                segmentNumber, payloadLength);
    }

    /** @return an ACK header acknowledging every segment up to {@code segmentNumber} */
    public static RmppHeader ack(int segmentNumber, int newWindowLast) {
        return new RmppHeader(VERSION, ACK, 0, ACTIVE, 0, segmentNumber, newWindowLast);
    }

    /** @return a STOP header (the status is normally {@link RmppStatus#RESOURCES_EXHAUSTED}) */
    public static RmppHeader stop(int status) {
        return new RmppHeader(VERSION, STOP, 0, ACTIVE, status, 0, 0);
    }

    /** @return an ABORT header with one of the abort statuses */
    public static RmppHeader abort(int status) {
        return new RmppHeader(VERSION, ABORT, 0, ACTIVE, status, 0, 0);
    }

    /**
     * @param buf the bytes
     * @param offset where the RMPP header starts ({@link #OFFSET} in a MAD)
     * @throws MadFormatException if fewer than 12 bytes are there
     */
    public static RmppHeader decode(byte[] buf, int offset) throws MadFormatException {
        Bits.require(buf, offset, LENGTH, "RMPP header");
        int rtimeFlags = Bits.u8(buf, offset + 2);
        return new RmppHeader(Bits.u8(buf, offset), Bits.u8(buf, offset + 1), rtimeFlags >>> 3, rtimeFlags & 0x7,
                Bits.u8(buf, offset + 3), Bits.u32(buf, offset + 4), Bits.u32(buf, offset + 8));
    }

    /** Writes the 12 bytes at {@code offset}. */
    public void encode(byte[] buf, int offset) {
        Bits.put8(buf, offset, version);
        Bits.put8(buf, offset + 1, type);
        Bits.put8(buf, offset + 2, (respTime << 3) | flags);
        Bits.put8(buf, offset + 3, status);
        Bits.put32(buf, offset + 4, data1);
        Bits.put32(buf, offset + 8, data2);
    }

    /** @return whether the Active flag is set: without it the MAD is a plain single MAD */
    public boolean isActive() {
        return (flags & ACTIVE) != 0;
    }

    /** @return whether the First flag is set */
    public boolean isFirst() {
        return (flags & FIRST) != 0;
    }

    /** @return whether the Last flag is set */
    public boolean isLast() {
        return (flags & LAST) != 0;
    }

    /** @return SegmentNumber (DATA, ACK), unsigned in a long */
    public long segmentNumber() {
        return Integer.toUnsignedLong(data1);
    }

    /** @return PayloadLength (DATA), unsigned in a long */
    public long payloadLength() {
        return Integer.toUnsignedLong(data2);
    }

    /** @return NewWindowLast (ACK), unsigned in a long */
    public long newWindowLast() {
        return Integer.toUnsignedLong(data2);
    }

    /** @return the header with another RRespTime */
    public RmppHeader withRespTime(int value) {
        return new RmppHeader(version, type, value, flags, status, data1, data2);
    }

    /**
     * Checks what a single header can show on its own: an active header with a known version and type,
     * a status its type allows, First on segment 1 only, and a DATA PayloadLength its flags allow.
     *
     * @throws MadFormatException {@code BAD_RMPP_SEQUENCE} or {@code BAD_LENGTH}, naming the field
     */
    public void check() throws MadFormatException {
        Violation violation = violation();
        if (violation != null) {
            throw violation.exception();
        }
    }

    /** @return what is wrong with the header and the ABORT status that answers it, or null */
    Violation violation() {
        if (!isActive()) {
            return new Violation(0, Problem.BAD_RMPP_SEQUENCE, "RMPPFlags: Active is clear, not an RMPP MAD");
        }
        if (version != VERSION) {
            return new Violation(RmppStatus.UNSUPPORTED_VERSION, Problem.BAD_RMPP_SEQUENCE,
                    "RMPPVersion " + version + ", expected 1");
        }
        return switch (type) {
            case DATA -> dataViolation();
            case ACK -> status == 0 ? null : illegalStatus();
            case STOP -> status == RmppStatus.RESOURCES_EXHAUSTED ? null : illegalStatus();
            case ABORT -> RmppStatus.isAbortStatus(status) ? null : illegalStatus();
            default ->
                new Violation(RmppStatus.BAD_RMPP_TYPE, Problem.BAD_RMPP_SEQUENCE, "RMPPType " + type + " is reserved");
        };
    }

    private Violation dataViolation() {
        if (status != 0) {
            return illegalStatus();
        }
        if (segmentNumber() == 0 || isFirst() != (segmentNumber() == 1)) {
            return new Violation(RmppStatus.INCONSISTENT_FIRST_AND_SEGMENT_NUMBER, Problem.BAD_RMPP_SEQUENCE,
                    "SegmentNumber " + segmentNumber() + " with First " + (isFirst() ? "set" : "clear"));
        }
        long length = payloadLength();
        // A last segment carries 1..220 bytes; a first one that is not last announces more than one segment's
        // worth, or 0 for "total not known"; middle segments carry no length.
        boolean bad = isLast()
                ? length == 0 || length > SEGMENT_PAYLOAD
                : isFirst() && length != 0 && length <= SEGMENT_PAYLOAD;
        if (bad) {
            return new Violation(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH, Problem.BAD_LENGTH,
                    "PayloadLength " + length + " in a " + (isLast() ? "last" : "first") + " segment");
        }
        return null;
    }

    private Violation illegalStatus() {
        return new Violation(RmppStatus.ILLEGAL_STATUS, Problem.BAD_RMPP_SEQUENCE,
                "RMPPStatus " + status + " in " + typeName(type));
    }

    /** @return the type's name: DATA, ACK, STOP, ABORT, or {@code type(N)} */
    public static String typeName(int type) {
        return switch (type) {
            case DATA -> "DATA";
            case ACK -> "ACK";
            case STOP -> "STOP";
            case ABORT -> "ABORT";
            default -> "type(" + type + ")";
        };
    }

    @Override
    public String toString() {
        if (!isActive()) {
            return "RmppHeader[inactive]";
        }
        StringBuilder text = new StringBuilder("RmppHeader[v").append(version).append(' ').append(typeName(type));
        text.append(isFirst() ? " First" : "").append(isLast() ? " Last" : "");
        switch (type) {
            case DATA -> text.append(" seg ").append(segmentNumber()).append(" paylen ").append(payloadLength());
            case ACK -> text.append(" seg ").append(segmentNumber()).append(" newWindowLast ").append(newWindowLast());
            default -> {
            }
        }
        text.append(" status ").append(RmppStatus.name(status));
        return text.append(" rrespTime ").append(respTime).append(']').toString();
    }

    /** A fault in an RMPP header or sequence: the exception for a caller, the status for an ABORT. */
    record Violation(int status, Problem problem, String message) {

        MadFormatException exception() {
            return new MadFormatException(problem, OFFSET, message);
        }
    }
}
