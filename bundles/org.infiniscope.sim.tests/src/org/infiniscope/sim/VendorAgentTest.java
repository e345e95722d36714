package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A vendor's agent plugged into every node answers its class where a LID-routed MAD of it arrives. */
class VendorAgentTest {

    private static final int VENDOR_CLASS = 0x0A;

    private final LineFabric line = new LineFabric();
    private final List<SimFabric.NodeView> asked = new ArrayList<>();

    /** h1 LID 1 reaches h2 LID 4 through sw1 (2) and sw2 (3). */
    @BeforeEach
    void bringUp() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        line.route(new int[]{0, 2, 2, 0, 1}, 1, 2);
    }

    private static byte[] vendorGet() {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = VENDOR_CLASS;
        mad[2] = 1;
        mad[3] = Method.GET;
        Bits.put64(mad, 8, 42);
        Bits.put16(mad, 16, 0xFF00);
        return mad;
    }

    @Test
    void theAgentAnswersOnTheNodeTheMadReached() {
        byte[] unanswered = vendorGet();
        assertNull(line.fabric.exchange(line.h1, unanswered, 256, MadAddress.gsi(4)), "no agent for the class yet");
        line.fabric.registerAgent(VENDOR_CLASS, (mad, node, port) -> {
            asked.add(node);
            mad[3] = (byte) Method.GET_RESP;
            Bits.put64(mad, 64, node.nodeGuid());
            return true;
        });
        byte[] mad = vendorGet();
        MadAddress from = line.fabric.exchange(line.h1, mad, 256, MadAddress.gsi(4));
        assertNotNull(from);
        assertEquals(4, from.lid());
        assertEquals(LineFabric.H2, Bits.u64(mad, 64), "h2's agent answered");
        assertEquals(new SimFabric.NodeView("h2", false, LineFabric.H2, 1, 4), asked.get(0));
        byte[] toSwitch = vendorGet();
        assertNotNull(line.fabric.exchange(line.h1, toSwitch, 256, MadAddress.gsi(3)));
        assertEquals(new SimFabric.NodeView("sw2", true, LineFabric.SW2, 4, 3), asked.get(1));
        assertEquals(MadStatus.OK, Bits.u16(toSwitch, 4));
    }

    @Test
    void aFailingOrSilentAgentLosesTheMadAndTheSimulatorsClassesAreNotForVendors() {
        line.fabric.registerAgent(VENDOR_CLASS, (mad, node, port) -> {
            throw new IllegalStateException("broken plugin");
        });
        assertNull(line.fabric.exchange(line.h1, vendorGet(), 256, MadAddress.gsi(4)));
        line.fabric.registerAgent(VENDOR_CLASS, (mad, node, port) -> false);
        assertNull(line.fabric.exchange(line.h1, vendorGet(), 256, MadAddress.gsi(4)));
        for (int taken : new int[]{0x01, 0x81, 0x03, 0x04}) {
            assertThrows(IllegalArgumentException.class, () -> line.fabric.registerAgent(taken, (m, n, p) -> true));
        }
    }
}
