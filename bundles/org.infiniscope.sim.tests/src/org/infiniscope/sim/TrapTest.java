package org.infiniscope.sim;

import static org.infiniscope.sim.ClockedLine.H2;
import static org.infiniscope.sim.ClockedLine.RESEND_NANOS;
import static org.infiniscope.sim.ClockedLine.SW2;
import static org.infiniscope.sim.ClockedLine.SW3;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.TrapDetails;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** Traps 128 and 144 as SubnTrap SMPs in the engine's queue, their re-sends, TrapRepress and ClientReregister. */
class TrapTest {

    private final ClockedLine line = new ClockedLine();

    /** Checks the SMP around a trap and returns its Notice. */
    private static Notice notice(org.infiniscope.sim.internal.Notice trap) throws MadFormatException {
        assertEquals(Mad.SMI_QP, trap.qpn());
        assertEquals(1, trap.dlid(), "to the SM LID the port was given");
        Smp smp = Smp.decode(trap.mad());
        assertEquals(MgmtClass.SUBN_LID_ROUTED, smp.header().mgmtClass());
        assertEquals(Method.TRAP, smp.header().method());
        assertEquals(Notice.ATTRIBUTE_ID, smp.header().attributeId());
        return smp.attribute(Notice.CODEC);
    }

    /** Disables sw2 port 3: the link to sw3 goes down at both ends. */
    private void cutSw2Sw3() throws MadFormatException {
        line.setPortInfo(3, b -> b.portPhysicalState(3), 1, 2);
    }

    @Test
    void aLinkGoingDownSendsTrap128FromBothSwitches() throws MadFormatException {
        line.configure();
        line.repressAll();
        cutSw2Sw3();
        List<org.infiniscope.sim.internal.Notice> traps = line.drain();
        assertEquals(List.of(SW2, SW3), traps.stream().map(org.infiniscope.sim.internal.Notice::node).toList());
        assertEquals(0, traps.get(0).port(), "a switch sends from its management port");
        Notice sw2 = notice(traps.get(0));
        assertTrue(sw2.generic());
        assertEquals(1, sw2.type(), "urgent");
        assertEquals(2, sw2.producerTypeOrVendorId(), "a switch");
        assertEquals(128, sw2.trapNumberOrDeviceId());
        assertEquals(3, sw2.issuerLid());
        assertEquals(new TrapDetails.LinkStateChange(3), sw2.details());
        assertEquals(5, notice(traps.get(1)).issuerLid());
    }

    @Test
    void statesTheSmSetsSendNoTrapButTheLinkComingBackDoes() throws MadFormatException {
        line.configure();
        line.repressAll();
        cutSw2Sw3();
        line.repressAll();
        line.setPortInfo(3, b -> b.portPhysicalState(2), 1, 2); // enabled again: the link trains to Init
        // sw3's trap of the cut still waits for its repress, which could not reach it then: no second one
        assertEquals(List.of(SW2), line.repressAllNodes(), "Down to Init is the link's doing: trap 128");
        line.setPortInfo(3, b -> b.portState(3), 1, 2);
        line.setPortInfo(3, b -> b.portState(4), 1, 2);
        assertEquals(List.of(), line.drain(), "IBA 14.2.5.4: Armed and Active set by SubnSet change no flag");
    }

    @Test
    void noTrapBeforeAnSmGaveTheSwitchALidAndItsOwn() throws MadFormatException {
        cutSw2Sw3();
        assertEquals(List.of(), line.drain());
        line.setPortInfo(0, b -> b.lid(3), 1, 2); // a LID but no SM LID
        line.setPortInfo(3, b -> b.portPhysicalState(2), 1, 2);
        assertEquals(List.of(), line.drain());
    }

    @Test
    void anSmEndpointGetsTheTrapAndItsRepressStopsTheResends() throws MadFormatException {
        line.configure();
        line.repressAll();
        List<byte[]> atSm = new java.util.ArrayList<>();
        var sm = line.engine.endpoints().attach(ClockedLine.H1, 1, 0, true, (mad, envelope) -> atSm.add(mad));
        cutSw2Sw3();
        List<SimFabric.Outcome> outcomes = line.drain().stream().map(n -> line.engine.carry(n.node(), n.port(), null,
                n.mad(), 256, org.infiniscope.mad.transport.MadAddress.smi(n.dlid()), 0)).toList();
        assertEquals(List.of(SimFabric.Outcome.DELIVERED, SimFabric.Outcome.LOST), outcomes,
                "sw2's trap reaches the SM; sw3 is cut off from it");
        assertEquals(1, atSm.size());
        byte[] repress = atSm.get(0).clone();
        repress[3] = (byte) Method.TRAP_REPRESS;
        assertEquals(SimFabric.Outcome.CONSUMED, line.engine.carry(ClockedLine.H1, 1, sm, repress, 256,
                org.infiniscope.mad.transport.MadAddress.smi(3), 0), "the SMA takes it and answers nothing");
        line.engine.poll(line.now.get() + 10 * RESEND_NANOS);
        assertEquals(List.of(SW3), line.drain().stream().map(org.infiniscope.sim.internal.Notice::node).toList(),
                "the repress kept its TID through the fabric: only sw3's trap is sent again");
    }

