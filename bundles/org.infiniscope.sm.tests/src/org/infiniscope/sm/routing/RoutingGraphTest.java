package org.infiniscope.sm.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RoutingGraphTest {

    @Test
    void twoSwitchesWithHostsAreIndexedBothWays() {
        RoutingGraph.Builder b = RoutingGraph.builder();
        int s0 = b.addSwitch(0x100, 4);
        int s1 = b.addSwitch(0x200, 4);
        b.link(s0, 1, s1, 2);
        int e0 = b.switchLid(s0, 1, 0);
        int h = b.addEndport(0x1001, 0x1000, 4, 1, s1, 3);
        RoutingGraph g = b.build();
        assertEquals(2, g.switchCount());
        assertEquals(s1, g.peerSwitch(s0, 1));
        assertEquals(2, g.peerPort(s0, 1));
        assertEquals(s0, g.peerSwitch(s1, 2));
        assertEquals(RoutingGraph.NONE, g.peerSwitch(s0, 2));
        assertEquals(h, g.portEndport(s1, 3));
        assertEquals(e0, g.switchEndport(s0));
        assertEquals(RoutingGraph.NONE, g.switchEndport(s1));
        assertTrue(g.isSwitchEndport(e0));
        assertFalse(g.isSwitchEndport(h));
        assertEquals(5, g.maxLid(), "LMC 1 gives LIDs 4 and 5");
        assertEquals(s1, g.switchIndex(0x200));
        assertEquals(RoutingGraph.NONE, g.switchIndex(0x1000));
    }

    @Test
    void inconsistentGraphsAreRefused() {
        RoutingGraph.Builder b = RoutingGraph.builder();
        int s0 = b.addSwitch(0x100, 2);
        int s1 = b.addSwitch(0x200, 2);
        b.link(s0, 1, s1, 1);
        assertThrows(IllegalArgumentException.class, () -> b.link(s0, 1, s1, 2), "port used twice");
        assertThrows(IllegalArgumentException.class, () -> b.link(s0, 3, s1, 2), "no such port");
        assertThrows(IllegalArgumentException.class, () -> b.addSwitch(0x100, 2), "GUID twice");
        b.addEndport(0x11, 0x10, 8, 2, s0, 2);
        assertThrows(IllegalArgumentException.class, () -> b.addEndport(0x21, 0x20, 10, 0, s1, 2), "LID in LMC range");
        assertThrows(IllegalArgumentException.class, () -> b.addEndport(0x21, 0x20, 6, 2, s1, 2), "unaligned");
        assertThrows(IllegalArgumentException.class, () -> b.addEndport(0x21, 0x20, 0xC000, 0, s1, 2), "multicast");
    }
}
