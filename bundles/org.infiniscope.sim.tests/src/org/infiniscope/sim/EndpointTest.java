package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.SimFabric.Envelope;
import org.infiniscope.sim.SimFabric.Outcome;
import org.infiniscope.sim.internal.Notice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Endpoints attached to ports take what no simulated agent answers, by ibsim's rules: SA requests and traps go to the
 * port's SM, responses to the requester whose id is in the TID, SMInfo to the SM when one runs there.
 */
class EndpointTest {

    private static final int SA_CLASS = 0x03;
    private static final int NODE_RECORD = 0x0011;

    private final LineFabric line = new LineFabric();
    private final List<byte[]> atSm = new ArrayList<>();
    private final List<Envelope> smEnvelopes = new ArrayList<>();
    private final List<byte[]> atClient = new ArrayList<>();
    private SimFabric.AttachPoint h2;

    /** h1 LID 1 and h2 LID 4 reach each other through sw1 (LID 2) and sw2 (LID 3). */
    @BeforeEach
    void bringUp() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        line.route(new int[]{0, 2, 2, 0, 1}, 1, 2);
        h2 = line.fabric.attachPoint("h2", 1);
    }

    private SimFabric.Attachment sm() {
        return line.fabric.attach(h2, 0, true, (mad, envelope) -> {
            atSm.add(mad);
            smEnvelopes.add(envelope);
        });
    }

    private SimFabric.Attachment client() {
        return line.fabric.attach(line.h1, 0, false, (mad, envelope) -> atClient.add(mad));
    }

    private static byte[] saGet(long tid) {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = SA_CLASS;
        mad[2] = 2;
        mad[3] = Method.GET;
        Bits.put64(mad, 8, tid);
        Bits.put16(mad, 16, NODE_RECORD);
        return mad;
    }

    @Test
    void anSaRequestReachesTheSmAndItsAnswerTheRequester() {
        try (SimFabric.Attachment sm = sm(); SimFabric.Attachment client = client()) {
            byte[] request = saGet(0x0000_0000_1234_5678L);
            assertEquals(Outcome.DELIVERED, client.send(request, 256, MadAddress.gsi(4), 1));
            assertEquals(1, atSm.size());
            long stamped = Bits.u64(atSm.get(0), 8);
            assertEquals(client.id(), stamped >>> 48, "the requester's id in TID bits 63..48, as ibsim stamps it");
            assertEquals(0x1234_5678L, stamped & 0xFFFF_FFFF_FFFFL);
            assertEquals(new Envelope(4, 1, 1, 1, 256), smEnvelopes.get(0), "dlid 4 from LID 1, QP1 to QP1");

            byte[] answer = atSm.get(0).clone();
            answer[3] = (byte) Method.GET_RESP;
            assertEquals(Outcome.DELIVERED, sm.send(answer, 256, MadAddress.gsi(1), 1));
            assertEquals(1, atClient.size(), "routed back through sw2 and sw1 to h1, found by its TID");
            assertEquals(stamped, Bits.u64(atClient.get(0), 8));

            assertEquals(Outcome.LOST, sm.send(saGet(7), 256, MadAddress.gsi(1), 1), "no SM at h1 takes requests");
        }
    }

    @Test
    void anSmSetsIsSmAndOnlyOneRunsOnAPort() throws MadFormatException {
        assertFalse(isSm(), "no SM yet");
        try (SimFabric.Attachment sm = sm()) {
            assertTrue(isSm(), "PortInfo CapabilityMask IsSM follows the SM");
            assertThrows(IllegalStateException.class, this::sm, "ibsim refuses a second SM on a port");
            sm.setSm(false);
            assertFalse(isSm());
            sm.setSm(true);
            assertTrue(isSm());
        }
        assertFalse(isSm(), "detached: the capability goes with it");
    }

    private boolean isSm() throws MadFormatException {
        PortInfo info = line.portInfo(0, 1, 2, 1);
        return (info.capabilityMask() & PortInfo.CAP_IS_SM) != 0;
    }

    @Test
    void smInfoGoesToTheSmAndItsDirectedRouteAnswerWalksBack() throws MadFormatException {
        try (SimFabric.Attachment sm = sm(); SimFabric.Attachment client = client()) {
            byte[] get = Smp.directedRoute(Method.GET, 99, SmInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2, 1}, new byte[0])
                    .encode();
            assertEquals(Outcome.DELIVERED, client.send(get, 256, MadAddress.directedRoute(), 0));
            assertEquals(1, atSm.size(), "SMInfo is the SM's attribute, not the SMA's");
            assertEquals(new Envelope(0xFFFF, 0xFFFF, 0, 0, 256), smEnvelopes.get(0));

            byte[] answer = atSm.get(0).clone();
            answer[3] = (byte) Method.GET_RESP;
            Bits.put16(answer, 4, MadStatus.DIRECTION);
            assertEquals(Outcome.DELIVERED, sm.send(answer, 256, MadAddress.directedRoute(), 0));
            assertEquals(1, atClient.size(), "back along the return path to h1");
            assertEquals(Method.GET_RESP, atClient.get(0)[3] & 0xFF);
        }
        byte[] get = Smp.directedRoute(Method.GET, 100, SmInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2, 1}, new byte[0])
                .encode();
        assertTrue(line.fabric.exchange(line.h1, get, 256, MadAddress.directedRoute()) != null,
                "without an SM the node's SMA answers SMInfo itself");
    }

    @Test
    void aNodesNoticeIsCarriedToTheSm() {
        try (SimFabric.Attachment sm = sm()) {
            byte[] trap = new byte[256];
            trap[0] = 1;
            trap[1] = 0x01;
            trap[2] = 1;
            trap[3] = Method.TRAP;
            Bits.put16(trap, 16, 0x0002);
            int sw1 = line.fabric.engine().state().node("sw1");
            line.fabric.engine().notices().add(new Notice(sw1, 0, 4, 0, trap));
            assertTrue(line.drGet(0x0011, 0) != null, "any MAD lets the fabric carry what waits");
            assertEquals(1, atSm.size(), "sw1's trap reached the SM at LID 4");
            assertEquals(new Envelope(4, 2, 0, 0, 256), smEnvelopes.get(0), "from sw1's LID 2 to QP0");
            assertEquals(Method.TRAP, atSm.get(0)[3] & 0xFF);
        }
    }

    @Test
    void aResponseForAnEndpointThatLeftIsLost() {
        SimFabric.Attachment client = client();
        try (SimFabric.Attachment sm = sm()) {
            assertEquals(Outcome.DELIVERED, client.send(saGet(1), 256, MadAddress.gsi(4), 1));
            client.close();
            byte[] answer = atSm.get(0).clone();
            answer[3] = (byte) Method.GET_RESP;
            assertEquals(Outcome.LOST, sm.send(answer, 256, MadAddress.gsi(1), 1));
            assertTrue(atClient.isEmpty());
        }
    }
}
