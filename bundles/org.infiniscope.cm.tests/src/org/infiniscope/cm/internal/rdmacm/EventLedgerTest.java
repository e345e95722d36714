package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What is acknowledged before an identifier or the channel is destroyed, and that nothing is acknowledged twice. */
class EventLedgerTest {

    private static final long CLIENT = 0x1000, LISTENER = 0x2000, ACCEPTED = 0x3000;

    @Test
    void destroyingAnIdAcknowledgesWhatIsCountedOnItFirstInOrder() {
        EventLedger<String> ledger = new EventLedger<>();
        ledger.taken("addr resolved", 0xA1, CLIENT);
        ledger.taken("connect request", 0xA2, LISTENER); // counted on the listener, not on the new id
        ledger.taken("route resolved", 0xA3, CLIENT);
        ledger.taken("established", 0xA4, ACCEPTED);
        assertEquals(List.of(0xA1L, 0xA3L), ledger.beforeDestroy(CLIENT));
        assertEquals(List.of(), ledger.beforeDestroy(CLIENT), "acknowledged once");
        assertEquals(0, ledger.ack("route resolved"), "an event acknowledged at destroy is not acknowledged again");
        assertEquals(List.of(0xA4L), ledger.beforeDestroy(ACCEPTED));
        assertEquals(1, ledger.unacknowledged());
        assertEquals(List.of(0xA2L), ledger.beforeDestroy(LISTENER));
        assertEquals(0, ledger.unacknowledged());
    }

    @Test
    void anEventIsAcknowledgedOnceAndClosingTakesTheRest() {
        EventLedger<String> ledger = new EventLedger<>();
        ledger.taken("a", 0xB1, CLIENT);
        ledger.taken("b", 0xB2, CLIENT);
        ledger.taken("c", 0xB3, LISTENER);
        assertEquals(0xB2, ledger.ack("b"));
        assertEquals(0, ledger.ack("b"));
        assertEquals(0, ledger.ack("never taken"));
        assertEquals(List.of(0xB1L, 0xB3L), ledger.beforeClose());
        assertEquals(List.of(), ledger.beforeClose());
    }

    @Test
    void equalEventsAreStillTwoEvents() {
        EventLedger<String> ledger = new EventLedger<>();
        String first = new String("disconnected");
        String second = new String("disconnected");
        ledger.taken(first, 0xC1, CLIENT);
        ledger.taken(second, 0xC2, CLIENT);
        assertEquals(0xC2, ledger.ack(second));
        assertEquals(0xC1, ledger.ack(first));
    }
}
