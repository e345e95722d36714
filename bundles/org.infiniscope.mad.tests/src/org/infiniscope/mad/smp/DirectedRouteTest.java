package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Decision.Action;
import org.infiniscope.mad.smp.DirectedRoute.Node;
import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.Test;

class DirectedRouteTest {

    private static final Node CA = new Node(false, 1, 0);
    private static final Node CA2 = new Node(false, 2, 0);
    private static final Node SWITCH = new Node(true, 8, 0);

    private static byte[] request(int... outPorts) {
        return Smp.directedRoute(Method.GET, 7, 0x11, 0, 0, outPorts, new byte[0]).encode();
    }

    private static int hopPointer(byte[] mad) {
        return Bits.u8(mad, Smp.HOP_POINTER_OFFSET);
    }

    private static void turnAround(byte[] mad) {
        Bits.put8(mad, 3, Method.GET_RESP);
        Bits.put16(mad, 4, MadStatus.DIRECTION);
    }

    private static void assertDecision(Action action, int port, Decision decision) {
        assertEquals(action, decision.action(), decision::toString);
        assertEquals(port, decision.port(), decision::toString);
    }

    @Test
    void threeHopPathThereAndBack() {
        // H0 port 1 -> S1 (in 3, out 5) -> S2 (in 2, out 7) -> H3 (in 1)
        byte[] mad = request(1, 5, 7);
        assertDecision(Action.FORWARD, 1, DirectedRoute.processAtNode(mad, 0, CA));
        assertEquals(1, hopPointer(mad));
        assertDecision(Action.FORWARD, 5, DirectedRoute.processAtNode(mad, 3, SWITCH));
        assertEquals(2, hopPointer(mad));
        assertDecision(Action.FORWARD, 7, DirectedRoute.processAtNode(mad, 2, SWITCH));
        assertEquals(3, hopPointer(mad));
        assertDecision(Action.DELIVER, 0, DirectedRoute.processAtNode(mad, 1, CA));
        assertEquals(4, hopPointer(mad));
        assertEquals(3, Bits.u8(mad, Smp.RETURN_PATH_OFFSET + 1));
        assertEquals(2, Bits.u8(mad, Smp.RETURN_PATH_OFFSET + 2));
        assertEquals(1, Bits.u8(mad, Smp.RETURN_PATH_OFFSET + 3));

        turnAround(mad);
        assertDecision(Action.FORWARD, 1, DirectedRoute.processAtNode(mad, 0, CA));
        assertEquals(3, hopPointer(mad));
        assertDecision(Action.FORWARD, 2, DirectedRoute.processAtNode(mad, 7, SWITCH));
        assertEquals(2, hopPointer(mad));
        assertDecision(Action.FORWARD, 3, DirectedRoute.processAtNode(mad, 5, SWITCH));
        assertEquals(1, hopPointer(mad));
        assertDecision(Action.DELIVER, 0, DirectedRoute.processAtNode(mad, 1, CA));
        assertEquals(0, hopPointer(mad));
    }

    @Test
    void hopCountZeroIsALoopbackToTheLocalSma() {
        byte[] mad = request();
        assertDecision(Action.DELIVER, 0, DirectedRoute.processAtNode(mad, 0, SWITCH));
        assertEquals(1, hopPointer(mad));
        turnAround(mad);
        assertDecision(Action.DELIVER, 0, DirectedRoute.processAtNode(mad, 0, SWITCH));
        assertEquals(0, hopPointer(mad));
    }

    @Test
    void hopCountAbove63IsDiscarded() {
        byte[] mad = request(1);
        Bits.put8(mad, Smp.HOP_COUNT_OFFSET, 64);
        Decision d = DirectedRoute.processAtNode(mad, 0, CA);
        assertEquals(Action.DISCARD, d.action());
        assertEquals("C14-6", d.rule());
    }

    @Test
    void aChannelAdapterDoesNotRelay() {
        byte[] mad = request(1, 2, 3);
        DirectedRoute.processAtNode(mad, 0, CA);
        byte[] before = mad.clone();
        Decision d = DirectedRoute.processAtNode(mad, 1, CA2);
        assertEquals(Action.DISCARD, d.action());
        assertEquals("C14-9:2", d.rule());
        assertArrayEquals(before, mad, "a discarded SMP is left untouched");
    }

    @Test
    void aPathThroughANonexistentPortIsDiscardedUntouched() {
        byte[] mad = request(1, 9, 3);
        DirectedRoute.processAtNode(mad, 0, CA);
        byte[] before = mad.clone();
        assertEquals(Action.DISCARD, DirectedRoute.processAtNode(mad, 2, SWITCH).action());
        assertArrayEquals(before, mad);
        byte[] zero = request(1, 0, 3);
        DirectedRoute.processAtNode(zero, 0, CA);
        assertEquals(Action.DISCARD, DirectedRoute.processAtNode(zero, 2, SWITCH).action());
    }

    @Test
    void anOutgoingSmpArrivingWithHopPointerZeroAndPermissiveDrSlidIsDiscarded() {
        byte[] mad = request(1, 2);
        Decision d = DirectedRoute.processAtNode(mad, 4, SWITCH);
        assertEquals(Action.DISCARD, d.action());
        assertEquals("C14-9:1", d.rule());
    }

