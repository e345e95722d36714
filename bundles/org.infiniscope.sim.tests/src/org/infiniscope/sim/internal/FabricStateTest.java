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
    void defaultsAreIbsims() {
        Node bare = new Node(NodeType.CA, "b", 1, 0x30, 0, List.of(0L, 0x31L), 0, 0);
        Node s = new Node(NodeType.SWITCH, "s", 3, 0x20, 0, List.of(0x20L), 0, 0);
        FabricState f = new FabricState(
                new Topology(List.of(bare, s), List.of(new Link("b", 1, "s", 1, 0, 0, 0)), 0, 0, 0));
        assertEquals(0x30, f.systemImageGuid[0], "no sysimgguid in the file: the node GUID, as ibsim");
        int b1 = f.port(0, 1);
        assertEquals(FabricState.WIDTH_SUPPORTED, f.widthSupported[b1], "1X, 2X, 4X, 8X and 12X");
        assertEquals(FabricState.SPEED_SUPPORTED, f.speedSupported[b1], "SDR, DDR and QDR");
        assertEquals(2, f.widthEnabled[b1], "the cable: ibsim's default 4X");
        assertEquals(1, f.speedEnabled[b1], "SDR");
        assertEquals(0, f.extSupported[b1], "no extended speeds on the cable");
        assertEquals(FabricState.WIDTH_SUPPORTED, f.widthSupported[f.port(1, 3)], "uncabled ports too");
        assertEquals(2, f.widthActive[f.port(1, 0)], "port 0 at the fabric's default");
    }

    @Test
    void aLinkTrainsWithinItsCableWhateverTheEndsEnable() {
        FabricState f = new FabricState(pair(2, 1));
        int a2 = f.port(0, 2);
        for (int g : new int[]{a2, f.remote[a2]}) {
            f.widthEnabled[g] = f.widthSupported[g]; // what an SM's LinkWidthEnabled 0xFF does
            f.speedEnabled[g] = f.speedSupported[g];
        }
        f.linkUp(a2);
        assertEquals(2, f.widthActive[a2], "a 4X cable stays 4X");
        assertEquals(1, f.speedActive[a2], "an SDR cable stays SDR");
    }

    @Test
    void aSwitchSumsItsPortsForAllPortSelectAndACaRefusesIt() throws MadFormatException {
        Engine engine = new Engine(pair(0, 0));
        FabricState f = engine.state();
        f.counters[f.port(1, 1) * 4 + Pma.XMIT_PKTS] = 5;
        f.counters[f.port(1, 3) * 4 + Pma.XMIT_PKTS] += 7;
        long before = f.counter(f.port(1, 0), Pma.XMIT_PKTS) + f.counter(f.port(1, 2), Pma.XMIT_PKTS);
        byte[] get = PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 1, 0xFF);
        new Pma(f).handle(get, 1);
        assertEquals(before + f.counter(f.port(1, 3), Pma.XMIT_PKTS) + 5,
                PerfMgtMad.decode(get, PerfAttributes.PORT_COUNTERS).value().get(PortCounter.PORT_XMIT_PKTS));
        byte[] ca = PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 1, 0xFF);
        new Pma(f).handle(ca, 0);
        assertEquals(org.infiniscope.mad.MadStatus.INVALID_ATTRIBUTE_VALUE, org.infiniscope.mad.wire.Bits.u16(ca, 4));
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
        assertEquals(232, FabricState.bytesPerPort());
    }
}
