package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
import org.junit.jupiter.api.Test;

/** The layouts of {@link DiagsText} on hand-made snapshots: what the simulator does not produce. */
class DiagsTextTest {

    private static DiscoveredNode switchNode(long guid, String description, boolean enhanced, int lid) {
        DiscoveredPort p0 = new DiscoveredPort(0, guid, lid, 0, 4, 5, 2, 1, 0, 0, true);
        return new DiscoveredNode(DiscoveredNode.SWITCH, guid, guid, description, 0x2c9, 0xcf08, 0, 36, enhanced,
                List.of(p0), List.of());
    }

    @Test
    void ibswitchesCutsAtTheFirstPort0AndPutsTheLineBackTogether() {
        FabricSnapshot s = new FabricSnapshot(
                List.of(switchNode(1, "plain", true, 7), switchNode(2, "sw port 0 x", false, 9)), List.of(), 1, 0, 0);
        assertEquals("""
                Switch\t: 0x0000000000000002 ports 36 "sw port 0 x" base port 0 lid 9 lmc 0
                Switch\t: 0x0000000000000001 ports 36 "plain" enhanced port 0 lid 7 lmc 0
                """, DiagsText.switches(s, NodeNameMap.EMPTY));
    }

    @Test
    void aLinkBelowWhatBothEndsSupportSaysWhatItCouldBe() {
        // 4X SDR on a link whose ends both support 1X/4X/12X and SDR/DDR/QDR
        DiscoveredPort up = new DiscoveredPort(1, 0x11, 3, 0, 4, 5, 2, 1, 0, 0, true, 0xb, 7, 0);
        DiscoveredPort peer = new DiscoveredPort(1, 0x21, 4, 0, 4, 5, 2, 1, 0, 0, true, 0xb, 7, 0);
        DiscoveredNode a = new DiscoveredNode(DiscoveredNode.CA, 0x10, 0x10, "a", 0, 0, 0, 1, false, List.of(up),
                List.of());
        DiscoveredNode b = new DiscoveredNode(DiscoveredNode.CA, 0x20, 0x20, "b", 0, 0, 0, 1, false, List.of(peer),
                List.of(1));
        FabricSnapshot s = new FabricSnapshot(List.of(a, b),
                List.of(new org.infiniscope.discovery.DiscoveredLink(0x10, 1, 0x20, 1)), 0x10, 1, 0);
        assertEquals(
                """
                        CA: b:
                              0x0000000000000021      4    1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>       3    1[  ] "a" (Could be 12X Could be 10.0 Gbps)
                        CA: a:
                              0x0000000000000011      3    1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>       4    1[  ] "b" (Could be 12X Could be 10.0 Gbps)
                        """,
                DiagsText.linkinfo(s, false, 0, NodeNameMap.EMPTY));
    }

    @Test
    void aSwitchPeersLidIsItsPort0LidWhateverItsExternalPortsLidFieldHolds() {
        // a PortInfo Set left 0x1234 in the LID field of switch b's external port 1 (reserved there, IBA 14.2.5.6):
        // iblinkinfo prints b's LID, port 0's (libibnetdisc's base_lid of a switch port is the switch's smalid)
        DiscoveredPort a0 = new DiscoveredPort(0, 0x10, 5, 0, 4, 5, 2, 1, 0, 0, true, 2, 1, 0);
        DiscoveredPort a1 = new DiscoveredPort(1, 0x10, 0, 0, 4, 5, 2, 1, 0, 0, true, 2, 1, 0);
        DiscoveredPort b0 = new DiscoveredPort(0, 0x20, 6, 0, 4, 5, 2, 1, 0, 0, true, 2, 1, 0);
        DiscoveredPort b1 = new DiscoveredPort(1, 0x20, 0x1234, 0, 4, 5, 2, 1, 0, 0, true, 2, 1, 0);
        DiscoveredNode a = new DiscoveredNode(DiscoveredNode.SWITCH, 0x10, 0x10, "a", 0, 0, 0, 1, false,
                List.of(a0, a1), List.of());
        DiscoveredNode b = new DiscoveredNode(DiscoveredNode.SWITCH, 0x20, 0x20, "b", 0, 0, 0, 1, false,
                List.of(b0, b1), List.of(1));
        FabricSnapshot s = new FabricSnapshot(List.of(a, b),
                List.of(new org.infiniscope.discovery.DiscoveredLink(0x10, 1, 0x20, 1)), 0x10, 0, 0);
        assertEquals("""
                Switch: 0x0000000000000020 b:
                           6    1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>       5    1[  ] "a" ( )
                Switch: 0x0000000000000010 a:
                           5    1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>       6    1[  ] "b" ( )
                """, DiagsText.linkinfo(s, false, 0, NodeNameMap.EMPTY));
    }
}
