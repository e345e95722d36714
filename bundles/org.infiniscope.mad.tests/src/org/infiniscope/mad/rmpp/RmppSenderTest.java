package org.infiniscope.mad.rmpp;

import static org.infiniscope.mad.rmpp.RmppTestMessages.SA;
import static org.infiniscope.mad.rmpp.RmppTestMessages.message;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class RmppSenderTest {

    private static final long SECOND = 1_000_000_000L;

    private final byte[] message = message(1000, 1); // 5 segments of 200 data bytes

    private static RmppHeader rmpp(byte[] mad) throws MadFormatException {
        return RmppHeader.decode(mad, RmppHeader.OFFSET);
    }

    private byte[] ack(long segment, long newWindowLast) {
        byte[] mad = Arrays.copyOf(message, 256);
        mad[3] = 0x12; // ACKs travel against the data: GetTableResp becomes GetTable
        RmppHeader.ack((int) segment, (int) newWindowLast).encode(mad, RmppHeader.OFFSET);
        return mad;
    }

    private static List<Long> segments(RmppStep step) throws MadFormatException {
        Long[] numbers = new Long[step.toSend().size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = rmpp(step.toSend().get(i)).segmentNumber();
        }
        return List.of(numbers);
    }

    @Test
    void segmentsRepeatTheHeaderAndCarryFlagsAndLengths() throws MadFormatException {
        RmppSender sender = new RmppSender(message(401, 2), SA);
        assertEquals(3, sender.segmentCount());
        byte[] first = sender.segment(1);
        byte[] middle = sender.segment(2);
        byte[] last = sender.segment(3);
        // 401 data bytes in 3 segments: 199 bytes of padding; PayloadLength counts 220 bytes a segment.
        assertEquals(RmppHeader.data(1, 3 * 220 - 199, true, false, RmppHeader.NO_RESP_TIME), rmpp(first));
        assertEquals(RmppHeader.data(2, 0, false, false, RmppHeader.NO_RESP_TIME), rmpp(middle));
        assertEquals(RmppHeader.data(3, 21, false, true, RmppHeader.NO_RESP_TIME), rmpp(last));
        byte[] original = message(401, 2);
        for (byte[] segment : List.of(first, middle, last)) {
            assertArrayEquals(Arrays.copyOfRange(original, 0, 24), Arrays.copyOfRange(segment, 0, 24));
            assertArrayEquals(Arrays.copyOfRange(original, 36, 56), Arrays.copyOfRange(segment, 36, 56));
        }
        assertArrayEquals(Arrays.copyOfRange(original, 456, 457), Arrays.copyOfRange(last, 56, 57));
        assertArrayEquals(new byte[199], Arrays.copyOfRange(last, 57, 256));
    }

    @Test
    void emptyAndExactlyFullMessagesTakeOneSegment() throws MadFormatException {
        RmppSender empty = new RmppSender(message(0, 3), SA);
        assertEquals(1, empty.segmentCount());
        assertEquals(RmppHeader.data(1, 20, true, true, RmppHeader.NO_RESP_TIME), rmpp(empty.segment(1)));
        RmppSender full = new RmppSender(message(200, 3), SA);
        assertEquals(1, full.segmentCount());
        assertEquals(RmppHeader.data(1, 220, true, true, RmppHeader.NO_RESP_TIME), rmpp(full.segment(1)));
        assertThrows(IllegalArgumentException.class, () -> new RmppSender(new byte[55], SA));
    }

    @Test
    void acksMoveTheWindowAndLateAcksChangeNothing() throws MadFormatException {
        RmppSender sender = new RmppSender(message, SA);
        RmppStep step = sender.start(0);
        assertEquals(List.of(1L), segments(step));
        assertEquals(SECOND, step.deadline());
        assertEquals(List.of(2L, 3L), segments(sender.onMad(ack(1, 3), 10)));
        assertEquals(List.of(), segments(sender.onMad(ack(1, 3), 11)), "a repeated ACK");
        assertEquals(List.of(), segments(sender.onMad(ack(2, 3), 12)), "an ACK inside the window");
        assertEquals(List.of(4L), segments(sender.onMad(ack(2, 4), 13)), "the window grew by one");
        assertEquals(List.of(), segments(sender.onMad(ack(1, 4), 14)), "an older ACK");
        RmppStep done = sender.onMad(ack(5, 9), 16);
        assertEquals(RmppState.FAILED, done.state(), "segment 5 was never sent: SegmentNumber too big");
        assertEquals(RmppStatus.SEGMENT_NUMBER_TOO_BIG, done.status());
    }

    @Test
    void lastAckCompletesTheTransfer() throws MadFormatException {
        RmppSender sender = new RmppSender(message, SA);
        sender.start(0);
        assertEquals(List.of(2L, 3L, 4L, 5L), segments(sender.onMad(ack(1, 100), 1)));
        RmppStep step = sender.onMad(ack(5, 100), 2);
        assertEquals(RmppState.COMPLETE, step.state());
        assertFalse(step.hasDeadline());
        assertEquals(List.of(), sender.onMad(ack(5, 100), 3).toSend());
        assertEquals(List.of(), sender.onTimer(10 * SECOND).toSend());
    }

    @Test
    void timeoutResendsFromTheLastAckThenGivesUp() throws MadFormatException {
        RmppSender sender = new RmppSender(message, SA);
        sender.start(0);
        sender.onMad(ack(1, 4), 1);
        sender.onMad(ack(2, 4), 2);
        assertEquals(List.of(), sender.onTimer(SECOND - 1).toSend(), "not yet");
        for (int retry = 1; retry <= SA.maxRetries(); retry++) {
            RmppStep step = sender.onTimer(retry * SECOND + 2);
            assertEquals(List.of(3L, 4L), segments(step), "retry " + retry);
            assertEquals((retry + 1) * SECOND + 2, step.deadline());
        }
        RmppStep gaveUp = sender.onTimer((SA.maxRetries() + 1) * SECOND + 2);
        assertEquals(RmppState.FAILED, gaveUp.state());
        assertEquals(RmppStatus.TOO_MANY_RETRIES, gaveUp.status());
        RmppHeader abort = rmpp(gaveUp.toSend().get(0));
        assertEquals(RmppHeader.abort(RmppStatus.TOO_MANY_RETRIES), abort);
        assertEquals((byte) 0x92, gaveUp.toSend().get(0)[3], "the sender's ABORT travels with the data");
    }

    @Test
    void progressResetsTheRetriesButNotTheTotalTime() throws MadFormatException {
        RmppConfig slow = new RmppConfig(56, 1, SECOND, 1, 3 * SECOND, 0, 1 << 20, SECOND);
        RmppSender sender = new RmppSender(message, slow);
        sender.start(0);
        assertEquals(List.of(1L), segments(sender.onTimer(SECOND)));
        assertEquals(List.of(2L), segments(sender.onMad(ack(1, 2), SECOND + 1)));
        assertEquals(List.of(2L), segments(sender.onTimer(2 * SECOND + 1)));
        RmppStep late = sender.onTimer(3 * SECOND);
        assertEquals(RmppStatus.TOTAL_TIME_TOO_LONG, late.status());
        assertEquals(RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG), rmpp(late.toSend().get(0)));
    }

    @Test
    void badAcksAbortWithTheStatusTheSpecNames() throws MadFormatException {
        assertAborts(ack(1, 0), RmppStatus.NEW_WINDOW_LAST_TOO_SMALL);
        assertAborts(ack(2, 5), RmppStatus.SEGMENT_NUMBER_TOO_BIG);
        byte[] withStatus = ack(1, 5);
        withStatus[27] = 7;
        assertAborts(withStatus, RmppStatus.ILLEGAL_STATUS);
        byte[] version = ack(1, 5);
        version[24] = 2;
        assertAborts(version, RmppStatus.UNSUPPORTED_VERSION);
        byte[] type = ack(1, 5);
        type[25] = 9;
        assertAborts(type, RmppStatus.BAD_RMPP_TYPE);
    }

    private void assertAborts(byte[] badAck, int status) throws MadFormatException {
        RmppSender sender = new RmppSender(message, SA);
        sender.start(0);
        RmppStep step = sender.onMad(badAck, 1);
        assertEquals(RmppState.FAILED, step.state());
        assertEquals(status, step.status(), RmppStatus.name(step.status()));
        assertEquals(RmppHeader.abort(status), rmpp(step.toSend().get(0)));
    }

    @Test
    void stopAndAbortFromTheReceiverEndTheTransferSilently() throws MadFormatException {
        for (RmppHeader end : List.of(RmppHeader.stop(1), RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG))) {
            RmppSender sender = new RmppSender(message, SA);
            sender.start(0);
            byte[] mad = ack(0, 0);
            end.encode(mad, RmppHeader.OFFSET);
            RmppStep step = sender.onMad(mad, 1);
            assertEquals(RmppState.FAILED, step.state());
            assertEquals(end.status(), step.status());
            assertTrue(step.toSend().isEmpty());
            assertFalse(step.hasDeadline());
        }
    }

    @Test
    void madsThatAreNotItsOwnAreRefusedWithoutHarm() throws MadFormatException {
        RmppSender sender = new RmppSender(message, SA);
        sender.start(0);
        byte[] otherTid = ack(1, 5);
        otherTid[15] ^= 1;
        assertEquals(Problem.BAD_RMPP_SEQUENCE,
                assertThrows(MadFormatException.class, () -> sender.onMad(otherTid, 1)).problem());
        byte[] inactive = ack(1, 5);
        inactive[26] = 0;
        assertEquals(Problem.BAD_RMPP_SEQUENCE,
                assertThrows(MadFormatException.class, () -> sender.onMad(inactive, 1)).problem());
        assertEquals(Problem.BAD_RMPP_SEQUENCE,
                assertThrows(MadFormatException.class, () -> sender.onMad(sender.segment(1), 1)).problem());
        assertEquals(Problem.BAD_LENGTH,
                assertThrows(MadFormatException.class, () -> sender.onMad(new byte[100], 1)).problem());
        assertEquals(List.of(2L, 3L, 4L, 5L), segments(sender.onMad(ack(1, 5), 2)), "still running");
    }
}
