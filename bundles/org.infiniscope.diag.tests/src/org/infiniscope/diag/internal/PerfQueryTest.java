package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.junit.jupiter.api.Test;

/** perfquery's sums and the layouts no agent at hand answers with (real HCAs: all eight, or all 22 counters). */
class PerfQueryTest {

    private static PerfQueryArgs text() throws UsageException {
        return PerfQueryArgs.parse(List.of("1"));
    }

    @Test
    void sumsStopAtEachCountersMaximumAsPerfqueryDoes() {
        PerfCounters<PortCounter> a = PerfCounters.builder(PortCounter.class).portSelect(1)
                .set(PortCounter.LINK_DOWNED_COUNTER, 200).set(PortCounter.PORT_XMIT_DATA, 0xffff_fffeL)
                .set(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS, 9).set(PortCounter.SYMBOL_ERROR_COUNTER, 3).build();
        PerfCounters<PortCounter> b = PerfCounters.builder(PortCounter.class).portSelect(2).counterSelect(0x1234)
                .set(PortCounter.LINK_DOWNED_COUNTER, 100).set(PortCounter.PORT_XMIT_DATA, 5)
                .set(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS, 9).set(PortCounter.SYMBOL_ERROR_COUNTER, 4).build();
        PerfCounters<PortCounter> sum = PerfQuery.sum(a, b);
        assertEquals(255, sum.get(PortCounter.LINK_DOWNED_COUNTER));
        assertEquals(0xffff_ffffL, sum.get(PortCounter.PORT_XMIT_DATA));
        assertEquals(15, sum.get(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS), "4 bits wide");
        assertEquals(7, sum.get(PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(0x1234, sum.counterSelect(), "the last port's select, as perfquery keeps its buffer");

        PerfCounters<ExtendedPortCounter> x = PerfCounters.builder(ExtendedPortCounter.class)
                .set(ExtendedPortCounter.PORT_RCV_DATA, -2L).build();
        PerfCounters<ExtendedPortCounter> y = PerfCounters.builder(ExtendedPortCounter.class)
                .set(ExtendedPortCounter.PORT_RCV_DATA, 5).build();
        assertEquals(-1L, PerfQuery.sum(x, y).get(ExtendedPortCounter.PORT_RCV_DATA), "2^64 - 1");
    }

    @Test
    void allEightExtendedCountersWhenTheAgentHasExtendedWidth() throws UsageException {
        PerfCounters<ExtendedPortCounter> c = PerfCounters.builder(ExtendedPortCounter.class).portSelect(1)
                .set(ExtendedPortCounter.PORT_MULTICAST_RCV_PKTS, 12).set(ExtendedPortCounter.PORT_XMIT_DATA, -1L)
                .build();
        String text = PerfQuery.extendedText(4, 1, 0x1200, 0, c, text());
        assertTrue(text.startsWith("# Port extended counters: Lid 4 port 1 (CapMask: 0x1200 CapMask2: 0x0000000)\n"
                + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "PortXmitData:....................18446744073709551615\n"), text);
        assertTrue(text.endsWith("PortMulticastXmitPkts:...........0\nPortMulticastRcvPkts:............12\n"), text);
        assertFalse(text.contains("CounterSelect2"), text);
    }

    @Test
    void theAdditionalCountersFollowCounterSelect2() throws UsageException {
        PerfCounters<ExtendedPortCounter> c = PerfCounters.builder(ExtendedPortCounter.class).portSelect(1)
                .counterSelect(0x3fff_ffffL).set(ExtendedPortCounter.QP1_DROPPED, 3).build();
        String text = PerfQuery.extendedText(4, 1, 0x1200,
                PerfCapability.IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED, c, text());
        assertTrue(text.startsWith("# Port extended counters: Lid 4 port 1 (CapMask: 0x1200 CapMask2: 0x0000002)\n"),
                text);
        assertTrue(text.contains("\nCounterSelect:...................0xffff\n"), text);
        assertTrue(text.contains("\nPortMulticastRcvPkts:............0\nCounterSelect2:..................0x00003fff\n"
                + "SymbolErrorCounter:..............0\n"), text);
        assertTrue(text.endsWith("\nPortXmitWait:....................0\nQP1Dropped:......................3\n"), text);
        assertEquals(2 + 8 + 1 + 14 + 1, text.lines().count());
    }

    @Test
    void theTitleCapMaskIsUpperCaseHexOfAtLeastTwoDigits() throws UsageException {
        PerfCounters<PortCounter> c = PerfCounters.builder(PortCounter.class).portSelect(1).build();
        assertTrue(PerfQuery.countersText(1, 1, 0xAB00, c, text())
                .startsWith("# Port counters: Lid 1 port 1 (CapMask: 0xAB00)\n"));
        assertTrue(PerfQuery.countersText(1, 1, 0x5, c, text())
                .startsWith("# Port counters: Lid 1 port 1 (CapMask: 0x05)\n"));
    }
}
