package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Decision.Action;
import org.infiniscope.mad.smp.DirectedRoute.Node;
import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.Test;

/**
 * SMPs OpenSM sent on the ibsim lab (ft2-16.net, OpenSM on h00001), taken from ibsim's packet dump: directed-route
 * Sets over several hops and the TrapRepress that answered a trap 128.
 */
class GoldenOpenSmTest {

    private static final Node CA = new Node(false, 1, 0);
    private static final Node SWITCH = new Node(true, 8, 0);

    @Test
    void aFourHopPortInfoSetTravelsThereAndBackByTheDirectedRouteRules() throws Exception {
        byte[] mad = GoldenSmpTest.load("portinfo-set-4hops.hex");
        Smp set = Smp.decode(mad);
        assertArrayEquals(mad, set.encode());
        assertEquals(Method.SET, set.header().method());
        assertEquals(4, set.hopCount());
        assertEquals(List.of(1, 5, 3, 1), List.of(set.initialPathPort(1), set.initialPathPort(2),
                set.initialPathPort(3), set.initialPathPort(4)));

        // h00001 -1-> [1] leaf001 -5-> [1] spine001 -3-> [5] leaf002 -1-> [1] h00005, as ft2-16.net wires them
        assertEquals(Decision.forward(1), DirectedRoute.processAtNode(mad, 0, CA));
        assertEquals(Decision.forward(5), DirectedRoute.processAtNode(mad, 1, SWITCH));
        assertEquals(Decision.forward(3), DirectedRoute.processAtNode(mad, 1, SWITCH));
        assertEquals(Decision.forward(1), DirectedRoute.processAtNode(mad, 5, SWITCH));
        assertEquals(Decision.deliver(), DirectedRoute.processAtNode(mad, 1, CA));
        assertArrayEquals(new byte[]{0, 1, 1, 5, 1}, Arrays.copyOfRange(mad, 192, 197));

        Bits.put8(mad, 3, Method.GET_RESP);
        Bits.put16(mad, 4, MadStatus.DIRECTION);
        assertEquals(Decision.forward(1), DirectedRoute.processAtNode(mad, 0, CA));
        assertEquals(Decision.forward(5), DirectedRoute.processAtNode(mad, 1, SWITCH));
        assertEquals(Decision.forward(1), DirectedRoute.processAtNode(mad, 3, SWITCH));
        assertEquals(Decision.forward(1), DirectedRoute.processAtNode(mad, 5, SWITCH));
        assertEquals(Decision.deliver(), DirectedRoute.processAtNode(mad, 1, CA));
        assertEquals(0, Smp.decode(mad).hopPointer());
    }

    @Test
    void thePortInfoOpenSmSets() throws Exception {
        PortInfo port = Smp.decodeAttribute(GoldenSmpTest.load("portinfo-set-4hops.hex"), PortInfo.CODEC);
        assertEquals(11, port.lid());
        assertEquals(1, port.masterSmLid());
        assertEquals(0x50c048, port.capabilityMask());
        assertEquals(0, port.portState(), "NoChange: the SM sets other fields first");
        assertEquals(0, port.portPhysicalState());
        assertEquals(18, port.subnetTimeout());
        assertEquals(8, port.localPhyErrors());
        assertEquals(8, port.overrunErrors());
        assertEquals(0x30, port.capabilityMask2());
        assertFalse(port.clientReregister());
        byte[] again = new byte[64];
        PortInfo.CODEC.encode(port, again, 0);
        assertArrayEquals(Arrays.copyOfRange(GoldenSmpTest.load("portinfo-set-4hops.hex"), 64, 128), again);
    }

    @Test
    void theLinearForwardingTableOpenSmSetsOnLeaf002() throws Exception {
        byte[] mad = GoldenSmpTest.load("lft-set-3hops.hex");
        assertArrayEquals(mad, Smp.decode(mad).encode());
        LinearForwardingTable lft = Smp.decodeAttribute(mad, LinearForwardingTable.CODEC);
        // what ibroute -D 0,1,5,3 printed for leaf002 (LID 9, h00003, was unlinked before ibroute ran)
        assertEquals(List.of(255, 5, 5, 0, 5, 5, 5, 6, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7, 8),
                lft.ports().subList(0, 23));
    }

    @Test
    void theSwitchInfoOpenSmSetsClearsPortStateChange() throws Exception {
        byte[] mad = GoldenSmpTest.load("switchinfo-set-3hops.hex");
        assertArrayEquals(mad, Smp.decode(mad).encode());
        SwitchInfo info = Smp.decodeAttribute(mad, SwitchInfo.CODEC);
        assertEquals(new SwitchInfo(30720, 0, 1024, 0, 0, 0, 0, 0, true, 0, 0, 64, false, false, true, true, false, 0),
                info);
    }

    @Test
    void theTrapRepressOfALinkStateChange() throws Exception {
        byte[] mad = GoldenSmpTest.load("notice-trap128-repress.hex");
        Smp repress = Smp.decode(mad);
        assertFalse(repress.isDirectedRoute());
        assertEquals(Method.TRAP_REPRESS, repress.header().method());
        // opensm.log: "Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:2"
        assertEquals(new Notice(true, 1, 2, 128, 2, false, 0, new TrapDetails.LinkStateChange(2)),
                repress.attribute(Notice.CODEC));
        // bytes 128-255 are reserved in a LID-routed SMP; OpenSM leaves stack bytes there and we write zeros
        byte[] expected = mad.clone();
        Arrays.fill(expected, 128, 256, (byte) 0);
        assertArrayEquals(expected, repress.encode());
    }
}
