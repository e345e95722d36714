package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** Faults injected through {@link SimFaults}, seen as an SM or a perf manager sees them: in the MADs' answers. */
class FaultInjectionTest {

    private final VirtualClock clock = new VirtualClock();
    private final LineFabric line = new LineFabric(clock);
    private final SimFaults faults = line.fabric.faults();

    private PortInfo portInfo(int port, int... path) throws MadFormatException {
        return Smp.decode(line.drGet(PortInfo.ATTRIBUTE_ID, port, path)).attribute(PortInfo.CODEC);
    }

    @Test
    void aCounterSetByInjectionIsWhatThePmaAnswers() throws MadFormatException {
        MiniSm sm = new MiniSm(line.fabric, line.h1).configure();
        faults.setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 50);
        faults.setCounter("sw2", 3, PortCounter.LINK_DOWNED_COUNTER, 255);
        faults.setCounter("h3", 1, ExtendedPortCounter.PORT_RCV_DATA, 0x1_2345_6789L);
        assertEquals(50, sm.counter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(255, sm.counter("sw2", 3, PortCounter.LINK_DOWNED_COUNTER));
        assertEquals(0, sm.counter("sw2", 2, PortCounter.SYMBOL_ERROR_COUNTER), "only the port named");
        long extended = sm.counters(ExtendedCounterVariant.NO_IETF.codec(), "h3", 1)
                .get(ExtendedPortCounter.PORT_RCV_DATA);
        assertTrue(extended >= 0x1_2345_6789L, "64 bits in PortCountersExtended (and this Get's words on top)");
        assertEquals(0xFFFF_FFFFL, sm.counter("h3", 1, PortCounter.PORT_RCV_DATA), "saturated at 32 bits");

        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> faults.setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 65536));
        assertTrue(wide.getMessage().contains("16 bits"), wide.getMessage());
        // a link that keeps going down stays at LinkDownedCounter's top, 255, rather than wrap
        faults.errorRate("sw2", 3, PortCounter.LINK_DOWNED_COUNTER, 1);
        clock.advance(Duration.ofSeconds(10));
        assertEquals(255, sm.counter("sw2", 3, PortCounter.LINK_DOWNED_COUNTER));
    }

    @Test
    void errorCountersRiseWithTheClockWhileTheLinkIsUp() throws MadFormatException {
        MiniSm sm = new MiniSm(line.fabric, line.h1).configure();
        faults.errorRate("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 10);
        faults.errorRate("sw2", 3, PortCounter.LINK_ERROR_RECOVERY_COUNTER, 0.5);
        faults.errorRate("sw1", 3, PortCounter.SYMBOL_ERROR_COUNTER, 100);
        clock.advance(Duration.ofMillis(2500));
        assertEquals(25, sm.counter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(1, sm.counter("sw2", 3, PortCounter.LINK_ERROR_RECOVERY_COUNTER), "1.25 so far");
        assertEquals(0, sm.counter("sw1", 3, PortCounter.SYMBOL_ERROR_COUNTER), "an uncabled port has no signal");
        clock.advance(Duration.ofMillis(1500));
        assertEquals(2, sm.counter("sw2", 3, PortCounter.LINK_ERROR_RECOVERY_COUNTER), "the fractions carry over");
        faults.errorRate("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 0);
        clock.advance(Duration.ofSeconds(5));
        assertEquals(40, sm.counter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER), "stopped at 4 s");
    }

    @Test
    void anUnpluggedCableLosesTheDirectedRouteThroughItUntilPluggedBack() throws MadFormatException {
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2), "h1 -> sw1 -> sw2");
        faults.unplug("sw2", 2);
        assertNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2), "the cable sw1[2]-sw2[2] is out");
        PortInfo pulled = portInfo(2, 1);
        assertEquals(1, pulled.portState(), "Down");
        assertEquals(2, pulled.portPhysicalState(), "Polling");
        assertEquals(1, faults.counter("sw1", 2, PortCounter.LINK_DOWNED_COUNTER));
        assertThrows(IllegalArgumentException.class, () -> faults.unplug("sw1", 2), "already out");

        faults.replug("sw1", 2);
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2));
        PortInfo back = portInfo(2, 1);
        assertEquals(5, back.portPhysicalState(), "LinkUp");
        assertEquals(2, back.portState(), "Init: an SM must make it Active again");
        assertThrows(IllegalArgumentException.class, () -> faults.replug("sw1", 2), "nothing to plug back");
    }

    @Test
    void unplugKeepsTheLidAndDataMadsNeedTheSmToReactivate() throws MadFormatException {
        MiniSm sm = new MiniSm(line.fabric, line.h1).configure();
        assertNotNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, sm.lid("h3")));
        faults.unplug("h3", 1);
        assertNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, sm.lid("h3")));
        faults.replug("h3", 1);
        assertEquals(sm.lid("h3"), sm.portInfo("h3", 0).lid(), "the LID survives the pulled cable");
        assertEquals(2, sm.portInfo("h3", 0).portState(), "Init");
        assertNotNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, sm.lid("h3")), "SMPs pass Init ports");
    }

    @Test
    void pullingACableSendsTrap128ToTheSm() throws MadFormatException {
        List<byte[]> received = new ArrayList<>();
        List<Integer> from = new ArrayList<>();
        try (SimFabric.Attachment sm = line.fabric.attach(line.h1, 0, true, (mad, envelope) -> {
            received.add(mad);
            from.add(envelope.slid());
        })) {
            new MiniSm(line.fabric, line.h1).configure();
            // the SM represses the traps the configuration raised, or they would be re-sent rather than raised anew
            for (int i = 0; i < received.size(); i++) {
                byte[] repress = received.get(i);
                repress[3] = (byte) Method.TRAP_REPRESS;
                sm.send(repress, repress.length, MadAddress.smi(from.get(i)), 0);
            }
            received.clear();
            faults.unplug("sw2", 3);
            List<Integer> traps = new ArrayList<>();
            for (byte[] mad : received) {
                Smp smp = Smp.decode(mad);
                if (smp.header().method() == Method.TRAP && smp.header().attributeId() == Notice.ATTRIBUTE_ID) {
                    traps.add(smp.attribute(Notice.CODEC).trapNumberOrDeviceId());
                }
            }
            // sw3 raises one too, but its way to the SM ran over the pulled cable
            assertEquals(List.of(128), traps, "from sw2, at the SM's end of the pulled cable");
        }
    }

    @Test
    void aDisabledPortTakesItsLinkDownAndEnablingTrainsItAgain() throws MadFormatException {
        faults.disable("sw2", 3);
        assertEquals(3, portInfo(3, 1, 2).portPhysicalState(), "Disabled");
        assertNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3), "sw3 is out of reach");
        assertEquals(1, faults.counter("sw3", 1, PortCounter.LINK_DOWNED_COUNTER), "the peer lost its link");
        assertEquals(0, faults.counter("sw2", 3, PortCounter.LINK_DOWNED_COUNTER), "disabling is no link error");
        faults.enable("sw2", 3);
        assertEquals(5, portInfo(3, 1, 2).portPhysicalState(), "trained, as IBA says (ibsim would stay Polling)");
        assertEquals(2, portInfo(3, 1, 2).portState());
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3));
        assertEquals(2, portInfo(1, 1, 2, 3).portState(), "the peer in Init as well");
    }

    @Test
    void dropRatesAreHonouredWithAFixedSeed() {
        faults.seed(42);
        faults.dropRate("sw2", 0, 30, NodeInfo.ATTRIBUTE_ID);
        int lost = 0;
        for (int i = 0; i < 1000; i++) {
            lost += line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2) == null ? 1 : 0;
        }
        assertTrue(lost > 250 && lost < 350, lost + " of 1000 lost at 30 %");
        for (int i = 0; i < 100; i++) {
            assertNotNull(line.drGet(PortInfo.ATTRIBUTE_ID, 0, 1, 2), "another attribute passes");
            assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1), "another switch answers");
        }
        LineFabric again = new LineFabric(new VirtualClock());
        again.fabric.faults().seed(42);
        again.fabric.faults().dropRate("sw2", 0, 30, NodeInfo.ATTRIBUTE_ID);
        int lostAgain = 0;
        for (int i = 0; i < 1000; i++) {
            lostAgain += again.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2) == null ? 1 : 0;
        }
        assertEquals(lost, lostAgain, "the same seed loses the same MADs");
    }

    @Test
    void madsLostOnACableCountAsReceiveErrors() {
        faults.dropRate("sw2", 2, 50);
        int lost = 0;
        for (int i = 0; i < 400; i++) {
            lost += line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3) == null ? 1 : 0;
        }
        // a request crosses sw2[2] on the way in; the answer leaves by it, and is lost only at sw1[2]: never
        assertTrue(lost > 160 && lost < 240, lost + " of 400 lost at 50 %");
        assertEquals(lost, faults.counter("sw2", 2, PortCounter.PORT_RCV_ERRORS));
        faults.dropRate("sw2", 2, 0);
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3));
    }

    @Test
    void aRebootedSwitchForgetsItsLftAndLidAndItsLinksRetrain() throws MadFormatException {
        MiniSm sm = new MiniSm(line.fabric, line.h1).configure();
        int h3 = sm.lid("h3");
        assertNotNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, h3));
        faults.reboot("sw2");
        byte[] lft = line.drGet(LinearForwardingTable.ATTRIBUTE_ID, 0, 1, 2);
        List<Integer> empty = new ArrayList<>(Collections.nCopies(64, LinearForwardingTable.NO_ROUTE));
        assertEquals(empty, Smp.decode(lft).attribute(LinearForwardingTable.CODEC).ports(), "LFT cleared");
        SwitchInfo info = Smp.decode(line.drGet(SwitchInfo.ATTRIBUTE_ID, 0, 1, 2)).attribute(SwitchInfo.CODEC);
        assertEquals(0, info.linearFdbTop());
        assertEquals(0, portInfo(0, 1, 2).lid(), "LID 0 until an SM assigns one");
        for (int port = 1; port <= 3; port++) {
            assertEquals(2, portInfo(port, 1, 2).portState(), "sw2[" + port + "] back in Init");
        }
        assertEquals(2, portInfo(2, 1).portState(), "the neighbour sw1[2] retrained to Init too");
        assertEquals(1, faults.counter("sw1", 2, PortCounter.LINK_DOWNED_COUNTER));
        assertNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, h3), "no route through sw2 any more");
        sm.reconfigure("sw2");
        assertNotNull(line.lidGet(NodeInfo.ATTRIBUTE_ID, 0, h3), "the SM programmed it again");
    }

    @Test
    void aDuplicatedNodeGuidIsWhatNodeInfoAnswers() throws MadFormatException {
        faults.duplicateNodeGuid("h1", "h2");
        NodeInfo h2 = Smp.decode(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 1)).attribute(NodeInfo.CODEC);
        assertEquals(LineFabric.H1, h2.nodeGuid());
        faults.duplicatePortGuid("sw1", 0, "sw3", 0);
        NodeInfo sw3 = Smp.decode(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3)).attribute(NodeInfo.CODEC);
        assertEquals(LineFabric.SW1, sw3.portGuid());
        assertThrows(IllegalArgumentException.class, () -> faults.duplicateNodeGuid("h1", "nope"));
    }

    @Test
    void namesAndPortsTheFabricLacksAreRefused() {
        IllegalArgumentException node = assertThrows(IllegalArgumentException.class, () -> faults.unplug("hx", 1));
        assertTrue(node.getMessage().contains("\"hx\""), node.getMessage());
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class, () -> faults.disable("sw1", 9));
        assertTrue(port.getMessage().contains("no port 9"), port.getMessage());
        assertThrows(IllegalArgumentException.class, () -> faults.dropRate("sw1", 1, 101));
        assertThrows(IllegalArgumentException.class,
                () -> faults.setCounter("sw1", 1, ExtendedPortCounter.SYMBOL_ERROR_COUNTER, 1));
    }
}