    @Test
    void theStartOfADirectedPartAfterAnInitialLidRoutedPart() {
        byte[] mad = request(3, 4);
        Bits.put16(mad, Smp.DR_SLID_OFFSET, 12);
        assertDecision(Action.FORWARD, 3, DirectedRoute.processAtNode(mad, 6, SWITCH));
        assertEquals(1, hopPointer(mad));
        assertEquals(0, Bits.u8(mad, Smp.RETURN_PATH_OFFSET), "ReturnPath[0] is not used");
    }

    @Test
    void theEndOfTheDirectedPartLidRoutesToANonPermissiveDrDlid() {
        byte[] mad = request(2);
        Bits.put16(mad, Smp.DR_DLID_OFFSET, 0x42);
        assertDecision(Action.FORWARD, 2, DirectedRoute.processAtNode(mad, 0, CA2));
        byte[] atCa = mad.clone();
        Decision d = DirectedRoute.processAtNode(mad, 5, SWITCH);
        assertEquals(Action.ROUTE_BY_LID, d.action());
        assertEquals(0x42, d.lid());
        assertEquals(2, hopPointer(mad));
        assertEquals(5, Bits.u8(mad, Smp.RETURN_PATH_OFFSET + 1));
        assertEquals(Action.DISCARD, DirectedRoute.processAtNode(atCa, 1, CA).action(), "a CA cannot LID-route");
        byte[] own = atCa.clone();
        assertEquals(Action.DELIVER, DirectedRoute.processAtNode(own, 5, new Node(true, 8, 0x42)).action());

        // the destination of the LID-routed part, then the answer back to the end of the directed part
        assertEquals(Action.DELIVER, DirectedRoute.processAtNode(mad, 1, CA).action());
        turnAround(mad);
        assertEquals(Action.REPLY_TO_REQUESTER, DirectedRoute.processAtNode(mad, 0, CA).action());
        assertEquals(2, hopPointer(mad), "the LID-routed answer keeps its hop pointer");
        assertDecision(Action.FORWARD, 5, DirectedRoute.processAtNode(mad, 3, SWITCH));
        assertEquals(1, hopPointer(mad));
    }

    @Test
    void theStartOfTheDirectedPartLidRoutesBackToANonPermissiveDrSlid() {
        byte[] mad = request(3);
        Bits.put16(mad, Smp.DR_SLID_OFFSET, 12);
        turnAround(mad);
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 1);
        Bits.put8(mad, Smp.RETURN_PATH_OFFSET + 1, 4);
        Decision d = DirectedRoute.processAtNode(mad, 3, SWITCH);
        assertEquals(Action.ROUTE_BY_LID, d.action());
        assertEquals(12, d.lid());
        assertEquals(0, hopPointer(mad));
        assertEquals(Action.DELIVER, DirectedRoute.processAtNode(mad, 1, CA).action(), "C14-13:4 at the SM");
    }

    @Test
    void aReturningSmpArrivingWithHopPointerHopCountPlusOneIsDiscarded() {
        byte[] mad = request(1, 2);
        turnAround(mad);
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 3);
        assertEquals("C14-13:1", DirectedRoute.processAtNode(mad, 1, SWITCH).rule());
    }

    @Test
    void aChannelAdapterDoesNotRelayReturningSmps() {
        byte[] mad = request(1, 2, 3);
        turnAround(mad);
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 2);
        assertEquals("C14-13:2", DirectedRoute.processAtNode(mad, 1, CA2).rule());
    }

    @Test
    void anOriginatedSmpMustStartAtTheStart() {
        byte[] mad = request(1, 2, 3);
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 2);
        assertEquals("C14-9:2", DirectedRoute.processAtNode(mad, 0, SWITCH).rule());
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 3);
        assertEquals("C14-9:3", DirectedRoute.processAtNode(mad, 0, SWITCH).rule());
        turnAround(mad);
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 2);
        assertEquals("C14-13:2", DirectedRoute.processAtNode(mad, 0, SWITCH).rule());
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 1);
        assertEquals("C14-13:3", DirectedRoute.processAtNode(mad, 0, SWITCH).rule());
        Bits.put8(mad, Smp.HOP_POINTER_OFFSET, 0);
        assertEquals("C14-13:5", DirectedRoute.processAtNode(mad, 0, SWITCH).rule());
    }

    @Test
    void malformedAndLidRoutedSmpsAreDiscarded() {
        assertEquals(Action.DISCARD, DirectedRoute.processAtNode(new byte[10], 1, CA).action());
        byte[] lid = Smp.lidRouted(Method.GET, 1, 0x11, 0, 0, new byte[0]).encode();
        assertEquals(Action.DISCARD, DirectedRoute.processAtNode(lid, 1, CA).action());
        byte[] badPointer = request(1);
        Bits.put8(badPointer, Smp.HOP_POINTER_OFFSET, 5);
        assertEquals("C14-9:5", DirectedRoute.processAtNode(badPointer, 1, CA).rule());
        turnAround(badPointer);
        assertEquals("C14-13:5", DirectedRoute.processAtNode(badPointer, 1, CA).rule());
        assertEquals("13.4", DirectedRoute.processAtNode(new byte[10], 1, CA).rule());
    }

    @Test
    void anArrivalPortTheNodeDoesNotHaveIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> DirectedRoute.processAtNode(request(1), 2, CA));
        assertThrows(IllegalArgumentException.class, () -> new Node(true, 0, 0));
        assertEquals(Mad.PERMISSIVE_LID, Bits.u16(request(1), Smp.DR_DLID_OFFSET));
    }
}
