package org.infiniscope.diag.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code perfquery} end to end on the embedded simulator, its LIDs given as an SM would: the counters the
 * simulator's faults set are what the tool prints, in perfquery's text. The fabric is
 * {@code h1 - sw1 - sw2 - sw3 - h3} with {@code h2} on sw2 port 1; the tool is attached at h1. sw2 port 3 is off
 * the path of every query, so its counters are exactly what the test set; its link runs FDR.
 */
class PerfQueryToolTest {

    private SimFabric fabric;
    private MiniSm lids;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private boolean closed;

    @BeforeEach
    void subnetUp() throws MadFormatException {
        fabric = SimFabric.of(new Topology(
                List.of(ca("h1", 0x100), ca("h2", 0x200), ca("h3", 0x300), sw("sw1", 0x1000), sw("sw2", 0x2000),
                        sw("sw3", 0x3000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                        new Link("sw2", 3, "sw3", 1, 0, 0, 1), Link.of("sw3", 2, "h3", 1)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        lids = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    private int run(String... args) throws UsageException {
        PerfQueryTool tool = new PerfQueryTool((String) null, new PortCountersComponent());
        tool.provide(new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public MadChannel open(String spec) {
                MadChannel channel = fabric.openChannel(fabric.attachPoint("h1", 1));
                return new ClosingChannel(channel, () -> closed = true);
            }
        }, 1);
        List<String> all = new java.util.ArrayList<>(List.of("--fabric", "test"));
        all.addAll(List.of(args));
        return tool.run(new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    private void setAll(String node, int port) {
        long value = 1;
        for (PortCounter counter : PortCounter.values()) {
            if (counter != PortCounter.QP1_DROPPED) {
                fabric.faults().setCounter(node, port, counter, value++);
            }
        }
    }

    @Test
    void portCountersOfAPortPrintWhatPerfqueryPrints() throws UsageException {
        setAll("sw2", 3);
        int lid = lids.lid("sw2");
        assertEquals(ExitStatus.OK, run(String.valueOf(lid), "3"), err.toString());
        assertEquals("# Port counters: Lid " + lid + " port 3 (CapMask: 0x1500)\n" + """
                PortSelect:......................3
                CounterSelect:...................0x0000
                SymbolErrorCounter:..............1
                LinkErrorRecoveryCounter:........2
                LinkDownedCounter:...............3
                PortRcvErrors:...................4
                PortRcvRemotePhysicalErrors:.....5
                PortRcvSwitchRelayErrors:........6
                PortXmitDiscards:................7
                PortXmitConstraintErrors:........8
                PortRcvConstraintErrors:.........9
                CounterSelect2:..................0x00
                LocalLinkIntegrityErrors:........10
                ExcessiveBufferOverrunErrors:....11
                QP1Dropped:......................0
                VL15Dropped:.....................12
                PortXmitData:....................13
                PortRcvData:.....................14
                PortXmitPkts:....................15
                PortRcvPkts:.....................16
                PortXmitWait:....................17
                """, out.toString());
        assertTrue(closed, "the channel is closed after the query");
    }

    @Test
    void extendedCountersPrintTheFourTheAgentCarries() throws UsageException {
        fabric.faults().setCounter("sw2", 3, ExtendedPortCounter.PORT_XMIT_DATA, 0x1_0000_0000L);
        fabric.faults().setCounter("sw2", 3, ExtendedPortCounter.PORT_RCV_DATA, 0x2_0000_0000L);
        fabric.faults().setCounter("sw2", 3, ExtendedPortCounter.PORT_XMIT_PKTS, 5);
        fabric.faults().setCounter("sw2", 3, ExtendedPortCounter.PORT_RCV_PKTS, 6);
        int lid = lids.lid("sw2");
        assertEquals(ExitStatus.OK, run("-x", String.valueOf(lid), "3"), err.toString());
        assertEquals("# Port extended counters: Lid " + lid + " port 3 (CapMask: 0x1500 CapMask2: 0x0000000)\n" + """
                PortSelect:......................3
                CounterSelect:...................0x0000
                PortXmitData:....................4294967296
                PortRcvData:.....................8589934592
                PortXmitPkts:....................5
                PortRcvPkts:.....................6
                """, out.toString());
    }

    @Test
    void withoutADestinationTheLocalPortIsRead() throws UsageException {
        fabric.faults().setCounter("h1", 1, PortCounter.SYMBOL_ERROR_COUNTER, 42);
        assertEquals(ExitStatus.OK, run(), err.toString());
        assertTrue(out.toString().startsWith("# Port counters: Lid " + lids.lid("h1") + " port 1 (CapMask: 0x1400)\n"
                + "PortSelect:......................1\n"), out.toString());
        assertTrue(out.toString().contains("\nSymbolErrorCounter:..............42\n"), out.toString());
    }

    @Test
    void allPortsOfASwitchAreSummedByItsAgent() throws UsageException {
        fabric.faults().setCounter("sw2", 1, PortCounter.SYMBOL_ERROR_COUNTER, 40);
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 2);
        fabric.faults().setCounter("sw2", 3, PortCounter.LINK_DOWNED_COUNTER, 250);
        fabric.faults().setCounter("sw2", 1, PortCounter.LINK_DOWNED_COUNTER, 10);
        int lid = lids.lid("sw2");
        assertEquals(ExitStatus.OK, run("-a", String.valueOf(lid)), err.toString());
        assertTrue(out.toString().startsWith("# Port counters: Lid " + lid + " port 255 (CapMask: 0x1500)\n"
                + "PortSelect:......................255\n"), out.toString());
        assertTrue(out.toString().contains("\nSymbolErrorCounter:..............42\n"), out.toString());
        assertTrue(out.toString().contains("\nLinkDownedCounter:...............255\n"), out.toString());
    }

    @Test
    void allPortsOfAChannelAdapterAreReadOneByOneAndSummedHere() throws UsageException {
        fabric.faults().setCounter("h2", 1, PortCounter.PORT_RCV_ERRORS, 9);
        int lid = lids.lid("h2");
        assertEquals(ExitStatus.OK, run("-a", String.valueOf(lid)), err.toString());
        assertTrue(out.toString().startsWith("# Port counters: Lid " + lid + " port 255 (CapMask: 0x1400)\n"
                + "PortSelect:......................255\n"), out.toString());
        assertTrue(out.toString().contains("\nPortRcvErrors:...................9\n"), out.toString());
        assertTrue(err.toString().contains("emulating AllPortSelect"), err.toString());
    }

    @Test
    void allPortSelectOnAnAgentWithoutItIsRefusedUnlessAsked() throws UsageException {
        assertEquals(ExitStatus.FAILURE, run(String.valueOf(lids.lid("h2")), "255"));
        assertEquals("infiniscope perfquery: AllPortSelect not supported\n", err.toString().replace("\r", ""));
    }

    @Test
    void readThenResetShowsTheValueAndClearsIt() throws UsageException {
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 77);
        fabric.faults().setCounter("sw2", 3, PortCounter.PORT_XMIT_WAIT, 5);
        assertEquals(ExitStatus.OK, run("-r", String.valueOf(lids.lid("sw2")), "3"), err.toString());
        assertTrue(out.toString().contains("\nSymbolErrorCounter:..............77\n"), out.toString());
        assertEquals(0, fabric.faults().counter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(0, fabric.faults().counter("sw2", 3, PortCounter.PORT_XMIT_WAIT),
                "PortXmitWait: the agent has it");
    }

    @Test
    void resetOnlyPrintsNothing() throws UsageException {
        fabric.faults().setCounter("sw2", 1, PortCounter.PORT_RCV_ERRORS, 12);
        fabric.faults().setCounter("sw2", 3, PortCounter.PORT_RCV_ERRORS, 13);
        assertEquals(ExitStatus.OK, run("-R", String.valueOf(lids.lid("sw2")), "3"), err.toString());
        assertEquals("", out.toString());
        assertEquals(0, fabric.faults().counter("sw2", 3, PortCounter.PORT_RCV_ERRORS));
        assertEquals(12, fabric.faults().counter("sw2", 1, PortCounter.PORT_RCV_ERRORS), "another port is untouched");
    }

    @Test
    void jsonHasTheSameFields() throws UsageException {
        setAll("sw2", 3);
        int lid = lids.lid("sw2");
        assertEquals(ExitStatus.OK, run("--json", String.valueOf(lid), "3"), err.toString());
        assertTrue(
                out.toString()
                        .startsWith("{\"lid\":" + lid + ",\"port\":3,\"capMask\":5376,\"PortCounters\":{"
                                + "\"PortSelect\":3,\"CounterSelect\":\"0x0000\",\"SymbolErrorCounter\":1,"),
                out.toString());
        assertTrue(out.toString().endsWith("\"PortXmitWait\":17}}\n"), out.toString());
    }

    @Test
    void aLidThatAnswersNothingIsOneLineAndStatusOne() throws UsageException {
        assertEquals(ExitStatus.FAILURE, run("-t", "20", "200", "1"));
        assertEquals("", out.toString());
        assertEquals("infiniscope perfquery: ClassPortInfo: no answer from Lid 200 after 4 attempts of 20 ms\n",
                err.toString().replace("\r", ""));
        assertTrue(closed);
    }

    @Test
    void aGuidIsAskedOfTheSaAndWithoutOneTheToolSaysSo() throws UsageException {
        // the embedded simulator has no SA yet: the SM LID the test's SM set (h1's own) answers nothing
        assertEquals(ExitStatus.FAILURE, run("-t", "20", "-G", "0x2000", "1"));
        assertEquals("", out.toString());
        assertTrue(
                err.toString().startsWith("infiniscope perfquery: can't resolve destination port 0x0000000000002000: "),
                err.toString());
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThrows(UsageException.class, () -> run("1", "2", "3"));
        assertThrows(UsageException.class, () -> run("-G"));
        assertThrows(UsageException.class, () -> run("-G", "zz", "1"));
        assertThrows(UsageException.class, () -> run("0"));
        assertThrows(UsageException.class, () -> run("-q"));
        assertThrows(UsageException.class, () -> run("1", "256"));
    }

    @Test
    void extendedSpeedsCountersOfAnFdrPortAsPerfqueryDashTPrintsThem() throws UsageException {
        fabric.faults().setCounter("sw2", 3, ExtendedSpeedsCounter.fecCorrectable(1), 77);
        fabric.faults().setCounter("sw2", 3, ExtendedSpeedsCounter.SYNC_HEADER_ERROR_COUNTER, 5);
        String lid = Integer.toString(lids.lid("sw2"));
        assertEquals(0, run("-T", lid, "3"), err.toString());
        String text = out.toString();
        assertTrue(text.startsWith("""
                # PortExtendedSpeedsCounters counters: Lid %s port 3
                PortSelect:......................3
                CounterSelect:...................0x0000000000000000
                SyncHeaderErrorCounter:..........5
                UnknownBlockCounter:.............0
                ErrorDetectionCounterLane0:......0
                """.formatted(lid)), text);
        assertTrue(text.contains("\nFECCorrectableBlockCtrLane1:.....77\n"), text);
        assertTrue(text.endsWith("\nFECUncorrectableBlockCtrLane11:..0\n"), text);
        assertEquals(1 + 2 + 38, text.split("\n").length, "the title, PortSelect, CounterSelect and 38 counters");

        out.getBuffer().setLength(0);
        assertEquals(0, run("-T", "-R", lid, "3"), err.toString());
        assertEquals("", out.toString());
        assertEquals(0, fabric.faults().counter("sw2", 3, ExtendedSpeedsCounter.fecCorrectable(1)), "reset");

        // an SDR link has no such counters: the agent refuses, the tool says so
        assertEquals(1, run("-T", lid, "1"));
        assertTrue(err.toString().contains("PortExtendedSpeedsCounters"), err.toString());
    }
}
