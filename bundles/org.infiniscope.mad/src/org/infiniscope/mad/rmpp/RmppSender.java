package org.infiniscope.mad.rmpp;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * The sending side of one RMPP transfer (IBA 13.6.3.2): splits a message into DATA segments, sends
 * the window the receiver opened, moves on with its ACKs, resends the window from the last ACK when
 * one is late, and aborts after too many retries or too long a transfer.
 * <p>
 * It has no threads and reads no clock: the caller passes the time of each event, sends what each
 * {@link RmppStep} lists, and calls {@link #onTimer} at the step's deadline. Not thread-safe; one caller
 * drives it.
 */
public final class RmppSender {

    private final RmppConfig config;
    private final byte[] message;
    private final int segmentCount;
    private final long totalPayload;
    private RmppState state = RmppState.ACTIVE;
    private int status;
    private boolean started;
    /** The receiver's NewWindowLast: the sender may send up to this segment. */
    private long windowLast = 1;
    private long lastAcked;
    private long nextToSend = 1;
    private long highestSent;
    private int retries;
    private long deadline = RmppStep.NO_DEADLINE;
    private long totalDeadline;

    /**
     * @param message the whole message: the header shared by the segments ({@code config.dataOffset()} bytes,
     *        whose RMPP header is ignored) followed by the data, of any length
     * @param config the class's RMPP settings
     */
    public RmppSender(byte[] message, RmppConfig config) {
        if (message.length < config.dataOffset()) {
            throw new IllegalArgumentException("a message of " + message.length + " bytes has no room for the "
                    + config.dataOffset() + "-byte header");
        }
        this.config = config;
        this.message = message.clone();
        int dataLength = message.length - config.dataOffset();
        int perSegment = config.segmentDataSize();
        this.segmentCount = Math.max(1, (dataLength + perSegment - 1) / perSegment);
        int padding = segmentCount * perSegment - dataLength;
        this.totalPayload = (long) segmentCount * RmppHeader.SEGMENT_PAYLOAD - padding;
    }

    /** @return the number of DATA segments the message takes */
    public int segmentCount() {
        return segmentCount;
    }

    /** Sends the first window (one segment, until the receiver's first ACK opens more). */
    public RmppStep start(long now) {
        if (started) {
            throw new IllegalStateException("the transfer has started already");
        }
        started = true;
        totalDeadline = now + config.totalTimeoutNanos();
        List<byte[]> out = new ArrayList<>();
        sendWindow(out, now);
        return step(out);
    }

    /**
     * Handles an ACK, STOP or ABORT of this transfer. A bad ACK aborts the transfer with the status
     * the spec gives, and the step carries the ABORT to send.
     *
     * @throws MadFormatException when the MAD is not RMPP, not of this transfer, or a DATA segment (which
     *         belongs to a receiver); the transfer goes on as if it had not arrived
     */
    public RmppStep onMad(byte[] mad, long now) throws MadFormatException {
        if (mad == null || mad.length != Mad.SIZE) {
            throw new MadFormatException(Problem.BAD_LENGTH, 0,
                    "an RMPP MAD has 256 bytes, got " + (mad == null ? "none" : mad.length));
        }
        if (!RmppMads.sameTransfer(mad, message)) {
            throw new MadFormatException(Problem.BAD_RMPP_SEQUENCE, 8, "class or TransactionID of another transfer");
        }
        RmppHeader rmpp = RmppHeader.decode(mad, RmppHeader.OFFSET);
        if (!rmpp.isActive()) {
            rmpp.check();
        }
        if (rmpp.type() == RmppHeader.DATA) {
            throw new MadFormatException(Problem.BAD_RMPP_SEQUENCE, RmppHeader.OFFSET + 1,
                    "RMPPType DATA sent to the sender of the transfer");
        }
        if (!started || state != RmppState.ACTIVE) {
            return step(List.of());
        }
        RmppHeader.Violation violation = rmpp.violation();
        if (rmpp.type() == RmppHeader.STOP || rmpp.type() == RmppHeader.ABORT) {
            // The peer ended the transfer; a malformed STOP or ABORT ends it just the same, without an answer.
            return fail(violation == null ? rmpp.status() : violation.status(), false);
        }
        if (violation != null) {
            return fail(violation.status(), true);
        }
        return onAck(rmpp, now);
    }

    private RmppStep onAck(RmppHeader ack, long now) {
        long segment = ack.segmentNumber();
        long newWindowLast = ack.newWindowLast();
        if (newWindowLast < segment) {
            return fail(RmppStatus.NEW_WINDOW_LAST_TOO_SMALL, true);
        }
        if (segment > highestSent) {
            return fail(RmppStatus.SEGMENT_NUMBER_TOO_BIG, true);
        }
        if (segment < lastAcked || newWindowLast < windowLast
                || (segment == lastAcked && newWindowLast == windowLast)) {
            return step(List.of()); // late or repeated: nothing new
        }
        if (segment > lastAcked) {
            retries = 0;
        }
        lastAcked = segment;
        windowLast = newWindowLast;
        if (lastAcked >= segmentCount) {
            state = RmppState.COMPLETE;
            deadline = RmppStep.NO_DEADLINE;
            return step(List.of());
        }
        nextToSend = Math.max(nextToSend, lastAcked + 1);
        List<byte[]> out = new ArrayList<>();
        sendWindow(out, now);
        return step(out);
    }

    /** Resends the window from the last ACK when its deadline passed; aborts when out of time or retries. */
    public RmppStep onTimer(long now) {
        if (!started || state != RmppState.ACTIVE) {
            return step(List.of());
        }
        if (now - totalDeadline >= 0) {
            return fail(RmppStatus.TOTAL_TIME_TOO_LONG, true);
        }
        if (now - deadline < 0) {
            return step(List.of());
        }
        if (++retries > config.maxRetries()) {
            return fail(RmppStatus.TOO_MANY_RETRIES, true);
        }
        nextToSend = lastAcked + 1;
        List<byte[]> out = new ArrayList<>();
        sendWindow(out, now);
        return step(out);
    }

    /** @return where the transfer stands, the failure status and the next deadline, without an event */
    public RmppStep current() {
        return step(List.of());
    }

    private void sendWindow(List<byte[]> out, long now) {
        long last = Math.min(windowLast, segmentCount);
        for (; nextToSend <= last; nextToSend++) {
            out.add(segment((int) nextToSend));
            highestSent = Math.max(highestSent, nextToSend);
        }
        // Wait for an ACK whenever segments are out; with none (an empty window) the timer still runs so
        // the sender gives up after its retries instead of waiting for ever.
        deadline = Math.min(now + config.segmentTimeoutNanos(), totalDeadline);
    }

    /**
     * @param number 1 to {@link #segmentCount()}
     * @return DATA segment {@code number}, as the transfer sends it; a new array
     */
    public byte[] segment(int number) {
        Objects.checkIndex(number - 1, segmentCount);
        int offset = config.dataOffset();
        int perSegment = config.segmentDataSize();
        boolean first = number == 1;
        boolean last = number == segmentCount;
        long payloadLength = first
                ? totalPayload
                : last ? totalPayload - (long) (segmentCount - 1) * RmppHeader.SEGMENT_PAYLOAD : 0;
        byte[] mad = RmppMads.control(message, offset,
                RmppHeader.data(number, (int) payloadLength, first, last, config.respTime()), false);
        int from = offset + (number - 1) * perSegment;
        System.arraycopy(message, from, mad, offset, Math.min(perSegment, message.length - from));
        return mad;
    }

    private RmppStep fail(int failure, boolean sendAbort) {
        state = RmppState.FAILED;
        status = failure;
        deadline = RmppStep.NO_DEADLINE;
        return step(sendAbort
                ? List.of(RmppMads.control(message, config.dataOffset(), RmppHeader.abort(failure), false))
                : List.of());
    }

    private RmppStep step(List<byte[]> out) {
        return new RmppStep(out, state, status, state == RmppState.ACTIVE ? deadline : RmppStep.NO_DEADLINE);
    }
}
