package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/**
 * Directed-route SMPs with LID-routed parts (IBA 14.2.2), LID-routed SMPs to the permissive LID (14.2.1) and the
 * SMA's ClassPortInfo, from h1 on the configured line.
 */
class DirectedRouteTest {

    private final ClockedLine line = new ClockedLine();

    /** A DR Get of NodeInfo with the DrSLID and DrDLID given, its InitialPath {@code outPorts}. */
    private static byte[] dr(int drSlid, int drDlid, int... outPorts) {
        byte[] path = new byte[Smp.PATH_LENGTH];
        for (int i = 0; i < outPorts.length; i++) {
            path[i + 1] = (byte) outPorts[i];
        }
        MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_DIRECTED_ROUTE, 1, Method.GET, 0,
                outPorts.length, 7, NodeInfo.ATTRIBUTE_ID, 0);
        return Smp.of(h, 0, drSlid, drDlid, new byte[0], path, new byte[0]).encode();
    }

    private static long nodeGuid(byte[] answer) throws MadFormatException {
        Smp smp = ClockedLine.ok(answer);
        assertTrue(smp.isReturning());
        return smp.attribute(NodeInfo.CODEC).nodeGuid();
    }

    @Test
    void aFinalLidRoutedPartIsAnsweredBackToTheSwitchThatRoutedIt() throws MadFormatException {
        line.configure();
        // one hop to sw1, then by LID to h2 (LID 4); h2 answers LID-routed to sw1, which sends it back to h1
        byte[] mad = dr(Mad.PERMISSIVE_LID, 4, 1);
        assertNotNull(line.send(mad, MadAddress.directedRoute()), "REPLY_TO_REQUESTER is carried");
        assertEquals(LineFabric.H2, nodeGuid(mad));
    }

    @Test
    void anInitialLidRoutedPartStartsTheDirectedPartAtASwitchAndTheAnswerReturnsToDrSlid() throws MadFormatException {
        line.configure();
        // by LID to sw2 (LID 3), then out of its port 3 to sw3; the answer goes LID-routed from sw2 to DrSLID 1
        byte[] mad = dr(1, Mad.PERMISSIVE_LID, 3);
        assertNotNull(line.send(mad, MadAddress.smi(3)));
        assertEquals(LineFabric.SW3, nodeGuid(mad));
        assertEquals(0, Smp.decode(mad).hopPointer(), "delivered to the SM by the initial LID-routed part");
    }

    @Test
    void withoutRoutesTheLidRoutedPartsAreLost() {
        // no LIDs, no LFTs: the switch cannot route to DrDLID
        assertEquals(null, line.send(dr(Mad.PERMISSIVE_LID, 4, 1), MadAddress.directedRoute()));
    }

    @Test
    void aLidRoutedSmpToThePermissiveLidIsAnsweredByTheSendersOwnPort() throws MadFormatException {
        byte[] mad = Smp.lidRouted(Method.GET, 3, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]).encode();
        MadAddress from = line.engine.exchange(ClockedLine.H1, 1, mad, mad.length, MadAddress.smi(Mad.PERMISSIVE_LID));
        assertNotNull(from);
        assertEquals(0, from.lid(), "h1 has no LID yet");
        Smp answer = ClockedLine.ok(mad);
        assertEquals(MgmtClass.SUBN_LID_ROUTED, answer.header().mgmtClass());
        assertEquals(LineFabric.H1, answer.attribute(NodeInfo.CODEC).nodeGuid());
        byte[] sw = Smp.lidRouted(Method.GET, 4, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]).encode();
        assertNotNull(line.engine.exchange(ClockedLine.SW1, 0, sw, sw.length, MadAddress.smi(Mad.PERMISSIVE_LID)));
        assertEquals(LineFabric.SW1, Smp.decode(sw).attribute(NodeInfo.CODEC).nodeGuid());
    }

    @Test
    void theSmaAnswersClassPortInfoAndLeavesTheRouteAlone() throws MadFormatException {
        byte[] answer = line.drGet(ClassPortInfo.ATTRIBUTE_ID, 0, 1, 2);
        Smp smp = ClockedLine.ok(answer);
        ClassPortInfo info = ClassPortInfo.CODEC.decode(answer, Smp.DATA_OFFSET);
        assertEquals(1, info.baseVersion());
        assertEquals(1, info.classVersion());
        assertTrue(info.hasCapability(ClassPortInfo.IS_TRAP_SUPPORTED));
        assertEquals(0, info.capabilityMask() & ClassPortInfo.IS_NOTICE_SUPPORTED, "no Get/Set(Notice)");
        assertEquals(18, info.respTimeValue());
        assertEquals(1, smp.initialPathPort(1), "the InitialPath is intact");
        assertEquals(2, smp.initialPathPort(2));
        byte[] set = line.dr(0, Method.SET, ClassPortInfo.ATTRIBUTE_ID, 0, new byte[Smp.DATA_LENGTH], 1);
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, Smp.decode(set).status());
    }
}
