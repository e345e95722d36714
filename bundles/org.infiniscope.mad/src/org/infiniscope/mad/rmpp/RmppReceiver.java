package org.infiniscope.mad.rmpp;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * The receiving side of one RMPP transfer (IBA 13.6.3.3): takes DATA segments in order, ACKs at the
 * end of each window and at the last segment, answers repeated segments with the ACK the sender may have
 * lost, keeps segments that arrive ahead of sequence inside the window (so a reordering link costs no
 * time-out), drops those beyond the window, and reassembles the message.
 * <p>
 * A first segment that is malformed is refused with a {@link MadFormatException}; once the transfer runs,
 * a malformed segment aborts it with the ABORT the spec names, and a message larger than the configured
 * limit stops it with a STOP. Like {@link RmppSender} it has no threads and reads no clock; after
 * {@link RmppState#COMPLETE} the caller keeps it until the step's deadline passes, so that repeated
 * segments still get their ACK.
 */
public final class RmppReceiver {

    private final RmppConfig config;
    private byte[] header;
    private byte[] data = new byte[0];
    private int length;
    private RmppState state;
    private int status;
    /** The segment this receiver takes next. */
    private long expected = 1;
    private long windowLast = 1;
    private long lastAcked;
    /** The segment count the first segment announced, or 0 when it did not say. */
    private long announcedCount;
    private long announcedPayload;
    private long deadline = RmppStep.NO_DEADLINE;
    /** Segments that arrived ahead of {@link #expected}, inside the window. */
    private final TreeMap<Long, byte[]> ahead = new TreeMap<>();

    /** @param config the class's RMPP settings */
    public RmppReceiver(RmppConfig config) {
        this.config = config;
    }

    /**
     * Takes one DATA segment (or an ABORT) of the transfer.
     *
     * @throws MadFormatException when the MAD is not 256 bytes, not RMPP, of another transfer, an ACK or
     *         STOP (which belong to a sender), or a malformed first segment; the transfer goes on as if it
     *         had not arrived
     */
    public RmppStep accept(byte[] mad, long now) throws MadFormatException {
        if (mad == null || mad.length != Mad.SIZE) {
            throw new MadFormatException(Problem.BAD_LENGTH, 0,
                    "an RMPP MAD has 256 bytes, got " + (mad == null ? "none" : mad.length));
        }
        RmppHeader rmpp = RmppHeader.decode(mad, RmppHeader.OFFSET);
        if (state == null) {
            return begin(mad, rmpp, now);
        }
        if (!RmppMads.sameTransfer(mad, header)) {
            throw new MadFormatException(Problem.BAD_RMPP_SEQUENCE, 8, "class or TransactionID of another transfer");
        }
        if (!rmpp.isActive()) {
            rmpp.check();
        }
        if (rmpp.type() == RmppHeader.ACK || rmpp.type() == RmppHeader.STOP) {
            throw new MadFormatException(Problem.BAD_RMPP_SEQUENCE, RmppHeader.OFFSET + 1,
                    "RMPPType " + RmppHeader.typeName(rmpp.type()) + " sent to the receiver of the transfer");
        }
        if (state == RmppState.FAILED) {
            return step(List.of());
        }
        RmppHeader.Violation violation = rmpp.violation();
        if (state == RmppState.COMPLETE && (violation != null || rmpp.type() == RmppHeader.ABORT)) {
            return step(List.of()); // the message is whole: a late fault cannot take it back
        }
        if (rmpp.type() == RmppHeader.ABORT) {
            return fail(violation == null ? rmpp.status() : violation.status(), null);
        }
        if (violation != null) {
            return fail(violation.status(), RmppHeader.abort(violation.status()));
        }
        return onData(mad, rmpp, now);
    }

    private RmppStep begin(byte[] mad, RmppHeader rmpp, long now) throws MadFormatException {
        rmpp.check();
        if (rmpp.type() != RmppHeader.DATA || !rmpp.isFirst()) {
            throw new MadFormatException(Problem.BAD_RMPP_SEQUENCE, RmppHeader.OFFSET,
                    "a transfer starts with the first DATA segment, got " + rmpp);
        }
        if (rmpp.isLast() && rmpp.payloadLength() < config.classHeaderSize()) {
            throw new MadFormatException(Problem.BAD_LENGTH, RmppHeader.OFFSET + 8, "PayloadLength "
                    + rmpp.payloadLength() + " is shorter than the " + config.classHeaderSize() + "-byte class header");
        }
        header = Arrays.copyOf(mad, config.dataOffset());
        state = RmppState.ACTIVE;
        deadline = now + config.totalTimeoutNanos();
        if (!rmpp.isLast() && rmpp.payloadLength() != 0) {
            announcedPayload = rmpp.payloadLength();
            announcedCount = (announcedPayload + RmppHeader.SEGMENT_PAYLOAD - 1) / RmppHeader.SEGMENT_PAYLOAD;
            if (announcedCount * config.segmentDataSize() > config.maxMessageBytes() - config.dataOffset()) {
                return fail(RmppStatus.RESOURCES_EXHAUSTED, RmppHeader.stop(RmppStatus.RESOURCES_EXHAUSTED));
            }
        }
        return onData(mad, rmpp, now);
    }

    private RmppStep onData(byte[] mad, RmppHeader rmpp, long now) throws MadFormatException {
        long segment = rmpp.segmentNumber();
        if (state == RmppState.COMPLETE || segment < expected) {
            // A repeat: if the sender resends what was acknowledged, the ACK was lost, so send it again.
            return step(segment <= lastAcked ? List.of(ack(lastAcked)) : List.of());
        }
        if (segment > windowLast) {
            return step(List.of()); // beyond the window: the sender cannot have sent it legitimately yet
        }
        if (segment > expected) {
            // Ahead of a lost or late segment: kept, so a reordering link costs no time-out.
            ahead.putIfAbsent(segment, mad.clone());
            return step(List.of());
        }
        boolean windowDone = false;
        byte[] next = mad;
        RmppHeader header = rmpp;
        while (next != null) {
            RmppStep failure = take(next, header);
            if (failure != null) {
                return failure;
            }
            if (state == RmppState.COMPLETE) {
                ahead.clear();
                windowLast = Math.max(windowLast, header.segmentNumber());
                deadline = now + config.lingerNanos();
                return step(List.of(ack(header.segmentNumber())));
            }
            if (header.segmentNumber() == windowLast) {
                windowLast += config.windowSize();
                windowDone = true;
            }
            next = ahead.remove(expected);
            header = next == null ? null : RmppHeader.decode(next, RmppHeader.OFFSET);
        }
        return step(windowDone ? List.of(ack(expected - 1)) : List.of());
    }

    /** Appends the expected segment; returns the step that ends the transfer when the segment is bad. */
    private RmppStep take(byte[] mad, RmppHeader rmpp) {
        long segment = rmpp.segmentNumber();
        if (announcedCount != 0 && (segment > announcedCount || rmpp.isLast() != (segment == announcedCount))) {
            return fail(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH,
                    RmppHeader.abort(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH));
        }
        int carried = config.segmentDataSize();
        if (rmpp.isLast()) {
            long inLast = rmpp.payloadLength() - config.classHeaderSize();
            boolean total = announcedCount == 0
                    || announcedPayload == (segment - 1) * RmppHeader.SEGMENT_PAYLOAD + rmpp.payloadLength();
            if (inLast < 0 || !total) {
                return fail(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH,
                        RmppHeader.abort(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH));
            }
            carried = (int) inLast;
        }
        if ((long) config.dataOffset() + length + carried > config.maxMessageBytes()) {
            return fail(RmppStatus.RESOURCES_EXHAUSTED, RmppHeader.stop(RmppStatus.RESOURCES_EXHAUSTED));
        }
        append(mad, carried);
        expected++;
        if (rmpp.isLast()) {
            state = RmppState.COMPLETE;
        }
        return null;
    }

    private void append(byte[] mad, int count) {
        if (length + count > data.length) {
            data = Arrays.copyOf(data,
                    Math.max(length + count, Math.min(data.length * 2 + 4096, config.maxMessageBytes())));
        }
        System.arraycopy(mad, config.dataOffset(), data, length, count);
        length += count;
    }

    private byte[] ack(long segment) {
        lastAcked = segment;
        // RRespTime tells the sender how soon this side answers, so it can time its resends.
        RmppHeader ack = RmppHeader.ack((int) segment, (int) windowLast).withRespTime(config.respTime());
        return RmppMads.control(header, config.dataOffset(), ack, true);
    }

    /** Aborts when the transfer took too long; forgets the transfer when the time to answer repeats is over. */
    public RmppStep onTimer(long now) {
        if (state == null || deadline == RmppStep.NO_DEADLINE || now - deadline < 0) {
            return step(List.of());
        }
        if (state == RmppState.ACTIVE) {
            return fail(RmppStatus.TOTAL_TIME_TOO_LONG, RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG));
        }
        deadline = RmppStep.NO_DEADLINE;
        return step(List.of());
    }

    /** @return where the transfer stands, without an event */
    public RmppStep current() {
        return step(List.of());
    }

    /**
     * @return the reassembled message: the first segment's header ({@code config.dataOffset()} bytes) and the
     *         data of every segment, exactly as long as the PayloadLength of the last segment says
     * @throws IllegalStateException before the transfer is complete
     */
    public byte[] message() {
        if (state != RmppState.COMPLETE) {
            throw new IllegalStateException("the transfer is " + (state == null ? "not started" : state));
        }
        byte[] whole = Arrays.copyOf(header, header.length + length);
        System.arraycopy(data, 0, whole, header.length, length);
        return whole;
    }

    private RmppStep fail(int failure, RmppHeader reply) {
        state = RmppState.FAILED;
        ahead.clear();
        status = failure;
        deadline = RmppStep.NO_DEADLINE;
        return step(reply == null ? List.of() : List.of(RmppMads.control(header, config.dataOffset(), reply, true)));
    }

    private RmppStep step(List<byte[]> out) {
        return new RmppStep(out, state == null ? RmppState.ACTIVE : state, status, deadline);
    }
}