    @Test
    void aTrapIsResentUntilRepressed() throws MadFormatException {
        line.configure();
        line.repressAll();
        cutSw2Sw3();
        org.infiniscope.sim.internal.Notice first = line.drain().get(0);
        long sentAt = line.now.get();
        line.engine.poll(sentAt + RESEND_NANOS - 1);
        assertEquals(List.of(), line.drain(), "not before 4.096 µs × 2^SubnetTimeOut");
        line.engine.poll(sentAt + RESEND_NANOS);
        List<org.infiniscope.sim.internal.Notice> again = line.drain();
        assertEquals(2, again.size(), "both switches' traps");
        assertArrayEquals(first.mad(), again.get(0).mad(), "the same trap, the same TID");
        line.engine.poll(sentAt + 2 * RESEND_NANOS);
        assertEquals(2, line.drain().size(), "and again");
        assertEquals(null, line.repress(first, 0));
        line.engine.poll(sentAt + 3 * RESEND_NANOS);
        List<org.infiniscope.sim.internal.Notice> left = line.drain();
        assertEquals(List.of(SW3), left.stream().map(org.infiniscope.sim.internal.Notice::node).toList(),
                "sw2's trap was repressed, sw3's was not");
    }

    @Test
    void aSecondChangeWhileTheTrapIsPendingSendsNoSecondTrap() throws MadFormatException {
        line.configure();
        line.repressAll();
        cutSw2Sw3();
        assertEquals(2, line.drain().size());
        line.setPortInfo(3, b -> b.portPhysicalState(2), 1, 2); // back to Polling: the link retrains
        assertEquals(List.of(), line.drain(), "the pending trap 128 goes on being re-sent instead");
    }

    @Test
    void isSmChangesTheCapabilityMaskAndSendsTrap144() throws MadFormatException {
        line.configure();
        line.repressAll();
        line.engine.setIsSm(H2, 1, true);
        List<org.infiniscope.sim.internal.Notice> traps = line.drain();
        assertEquals(1, traps.size());
        assertEquals(H2, traps.get(0).node());
        assertEquals(1, traps.get(0).port());
        Notice n = notice(traps.get(0));
        assertEquals(144, n.trapNumberOrDeviceId());
        assertEquals(4, n.type(), "informational");
        assertEquals(1, n.producerTypeOrVendorId(), "a channel adapter");
        assertEquals(4, n.issuerLid());
        TrapDetails.CapabilityChange change = (TrapDetails.CapabilityChange) n.details();
        assertEquals(4, change.lid());
        int mask = line.portInfo(0, 1, 2, 1).capabilityMask();
        assertEquals(mask, change.capabilityMask(), "the new mask");
        assertEquals(1 << 1, mask & 1 << 1, "IsSM");
        assertEquals(1 << 22, mask & 1 << 22, "IsCapabilityMaskNoticeSupported");
        line.engine.setIsSm(H2, 1, true);
        assertEquals(List.of(), line.drain(), "no change, no trap");
        line.engine.setIsSm(H2, 1, false);
        assertEquals(0, line.portInfo(0, 1, 2, 1).capabilityMask() & 1 << 1);
    }

    @Test
    void clientReregisterIsTakenAndReadsBackZero() throws MadFormatException {
        line.configure();
        byte[] answer = line.drSet(0, PortInfo.CODEC, 0, org.infiniscope.mad.smp.PortInfoBuilder
                .from(line.portInfo(0, 1, 2, 1)).portState(0).portPhysicalState(0).clientReregister(true).build(), 1, 2,
                1);
        assertFalse(ClockedLine.ok(answer).attribute(PortInfo.CODEC).clientReregister(), "reads back 0");
        var state = line.engine.state();
        assertEquals(1, state.clientReregistrations(state.port(H2, 1)));
        assertEquals(0, state.clientReregistrations(state.port(ClockedLine.H3, 1)));
    }
}
