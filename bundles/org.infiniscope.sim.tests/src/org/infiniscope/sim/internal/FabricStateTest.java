package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;

/** The dense model: port indexing, link training and negotiation, and the PMA's saturating 32-bit view. */
class FabricStateTest {

    private static Topology pair(int widthA, int speedA) {
        Node a = new Node(NodeType.CA, "a", 2, 0x10, 0x10, List.of(0L, 0x11L, 0x12L), 0, 0);
        Node s = new Node(NodeType.SWITCH, "s", 3, 0x20, 0x20, List.of(0x20L), 0, 0);
        return new Topology(List.of(a, s), List.of(new Link("a", 2, "s", 3, widthA, speedA, 0)), 0, 0, 0);
    }

    @Test
    void portsAreIndexedDenselyAndCablesTrainToTheBestCommonMode() {
        FabricState f = new FabricState(pair(8 | 2, 4 | 2));
        assertEquals(3 + 4, f.firstPort[2], "a's ports 0..2, then s's 0..3");
        assertEquals(1, f.nodeOf(f.port(1, 0)));
        assertEquals(0, f.nodeOf(f.port(0, 2)));
        int a2 = f.port(0, 2);
        assertEquals(f.port(1, 3), f.remote[a2]);
        assertEquals(FabricState.PHYS_LINK_UP, f.physState(a2));
        assertEquals(FabricState.INIT, f.state(a2));
        assertEquals(8, f.widthActive[a2], "12X");
        assertEquals(4, f.speedActive[a2], "QDR");
        assertEquals(FabricState.PHYS_POLLING, f.physState(f.port(0, 1)), "uncabled");
        // one end enables only 4X: the link retrains at 4X
        f.widthEnabled[a2] = 2;
        f.linkUp(a2);
        assertEquals(2, f.widthActive[f.remote[a2]]);
        assertEquals(FabricState.bestWidth(1 | 16), 16, "2X beats 1X");
    }

    @Test
    void portCountersSaturateAt32BitsWhileTheExtendedOnesGoOn() throws MadFormatException {
        Engine engine = new Engine(pair(0, 0));
        FabricState f = engine.state();
        int s3 = f.port(1, 3);
        f.counters[s3 * 4 + Pma.XMIT_PKTS] = 0x1_0000_0005L;
        byte[] get = PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 1, 3);
        new Pma(f).handle(get, 1);
        assertEquals(0xFFFF_FFFFL,
                PerfMgtMad.decode(get, PerfAttributes.PORT_COUNTERS).value().get(PortCounter.PORT_XMIT_PKTS));
        f.counters[s3 * 4 + Pma.RCV_PKTS] = Long.MAX_VALUE;
        new Pma(f).countHop(f.remote[s3], s3);
        assertEquals(Long.MAX_VALUE, f.counter(s3, Pma.RCV_PKTS), "the 64-bit counter stops at its top");
    }

    @Test
    void bytesPerPortStaySmall() {
        // a radix-36 3-level fat tree: 11,664 hosts and 1,620 switches are about 83,000 ports
        assertEquals(229, FabricState.bytesPerPort());
    }
}
