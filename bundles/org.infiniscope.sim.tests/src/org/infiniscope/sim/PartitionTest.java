package org.infiniscope.sim;

import static org.infiniscope.sim.ClockedLine.H1;
import static org.infiniscope.sim.ClockedLine.H2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** P_Key checks of GMPs (IBA 10.9): at the endport, and at switch ports that enforce partitions. */
class PartitionTest {

    private final ClockedLine line = new ClockedLine();

    private void pKeys(List<Integer> keys, int modifier, int... path) throws MadFormatException {
        List<Integer> entries = new ArrayList<>(Collections.nCopies(32, 0));
        for (int i = 0; i < keys.size(); i++) {
            entries.set(i, keys.get(i));
        }
        ClockedLine.ok(line.drSet(0, PKeyTable.CODEC, modifier, new PKeyTable(entries), path));
    }

    /** A PMA ClassPortInfo Get from a node's port to a LID with the P_Key at {@code pKeyIndex}: answered? */
    private boolean reaches(int node, int port, int lid, int pKeyIndex) {
        byte[] get = PerfMgtMad.getClassPortInfo(1);
        MadAddress to = new MadAddress(lid, Mad.GSI_QP, Mad.GSI_QKEY, 0, pKeyIndex, null);
        return line.engine.exchange(node, port, get, get.length, to) != null;
    }

    /** A PortCounters Get from {@code node}'s port 1, by a path that does not cross the enforcing ports. */
    private long portCounter(int node, int lid, int port, PortCounter counter) throws MadFormatException {
        byte[] get = PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 9, port);
        assertNotNull(line.engine.exchange(node, 1, get, get.length, MadAddress.gsi(lid)));
        return PerfMgtMad.decode(get, PerfAttributes.PORT_COUNTERS).value().get(counter);
    }

    @Test
    void anEndportDropsAGmpWhosePKeyItDoesNotHoldAndCountsIt() throws MadFormatException {
        line.configure();
        assertEquals(true, reaches(H1, 1, 4, 0), "both hold the default 0xFFFF");
        pKeys(List.of(0x8001), 0, 1, 2, 1);
        assertEquals(false, reaches(H1, 1, 4, 0), "h2 left the default partition");
        assertEquals(1, line.portInfo(0, 1, 2, 1).pKeyViolations());
        assertEquals(false, reaches(H1, 1, 4, 1), "h1 has no valid P_Key at index 1: nothing is sent");
        pKeys(List.of(0xFFFF, 0x0001), 0);
        assertEquals(true, reaches(H1, 1, 4, 1), "a limited member talks to a full one");
        pKeys(List.of(0x0001), 0, 1, 2, 1);
        assertEquals(false, reaches(H1, 1, 4, 1), "two limited members do not");
        assertEquals(2, line.portInfo(0, 1, 2, 1).pKeyViolations());
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 1), "SMPs are not partition-checked");
    }

    @Test
    void aSwitchPortEnforcesOnlyWhenItsPortInfoSaysSo() throws MadFormatException {
        line.configure();
        pKeys(List.of(0x8001), 1 << 16, 1, 2); // sw2 port 1, towards h2
        assertEquals(true, reaches(H1, 1, 4, 0), "a switch port's table matters only when it enforces");
        line.setPortInfo(1, b -> b.partitionEnforcementOutbound(true), 1, 2);
        assertEquals(true, line.portInfo(1, 1, 2).partitionEnforcementOutbound());
        assertEquals(false, reaches(H1, 1, 4, 0), "0xFFFF may not leave sw2 port 1");
        assertEquals(1, portCounter(H1, 3, 1, PortCounter.PORT_XMIT_CONSTRAINT_ERRORS));

        pKeys(List.of(0x8001), 1 << 16, 1); // sw1 port 1, from h1
        line.setPortInfo(1, b -> b.partitionEnforcementInbound(true), 1);
        assertEquals(false, reaches(H1, 1, 2, 0), "0xFFFF may not come into sw1 from h1");
        assertEquals(1, portCounter(ClockedLine.H3, 2, 1, PortCounter.PORT_RCV_CONSTRAINT_ERRORS));
        assertEquals(0, portCounter(ClockedLine.H3, 2, 2, PortCounter.PORT_RCV_CONSTRAINT_ERRORS));
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 1), "SMPs pass enforcing ports");
    }
}
