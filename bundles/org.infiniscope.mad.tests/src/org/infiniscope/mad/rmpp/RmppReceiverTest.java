package org.infiniscope.mad.rmpp;

import static org.infiniscope.mad.rmpp.RmppTestMessages.SA;
import static org.infiniscope.mad.rmpp.RmppTestMessages.message;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class RmppReceiverTest {

    private static final long SECOND = 1_000_000_000L;
    private static final RmppConfig WINDOW_4 = SA.withWindowSize(4);

    private final byte[] message = message(10 * 200 - 37, 7); // 10 segments
    private final RmppSender source = new RmppSender(message, SA);

    private static RmppHeader rmpp(byte[] mad) throws MadFormatException {
        return RmppHeader.decode(mad, RmppHeader.OFFSET);
    }

    private static List<RmppHeader> replies(RmppStep step) throws MadFormatException {
        List<RmppHeader> headers = new ArrayList<>();
        for (byte[] mad : step.toSend()) {
            headers.add(rmpp(mad));
        }
        return headers;
    }

    /** @return the ACK header the receiver sends, with its RRespTime */
    private static RmppHeader ack(long segment, long newWindowLast) {
        return RmppHeader.ack((int) segment, (int) newWindowLast).withRespTime(SA.respTime());
    }

    private byte[] segment(int number) {
        return source.segment(number);
    }

    private byte[] segmentWith(int number, RmppHeader header) {
        byte[] mad = segment(number);
        header.encode(mad, RmppHeader.OFFSET);
        return mad;
    }

    @Test
    void acksEachWindowAndTheLastSegmentThenReassembles() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(WINDOW_4);
        List<String> acks = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            RmppStep step = receiver.accept(segment(i), i);
            for (RmppHeader ack : replies(step)) {
                acks.add(ack.segmentNumber() + "/" + ack.newWindowLast());
            }
        }
        assertEquals(List.of("1/5", "5/9", "9/13", "10/13"), acks);
        assertEquals(RmppState.COMPLETE, receiver.current().state());
        assertArrayEquals(RmppTestMessages.withoutRmppHeader(message),
                RmppTestMessages.withoutRmppHeader(receiver.message()));
        assertEquals(10 + SA.lingerNanos(), receiver.current().deadline());
    }

    @Test
    void acksTravelAgainstTheDataWithTheSharedHeader() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA);
        byte[] ack = receiver.accept(segment(1), 0).toSend().get(0);
        assertEquals(0x12, ack[3], "GetTableResp answered by an ACK with method GetTable");
        assertEquals(ack(1, 33), rmpp(ack));
        for (int i : new int[]{0, 1, 2, 8, 9, 15, 16, 17, 40, 55}) {
            assertEquals(message[i], ack[i], "byte " + i);
        }
        assertArrayEquals(new byte[200], java.util.Arrays.copyOfRange(ack, 56, 256));
    }

    @Test
    void singleSegmentTransfer() throws MadFormatException {
        byte[] small = message(37, 8);
        RmppReceiver receiver = new RmppReceiver(SA);
        RmppStep step = receiver.accept(new RmppSender(small, SA).segment(1), 0);
        assertEquals(RmppState.COMPLETE, step.state());
        assertEquals(List.of(ack(1, 1)), replies(step));
        assertEquals(56 + 37, receiver.message().length);
        assertArrayEquals(RmppTestMessages.withoutRmppHeader(small),
                RmppTestMessages.withoutRmppHeader(receiver.message()));
    }

    @Test
    void repeatsGetTheAckAgainSegmentsAheadAreKeptBeyondTheWindowDropped() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(WINDOW_4);
        receiver.accept(segment(1), 0);
        receiver.accept(segment(2), 1);
        receiver.accept(segment(3), 2);
        assertEquals(List.of(ack(1, 5)), replies(receiver.accept(segment(1), 3)), "lost ACK");
        assertEquals(List.of(), replies(receiver.accept(segment(2), 4)), "received, not yet acknowledged");
        assertEquals(List.of(), replies(receiver.accept(segment(5), 5)), "ahead of sequence: kept");
        assertEquals(List.of(), replies(receiver.accept(segment(9), 6)), "beyond the window: dropped");
        assertEquals(List.of(ack(5, 9)), replies(receiver.accept(segment(4), 7)), "4 and the kept 5");
        assertEquals(List.of(ack(5, 9)), replies(receiver.accept(segment(5), 8)), "a repeat");
        for (int i = 6; i <= 10; i++) {
            receiver.accept(segment(i), 10 + i);
        }
        assertEquals(RmppState.COMPLETE, receiver.current().state());
        assertEquals(List.of(ack(10, 13)), replies(receiver.accept(segment(10), 30)), "after the end");
        assertEquals(List.of(ack(10, 13)), replies(receiver.accept(segment(3), 31)));
        assertEquals(List.of(), replies(receiver.accept(segmentWith(3, RmppHeader.data(3, 0, true, false, 0)), 32)),
                "a malformed repeat after the end changes nothing");
        assertEquals(List.of(), replies(receiver.accept(segmentWith(3, RmppHeader.abort(RmppStatus.UNSPECIFIED)), 33)));
        assertEquals(RmppState.COMPLETE, receiver.current().state());
        RmppStep forget = receiver.onTimer(20 + SA.lingerNanos());
        assertTrue(!forget.hasDeadline() && forget.state() == RmppState.COMPLETE);
    }

    @Test
    void transferThatTakesTooLongIsAborted() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA);
        receiver.accept(segment(1), 5);
        assertEquals(5 + SA.totalTimeoutNanos(), receiver.current().deadline());
        assertEquals(List.of(), receiver.onTimer(4 + SA.totalTimeoutNanos()).toSend());
        RmppStep step = receiver.onTimer(5 + SA.totalTimeoutNanos());
        assertEquals(RmppState.FAILED, step.state());
        assertEquals(List.of(RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG)), replies(step));
        assertEquals(List.of(), receiver.accept(segment(2), 6 + SA.totalTimeoutNanos()).toSend());
    }

    @Test
    void malformedSegmentsMidTransferAbortWithTheirStatus() throws MadFormatException {
        assertAborts(segmentWith(2, new RmppHeader(2, 1, 0, 1, 0, 2, 0)), RmppStatus.UNSUPPORTED_VERSION);
        assertAborts(segmentWith(2, new RmppHeader(1, 7, 0, 1, 0, 2, 0)), RmppStatus.BAD_RMPP_TYPE);
        assertAborts(segmentWith(2, new RmppHeader(1, 1, 0, 1, 5, 2, 0)), RmppStatus.ILLEGAL_STATUS);
        assertAborts(segmentWith(2, RmppHeader.data(2, 0, true, false, 0)),
                RmppStatus.INCONSISTENT_FIRST_AND_SEGMENT_NUMBER);
        assertAborts(segmentWith(2, RmppHeader.data(0, 0, false, false, 0)),
                RmppStatus.INCONSISTENT_FIRST_AND_SEGMENT_NUMBER);
        // Segment 2 claims to be the last, but the first announced 10 segments.
        assertAborts(segmentWith(2, RmppHeader.data(2, 100, false, true, 0)),
                RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH);
        assertAborts(segmentWith(2, RmppHeader.data(2, 300, false, true, 0)),
                RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH);
    }

    private void assertAborts(byte[] bad, int status) throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA);
        receiver.accept(segment(1), 0);
        RmppStep step = receiver.accept(bad, 1);
        assertEquals(RmppState.FAILED, step.state(), RmppStatus.name(status));
        assertEquals(status, step.status());
        assertEquals(List.of(RmppHeader.abort(status)), replies(step));
    }

    @Test
    void lastSegmentMustAgreeWithTheAnnouncedLength() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA.withWindowSize(20));
        for (int i = 1; i < 10; i++) {
            receiver.accept(segment(i), i);
        }
        byte[] last = segment(10);
        last[35]++; // PayloadLength one more than the first segment announced
        RmppStep step = receiver.accept(last, 11);
        assertEquals(RmppStatus.INCONSISTENT_LAST_AND_PAYLOAD_LENGTH, step.status());
        RmppReceiver unannounced = new RmppReceiver(SA);
        byte[] first = segmentWith(1, RmppHeader.data(1, 0, true, false, 0));
        unannounced.accept(first, 0);
        assertEquals(RmppState.ACTIVE, unannounced.accept(segment(2), 1).state(), "no length announced: fine");
    }

    @Test
    void abortFromTheSenderEndsTheTransferWithoutAnswer() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA);
        receiver.accept(segment(1), 0);
        RmppStep step = receiver.accept(segmentWith(2, RmppHeader.abort(RmppStatus.TOO_MANY_RETRIES)), 1);
        assertEquals(RmppState.FAILED, step.state());
        assertEquals(RmppStatus.TOO_MANY_RETRIES, step.status());
        assertEquals(List.of(), step.toSend());
    }

    @Test
    void tooLargeMessagesAreStopped() throws MadFormatException {
        RmppReceiver announced = new RmppReceiver(SA.withMaxMessageBytes(1000));
        RmppStep step = announced.accept(segment(1), 0);
        assertEquals(RmppState.FAILED, step.state());
        assertEquals(List.of(RmppHeader.stop(RmppStatus.RESOURCES_EXHAUSTED)), replies(step));
        RmppReceiver unannounced = new RmppReceiver(SA.withMaxMessageBytes(500));
        unannounced.accept(segmentWith(1, RmppHeader.data(1, 0, true, false, 0)), 0);
        assertEquals(RmppState.ACTIVE, unannounced.accept(segment(2), 1).state());
        RmppStep stopped = unannounced.accept(segment(3), 2);
        assertEquals(RmppStatus.RESOURCES_EXHAUSTED, stopped.status());
        assertEquals(List.of(RmppHeader.stop(RmppStatus.RESOURCES_EXHAUSTED)), replies(stopped));
    }

    @Test
    void badFirstSegmentsAreRefusedWithCheckedExceptions() {
        assertRefused(segment(2), Problem.BAD_RMPP_SEQUENCE);
        assertRefused(segmentWith(1, RmppHeader.data(1, 0, false, false, 0)), Problem.BAD_RMPP_SEQUENCE);
        assertRefused(segmentWith(1, RmppHeader.ack(1, 1)), Problem.BAD_RMPP_SEQUENCE);
        assertRefused(segmentWith(1, RmppHeader.INACTIVE), Problem.BAD_RMPP_SEQUENCE);
        assertRefused(segmentWith(1, RmppHeader.data(1, 100, true, false, 0)), Problem.BAD_LENGTH);
        assertRefused(segmentWith(1, RmppHeader.data(1, 10, true, true, 0)), Problem.BAD_LENGTH);
        assertRefused(segmentWith(1, RmppHeader.data(1, 221, true, true, 0)), Problem.BAD_LENGTH);
        assertRefused(new byte[255], Problem.BAD_LENGTH);
        assertRefused(null, Problem.BAD_LENGTH);
    }

    private static void assertRefused(byte[] mad, Problem problem) {
        RmppReceiver receiver = new RmppReceiver(SA);
        assertEquals(problem, assertThrows(MadFormatException.class, () -> receiver.accept(mad, 0)).problem());
        assertThrows(IllegalStateException.class, receiver::message);
    }

    @Test
    void madsOfOtherTransfersOrDirectionsAreRefusedWithoutHarm() throws MadFormatException {
        RmppReceiver receiver = new RmppReceiver(SA);
        receiver.accept(segment(1), 0);
        byte[] otherTid = segment(2);
        otherTid[8] ^= 1;
        assertThrows(MadFormatException.class, () -> receiver.accept(otherTid, 1));
        assertThrows(MadFormatException.class, () -> receiver.accept(segmentWith(2, RmppHeader.ack(1, 2)), 1));
        assertThrows(MadFormatException.class, () -> receiver.accept(segmentWith(2, RmppHeader.INACTIVE), 1));
        assertEquals(RmppState.ACTIVE, receiver.accept(segment(2), 2).state());
    }
}
