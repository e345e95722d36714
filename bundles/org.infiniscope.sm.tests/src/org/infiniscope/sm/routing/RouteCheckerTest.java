package org.infiniscope.sm.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class RouteCheckerTest {

    /** Three switches in a line, a host on each end: host A (LID 1) on switch 0, host B (LID 2) on switch 2. */
    private static RoutingGraph line() {
        RoutingGraph.Builder b = RoutingGraph.builder();
        int s0 = b.addSwitch(0x10, 4);
        int s1 = b.addSwitch(0x11, 4);
        int s2 = b.addSwitch(0x12, 4);
        b.link(s0, 2, s1, 1).link(s1, 2, s2, 1);
        b.addEndport(0x101, 0x100, 1, 0, s0, 3);
        b.addEndport(0x201, 0x200, 2, 0, s2, 3);
        return b.build();
    }

    private static byte[][] goodTables() {
        byte[][] t = new byte[3][3];
        t[0] = new byte[]{(byte) 0xFF, 3, 2};
        t[1] = new byte[]{(byte) 0xFF, 1, 2};
        t[2] = new byte[]{(byte) 0xFF, 1, 3};
        return t;
    }

    @Test
    void goodTablesPass() {
        RouteChecker.Report report = RouteChecker.check(line(), new RoutingResult("t", goodTables()));
        assertTrue(report.ok(), report::toString);
        assertEquals(2, report.pairs());
    }

    @Test
    void aMissingRouteIsUnreachable() {
        byte[][] t = goodTables();
        t[1][2] = (byte) 0xFF;
        RouteChecker.Report report = RouteChecker.check(line(), new RoutingResult("t", t));
        assertEquals(1, report.unreachable());
        assertEquals("unreachable: LID 1 -> LID 2", report.examples().get(0));
    }

    @Test
    void aRouteToTheWrongHostIsUnreachable() {
        byte[][] t = goodTables();
        t[2][2] = 4; // a port with nothing on it
        assertEquals(1, RouteChecker.check(line(), new RoutingResult("t", t)).unreachable());
    }

    @Test
    void aForwardingLoopIsFound() {
        byte[][] t = goodTables();
        t[1][2] = 1; // back to switch 0, which sends it to switch 1 again
        RouteChecker.Report report = RouteChecker.check(line(), new RoutingResult("t", t));
        assertEquals(1, report.loops());
        assertFalse(report.ok());
    }

    /** A ring of four switches, a host on each; every host sends two hops clockwise: one cycle of dependencies. */
    @Test
    void clockwiseRoutesInARingAreACreditLoopThatLayersBreak() {
        RoutingGraph.Builder b = RoutingGraph.builder();
        for (int s = 0; s < 4; s++) {
            b.addSwitch(0x10 + s, 3);
        }
        for (int s = 0; s < 4; s++) {
            b.link(s, 1, (s + 1) % 4, 2); // port 1 clockwise, port 2 counter-clockwise
        }
        for (int s = 0; s < 4; s++) {
            b.addEndport(0x100 + s, 0x100 + s, s + 1, 0, s, 3);
        }
        RoutingGraph ring = b.build();
        byte[][] t = new byte[4][5];
        for (int s = 0; s < 4; s++) {
            Arrays.fill(t[s], (byte) 0xFF);
            for (int d = 0; d < 4; d++) {
                t[s][d + 1] = (byte) (d == s ? 3 : 1); // always clockwise
            }
        }
        RouteChecker.Report one = RouteChecker.check(ring, new RoutingResult("t", t));
        assertEquals(0, one.unreachable());
        assertEquals(java.util.List.of(0), one.creditLoopLayers(), one::toString);
        // layer 0: paths that do not wrap over the link 3 -> 0 (dependencies 0-1, 1-2); layer 1: those that do,
        // but for 3 -> 0 -> 1 -> 2, the one path that would close the cycle, which gets layer 2
        RoutingResult twoLayers = new RoutingResult("t", t, 2, (slid, dlid) -> dlid < slid ? 1 : 0);
        assertEquals(java.util.List.of(1), RouteChecker.check(ring, twoLayers).creditLoopLayers());
        RoutingResult layered = new RoutingResult("t", t, 3,
                (slid, dlid) -> dlid > slid ? 0 : slid == 4 && dlid == 3 ? 2 : 1);
        RouteChecker.Report two = RouteChecker.check(ring, layered);
        assertTrue(two.ok(), two::toString);
    }
}
