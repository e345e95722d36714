package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** Port states, LIDs and LFTs set by SMPs as an SM would, then LID-routed SMPs and PMA queries through them. */
class RoutingTest {

    private final LineFabric line = new LineFabric();

    @Test
    void vlStallCountAndHoqLifeKeepWhatTheSmSets() throws MadFormatException {
        PortInfo before = line.portInfo(2, 1);
        assertEquals(7, before.vlStallCount(), "as ibsim starts");
        assertEquals(0, before.hoqLife());
        PortInfo set = PortInfoBuilder.from(before).vlStallCount(3).hoqLife(0x13).portState(0).portPhysicalState(0)
                .build();
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 2, set, 1)));
        PortInfo after = line.portInfo(2, 1);
        assertEquals(3, after.vlStallCount());
        assertEquals(0x13, after.hoqLife());
        assertEquals(7, line.portInfo(3, 1).vlStallCount(), "the other ports keep theirs");
    }

    @Test
    void portStatesMoveOnlyAsIbaAllows() throws MadFormatException {
        PortInfo init = PortInfoBuilder.from(line.portInfo(2, 1)).portPhysicalState(0).build();
        PortInfo active = PortInfoBuilder.from(init).portState(4).build();
        PortInfo armed = PortInfoBuilder.from(init).portState(3).build();
        PortInfo toInit = PortInfoBuilder.from(init).portState(2).build();
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, LineFabric.status(line.drSet(PortInfo.CODEC, 2, active, 1)),
                "Init to Active skips Armed");
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, LineFabric.status(line.drSet(PortInfo.CODEC, 2, toInit, 1)),
                "Init is reached only by the link");
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 2, armed, 1)));
        assertEquals(3, line.portInfo(2, 1).portState());
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 2, active, 1)));
        assertEquals(4, line.portInfo(2, 1).portState());
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, LineFabric.status(line.drSet(PortInfo.CODEC, 2, armed, 1)),
                "Active back to Armed");
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, LineFabric.status(line.drSet(PortInfo.CODEC, 4, armed, 1)),
                "an uncabled port stays Down");
        PortInfo down = PortInfoBuilder.from(init).portState(1).build();
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 2, down, 1)));
        assertEquals(2, line.portInfo(2, 1).portState(), "down, then the link retrains to Init");
    }

    @Test
    void aLidRoutedGetCrossesTwoSwitchesOnceTheirLftsAreSet() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        assertNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, 4), "sw2 has no route yet: the MAD is lost");
        line.route(new int[]{0, 2, 2, 0, 1}, 1, 2);
        byte[] answer = line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, 4);
        assertNotNull(answer, "routed through sw1 and sw2");
        assertEquals(LineFabric.H2, Smp.decode(answer).attribute(NodeInfo.CODEC).nodeGuid());
        assertEquals(LineFabric.SW2,
                Smp.decode(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, 3)).attribute(NodeInfo.CODEC).nodeGuid());
        assertNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, 9), "no LID 9");
    }

    @Test
    void pmaCountersMoveWithTrafficAndReset() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        var codec = ExtendedCounterVariant.NO_IETF.codec();
        byte[] reset = PerfMgtMad.reset(codec, 1, 1, Set.of(ExtendedPortCounter.values()));
        MadAddress sw1 = MadAddress.gsi(2);
        assertNotNull(line.fabric.exchange(line.h1, reset, reset.length, sw1));
        assertEquals(MadStatus.OK, PerfMgtMad.decode(reset, codec).header().status());
        for (int i = 0; i < 5; i++) {
            assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2));
        }
        byte[] get = PerfMgtMad.get(codec, 2, 1);
        assertNotNull(line.fabric.exchange(line.h1, get, get.length, sw1));
        PerfCounters<ExtendedPortCounter> counters = PerfMgtMad.decode(get, codec).value();
        // after the reset: its answer, five SMP answers out; five SMPs and this Get in
        assertEquals(6, counters.get(ExtendedPortCounter.PORT_XMIT_PKTS));
        assertEquals(6, counters.get(ExtendedPortCounter.PORT_RCV_PKTS));
        assertEquals(6 * 72, counters.get(ExtendedPortCounter.PORT_RCV_DATA), "72 words a MAD");
        byte[] narrow = PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 3, 1);
        assertNotNull(line.fabric.exchange(line.h1, narrow, narrow.length, sw1));
        assertEquals(7, PerfMgtMad.decode(narrow, PerfAttributes.PORT_COUNTERS).value().get(PortCounter.PORT_RCV_PKTS));
    }

    @Test
    void gmpsNeedActivePorts() {
        byte[] get = PerfMgtMad.getClassPortInfo(1);
        assertNull(line.fabric.exchange(line.h1, get, get.length, MadAddress.gsi(2)), "no LIDs, no Active ports");
    }

    @Test
    void mKeyProtectionHidesAndRefuses() throws MadFormatException {
        PortInfo keyed = PortInfoBuilder.from(line.portInfo(0)).mKey(0x1234).mKeyProtectBits(2).portState(0)
                .portPhysicalState(0).build();
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 0, keyed, 1, 2, 1)));
        assertNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 1), "level 2: a Get without the key is dropped");
        byte[] keyedGet = Smp.directedRoute(1, 9, NodeInfo.ATTRIBUTE_ID, 0, 0x1234, new int[]{1, 2, 1}, new byte[0])
                .encode();
        assertNotNull(line.fabric.exchange(line.h1, keyedGet, 256, MadAddress.directedRoute()), "with the key");
    }

    @Test
    void mKeyLevelOneAnswersGetsWithTheKeyHidden() throws MadFormatException {
        PortInfo keyed = PortInfoBuilder.from(line.portInfo(0)).mKey(0x1234).mKeyProtectBits(1).portState(0)
                .portPhysicalState(0).build();
        assertEquals(MadStatus.OK, LineFabric.status(line.drSet(PortInfo.CODEC, 0, keyed, 1, 2, 1)));
        PortInfo seen = line.portInfo(0, 1, 2, 1);
        assertEquals(0, seen.mKey(), "hidden from a Get without the key");
        assertEquals(1, seen.mKeyProtectBits());
        PortInfo unkeyed = PortInfoBuilder.from(seen).lid(7).portState(0).portPhysicalState(0).build();
        assertNull(line.drSet(PortInfo.CODEC, 0, unkeyed, 1, 2, 1), "a Set without the key is dropped");
        assertEquals(1, line.portInfo(0, 1, 2, 1).mKeyViolations());
    }
}
