package org.infiniscope.mad.rmpp;

import static org.infiniscope.mad.rmpp.RmppTestMessages.SA;
import static org.infiniscope.mad.rmpp.RmppTestMessages.message;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A sender and a receiver through an in-memory link: every payload arrives exactly, whatever the link does. */
class RmppLossyLinkTest {

    private static void assertDelivered(byte[] message, LossyLink.Outcome outcome) {
        assertEquals(RmppState.COMPLETE, outcome.receiver().current().state(), "receiver");
        assertEquals(RmppState.COMPLETE, outcome.sender().current().state(), "sender");
        assertArrayEquals(RmppTestMessages.withoutRmppHeader(message),
                RmppTestMessages.withoutRmppHeader(outcome.receiver().message()));
    }

    @ParameterizedTest(name = "{0} data bytes, {1} segments")
    @CsvSource({"0, 1", "1, 1", "200, 1", "201, 2", "400, 2", "599999, 3000", "600000, 3000"})
    void perfectLinkDeliversWithOneAckPerWindow(int dataLength, int segments) throws MadFormatException {
        byte[] message = message(dataLength, dataLength);
        LossyLink.Outcome outcome = new LossyLink(1, 0, 0, false).run(message, SA);
        assertDelivered(message, outcome);
        assertEquals(segments, outcome.dataMads());
        // One ACK for segment 1, then one per window of 32, and one for the last segment.
        assertEquals(1 + (segments - 1 + 31) / 32, outcome.controlMads());
        assertEquals(0, outcome.elapsedNanos() / SA.segmentTimeoutNanos(), "no time-out was needed");
    }

    @ParameterizedTest(name = "seed {0}: loss {1}, repeats {2}, reordered {3}, window {4}")
    @CsvSource({"1, 0.1, 0, false, 32", "2, 0.3, 0, false, 8", "3, 0, 0.3, true, 32", "4, 0.1, 0.1, true, 16",
            "5, 0.2, 0.2, true, 1", "6, 0.05, 0.05, true, 64"})
    void lossyLinkStillDeliversEveryByte(long seed, double loss, double repeats, boolean reorder, int window)
            throws MadFormatException {
        // Generous retries: with 30% loss a window can be lost several times in a row.
        RmppConfig config = new RmppConfig(RmppConfig.SA_DATA_OFFSET, window, 1_000_000_000L, 30, 3_600_000_000_000L, 0,
                64 << 20, 4_000_000_000L);
        for (int dataLength : new int[]{0, 150, 200, 1234, 20_000, 100_000}) {
            byte[] message = message(dataLength, seed * dataLength);
            LossyLink.Outcome outcome = new LossyLink(seed * 31 + dataLength, loss, repeats, reorder).run(message,
                    config);
            assertDelivered(message, outcome);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @CsvSource({"7", "8"})
    void deadLinkEndsWithTooManyRetriesNotAHang(long seed) throws MadFormatException {
        byte[] message = message(5000, seed);
        LossyLink.Outcome outcome = new LossyLink(seed, 1.0, 0, false).run(message, SA);
        assertEquals(RmppState.FAILED, outcome.sender().current().state());
        assertEquals(RmppStatus.TOO_MANY_RETRIES, outcome.sender().current().status());
        assertEquals(1 + SA.maxRetries(), outcome.dataMads());
        assertTrue(outcome.elapsedNanos() < SA.totalTimeoutNanos());
    }
}
