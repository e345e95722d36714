package org.infiniscope.mad.rmpp;

import static org.infiniscope.mad.rmpp.RmppTestMessages.SA;
import static org.infiniscope.mad.rmpp.RmppTestMessages.message;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** A sender and a receiver wired by hand, to lose, repeat and reorder exactly the MADs a case needs. */
class RmppConversationTest {

    private static final long SECOND = 1_000_000_000L;
    private static final RmppConfig WINDOW_4 = SA.withWindowSize(4);

    private final byte[] message = message(7 * 200, 11); // 7 segments
    private final RmppSender sender = new RmppSender(message, WINDOW_4);
    private final RmppReceiver receiver = new RmppReceiver(WINDOW_4);

    private List<byte[]> toReceiver(RmppStep step, long now) throws MadFormatException {
        List<byte[]> acks = new ArrayList<>();
        for (byte[] mad : step.toSend()) {
            acks.addAll(receiver.accept(mad, now).toSend());
        }
        return acks;
    }

    private List<byte[]> toSender(List<byte[]> acks, long now) throws MadFormatException {
        List<byte[]> segments = new ArrayList<>();
        for (byte[] ack : acks) {
            segments.addAll(sender.onMad(ack, now).toSend());
        }
        return segments;
    }

    @Test
    void lostFinalAckIsRecoveredByTheResendAndTheRepeatedAck() throws MadFormatException {
        List<byte[]> acks = toReceiver(sender.start(0), 1); // segment 1, ACK 1/5
        List<byte[]> segments = toSender(acks, 2); // segments 2..5
        acks = toReceiver(new RmppStep(segments, RmppState.ACTIVE, 0, 0), 3); // ACK 5/9
        segments = toSender(acks, 4); // segments 6, 7
        acks = toReceiver(new RmppStep(segments, RmppState.ACTIVE, 0, 0), 5); // ACK 7/9: lost
        assertEquals(1, acks.size());
        assertEquals(RmppState.COMPLETE, receiver.current().state());
        assertEquals(RmppState.ACTIVE, sender.current().state());
        RmppStep resend = sender.onTimer(4 + SECOND);
        assertEquals(2, resend.toSend().size(), "segments 6 and 7 again");
        acks = toReceiver(resend, 5 + SECOND);
        assertEquals(2, acks.size(), "each repeat is answered with the final ACK");
        toSender(acks, 6 + SECOND);
        assertEquals(RmppState.COMPLETE, sender.current().state());
        assertArrayEquals(RmppTestMessages.withoutRmppHeader(message),
                RmppTestMessages.withoutRmppHeader(receiver.message()));
    }

    @Test
    void reversedAndRepeatedWindowStillNeedsNoTimeout() throws MadFormatException {
        List<byte[]> segments = toSender(toReceiver(sender.start(0), 1), 2); // segments 2..5
        List<byte[]> shuffled = new ArrayList<>(segments);
        shuffled.addAll(segments);
        Collections.reverse(shuffled);
        List<byte[]> acks = toReceiver(new RmppStep(shuffled, RmppState.ACTIVE, 0, 0), 3);
        assertEquals(1 + 4, acks.size(), "ACK 5/9 once segment 2 completes the window, then one per repeat");
        segments = toSender(acks, 4);
        assertEquals(2, segments.size(), "segments 6 and 7; the repeated ACKs change nothing");
        toSender(toReceiver(new RmppStep(segments, RmppState.ACTIVE, 0, 0), 5), 6);
        assertEquals(RmppState.COMPLETE, sender.current().state());
        assertEquals(RmppState.COMPLETE, receiver.current().state());
    }
}
