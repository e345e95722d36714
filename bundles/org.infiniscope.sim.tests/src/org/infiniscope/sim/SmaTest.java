package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** The SMA's answers, decoded with the MAD layer's codecs, against the model the topology describes. */
class SmaTest {

    private final LineFabric line = new LineFabric();

    private static Smp ok(byte[] answer) throws MadFormatException {
        assertNotNull(answer, "an answer");
        Smp smp = Smp.decode(answer);
        assertEquals(Method.GET_RESP, smp.header().method());
        assertEquals(MadStatus.OK, smp.status(), MadStatus.describe(smp.status()));
        assertTrue(smp.isReturning(), "the D bit is set on the way back");
        return smp;
    }

    @Test
    void nodeInfoOfTheSendersOwnNodeWithHopCountZero() throws MadFormatException {
        NodeInfo info = ok(line.drGet(NodeInfo.ATTRIBUTE_ID, 0)).attribute(NodeInfo.CODEC);
        assertEquals(NodeInfo.TYPE_CA, info.nodeType());
        assertEquals(LineFabric.H1, info.nodeGuid());
        assertEquals(LineFabric.H1 + 1, info.portGuid());
        assertEquals(1, info.localPortNum());
        assertEquals(0x02c9, info.vendorId());
    }

    @Test
    void aThreeHopWalkThereAndBack() throws MadFormatException {
        Smp answer = ok(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3));
        NodeInfo info = answer.attribute(NodeInfo.CODEC);
        assertEquals(LineFabric.SW3, info.nodeGuid());
        assertEquals(NodeInfo.TYPE_SWITCH, info.nodeType());
        assertEquals(1, info.localPortNum(), "arrived at sw3 by its port 1");
        assertEquals(3, answer.hopCount());
        byte[] returnPath = new byte[Smp.PATH_LENGTH];
        answer.copyReturnPath(returnPath, 0);
        assertArrayEquals(new byte[]{0, 1, 2, 1}, java.util.Arrays.copyOf(returnPath, 4),
                "the ports it arrived by: h1's answer comes back through sw1 port 1, sw2 port 2, sw3 port 1");
        NodeDescription text = ok(line.drGet(NodeDescription.ATTRIBUTE_ID, 0, 1, 2, 3, 2))
                .attribute(NodeDescription.CODEC);
        assertEquals("h3", text.text());
    }

    @Test
    void aRouteThroughAnUncabledPortIsLost() {
        assertEquals(null, line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 4));
        assertEquals(null, line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 9), "sw1 has no port 9");
    }

    @Test
    void portInfoShowsTrainedAndUncabledPorts() throws MadFormatException {
        PortInfo cabled = ok(line.drGet(PortInfo.ATTRIBUTE_ID, 2, 1)).attribute(PortInfo.CODEC);
        assertEquals(2, cabled.portState(), "Init until an SM arms it");
        assertEquals(5, cabled.portPhysicalState(), "LinkUp");
        assertEquals(2, cabled.linkWidthActive(), "4X");
        assertEquals(1, cabled.linkSpeedActive(), "SDR");
        assertEquals(0, cabled.lid());
        PortInfo uncabled = ok(line.drGet(PortInfo.ATTRIBUTE_ID, 4, 1)).attribute(PortInfo.CODEC);
        assertEquals(1, uncabled.portState(), "Down");
        assertEquals(2, uncabled.portPhysicalState(), "Polling");
        PortInfo wide = ok(line.drGet(PortInfo.ATTRIBUTE_ID, 1, 1, 2, 3, 2)).attribute(PortInfo.CODEC);
        assertEquals(8, wide.linkWidthActive(), "12X: the widest both ends enable");
        assertEquals(4, wide.linkSpeedActive(), "QDR: the fastest both ends enable");
        PortInfo own = ok(line.drGet(PortInfo.ATTRIBUTE_ID, 0)).attribute(PortInfo.CODEC);
        assertEquals(1, own.localPortNum(), "modifier 0 on a CA: the port it arrived by");
    }

    @Test
    void switchInfoTablesAndGuids() throws MadFormatException {
        SwitchInfo info = ok(line.drGet(SwitchInfo.ATTRIBUTE_ID, 0, 1)).attribute(SwitchInfo.CODEC);
        assertEquals(30 * 1024, info.linearFdbCap(), "ibsim 0.10's LinearFDBCap");
        assertEquals(1024, info.multicastFdbCap(), "ibsim's MulticastFDBCap");
        assertTrue(info.portStateChange(), "its ports came up");
        GuidInfo guids = ok(line.drGet(GuidInfo.ATTRIBUTE_ID, 0, 1)).attribute(GuidInfo.CODEC);
        assertEquals(LineFabric.SW1, guids.guids().get(0));
        PKeyTable pKeys = ok(line.drGet(PKeyTable.ATTRIBUTE_ID, 1 << 16, 1)).attribute(PKeyTable.CODEC);
        assertEquals(0xFFFF, pKeys.pKeys().get(0), "the default P_Key");
        LinearForwardingTable lft = ok(line.drGet(LinearForwardingTable.ATTRIBUTE_ID, 0, 1))
                .attribute(LinearForwardingTable.CODEC);
        assertEquals(LinearForwardingTable.NO_ROUTE, lft.ports().get(5), "no routes before an SM");
    }

    @Test
    void setsAreKept() throws MadFormatException {
        SwitchInfo top = new SwitchInfo(0, 0, 0, 0x20, 0, 0, 0, 7, true, 0, 0, 0, false, false, false, false, false, 0);
        SwitchInfo after = ok(line.drSet(SwitchInfo.CODEC, 0, top, 1)).attribute(SwitchInfo.CODEC);
        assertEquals(0x20, after.linearFdbTop());
        assertFalse(after.portStateChange(), "writing 1 clears PortStateChange");
        java.util.List<Integer> entries = new java.util.ArrayList<>(java.util.Collections.nCopies(32, 0));
        entries.set(0, 0xFFFF);
        entries.set(1, 0x8001);
        PKeyTable keys = new PKeyTable(entries);
        PKeyTable read = ok(line.drSet(PKeyTable.CODEC, 0, keys)).attribute(PKeyTable.CODEC);
        assertEquals(0x8001, read.pKeys().get(1));
        SmInfo sm = ok(line.drSet(SmInfo.CODEC, 0, new SmInfo(0x42, 0, 0, 5, SmInfo.MASTER), 1))
                .attribute(SmInfo.CODEC);
        assertEquals(SmInfo.MASTER, sm.smState());
        assertEquals(5, sm.priority());
    }

    @Test
    void unsupportedMethodsAndAttributesAreAnsweredWithTheirStatus() throws MadFormatException {
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, Smp.decode(line.drGet(0x30, 0, 1)).status());
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE,
                Smp.decode(line.dr(Method.SET, NodeInfo.ATTRIBUTE_ID, 0, new byte[0], 1)).status());
        assertEquals(MadStatus.UNSUPPORTED_METHOD,
                Smp.decode(line.dr(Method.GET_TABLE, NodeInfo.ATTRIBUTE_ID, 0, new byte[0], 1)).status());
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE,
                Smp.decode(line.drGet(SwitchInfo.ATTRIBUTE_ID, 0)).status(), "a CA has no SwitchInfo");
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, Smp.decode(line.drGet(PortInfo.ATTRIBUTE_ID, 7, 1)).status(),
                "sw1 has no port 7");
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE,
                Smp.decode(line.drGet(LinearForwardingTable.ATTRIBUTE_ID, 0x300, 1)).status(), "beyond the LFT cap");
    }
}
