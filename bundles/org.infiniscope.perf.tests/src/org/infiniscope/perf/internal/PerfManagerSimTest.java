package org.infiniscope.perf.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.LinkStats;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.NodeStats;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.VirtualClock;
import org.infiniscope.testing.Services;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The manager against the embedded simulator, on a virtual clock: {@code h1 - sw1 - sw2 - h2}, {@code h3} on sw2
 * port 3 by a link that runs FDR. The manager is attached at h1.
 */
class PerfManagerSimTest {

    private static final long H1 = 0x100, H2 = 0x200, H3 = 0x300, SW1 = 0x1000, SW2 = 0x2000;
    private static final int FDR = 1;
    /**
     * For every sweep whose queries must all be answered: a query that times out while a loaded machine pauses the
     * test is lost (CI saw 11 queries counted instead of 12), so these wait long enough for every answer. The
     * simulator answers at once: the long time-out costs nothing unless a query is lost.
     */
    private static final PollOptions PATIENT = new PollOptions(16, Duration.ofSeconds(10), false);
    /**
     * For the one sweep that must give up on a node that no longer answers: four attempts of 500 ms, so that an
     * answering node is marked unreachable only if the machine stalls it for two seconds.
     */
    private static final PollOptions GIVE_UP = new PollOptions(16, Duration.ofMillis(500), false);

    private final VirtualClock clock = new VirtualClock();
    private SimFabric fabric;
    private MiniSm lids;
    private MadTransport transport;
    private PortCountersService counters;
    private FabricSnapshot snapshot;
    private PerfManagerImpl manager;

    @BeforeEach
    void subnetUp() throws Exception {
        fabric = SimFabric
                .of(new Topology(List.of(ca("h1", H1), ca("h2", H2), ca("h3", H3), sw("sw1", SW1), sw("sw2", SW2)),
                        List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                                new Link("sw2", 3, "h3", 1, 0, 0, FDR)),
                        Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0), clock);
        lids = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        transport = MadTransports.over(fabric.openChannel(fabric.attachPoint("h1", 1)), new TransportConfig(16, 16));
        snapshot = Services.get(Discovery.class).sweep(transport, new SweepOptions(16, PATIENT.timeout(), 2));
        counters = Services.get(PortCountersService.class);
        manager = new PerfManagerImpl(counters, 10, Rules.NONE);
    }

    @AfterEach
    void close() throws IOException {
        transport.close();
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    private PortStats port(long guid, int port) {
        return manager.port(new PortKey(guid, port))
                .orElseThrow(() -> new AssertionError("no port " + guid + ":" + port));
    }

    @Test
    void everyLinkedPortIsReadAndTheFirstSweepReportsWhatThePmaHolds() throws Exception {
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 17);
        fabric.faults().setCounter("h2", 1, PortCounter.PORT_RCV_ERRORS, 4);
        SweepSummary summary = manager.sweep(transport, snapshot, PATIENT);
        assertEquals(5, summary.nodes());
        assertEquals(8, summary.ports(), "3 CA ports, sw1 ports 1-2, sw2 ports 1-3");
        assertTrue(summary.unreachable().isEmpty(), summary.toString());
        assertEquals(17, port(SW2, 3).total(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(4, port(H2, 1).total(Counter.PORT_RCV_ERRORS));
        assertEquals(lids.lid("sw2"), port(SW2, 3).lid());
        assertEquals(new PortKey(H3, 1), port(SW2, 3).peer());
        List<String> rules = manager.events().stream().map(PerfEvent::rule).sorted().toList();
        assertEquals(List.of("PortRcvErrors=0", "SymbolErrorCounter=0"), rules);
    }

    @Test
    void countersMatchTheTrafficSent() throws Exception {
        manager.sweep(transport, snapshot, PATIENT);
        double rate = 100e6;
        fabric.traffic().start("h2", "h3", rate);
        clock.advance(Duration.ofSeconds(10));
        manager.sweep(transport, snapshot, PATIENT);
        long payload = (long) (rate * 10);
        int mtu = 256 << snapshot.node(H2).orElseThrow().port(1).orElseThrow().neighborMtu() - 1;
        long flowPackets = payload / mtu;
        long flowWords = (payload + flowPackets * 24) / 4; // LRH, BTH and ICRC around each packet
        // the PMA queries are packets too: a MAD is LRH 8 + BTH 12 + DETH 8 + 256 + ICRC 4 bytes on the wire
        for (PortStats p : List.of(port(H2, 1), port(SW2, 3))) {
            long mads = p.delta(Counter.PORT_XMIT_PKTS) - flowPackets;
            assertTrue(mads >= 0 && mads <= 6, p.key() + ": " + mads + " MADs besides the flow's packets");
            assertEquals((flowWords + mads * 72) * 4, p.delta(Counter.PORT_XMIT_DATA), p.key() + " sent");
        }
        for (PortStats p : List.of(port(H3, 1), port(SW2, 1))) {
            long mads = p.delta(Counter.PORT_RCV_PKTS) - flowPackets;
            assertTrue(mads >= 0 && mads <= 6, p.key() + ": " + mads + " MADs besides the flow's packets");
            assertEquals((flowWords + mads * 72) * 4, p.delta(Counter.PORT_RCV_DATA), p.key() + " received");
        }
        PortStats sender = port(H2, 1);
        assertTrue(port(SW1, 2).delta(Counter.PORT_XMIT_DATA) < flowWords, "sw1 is off the flow's path");
        assertTrue(sender.xmitBytesPerSecond() > 0);
        assertEquals(List.of(new PortKey(H2, 1), new PortKey(SW2, 3)),
                manager.top(Metric.XMIT_BYTES, 2).stream().map(PortStats::key).sorted().toList(),
                "the two ports that send the flow");
    }

    @Test
    void aPortReadLateInASlowSweepHasItsRateOverItsOwnInterval() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean slow = new java.util.concurrent.atomic.AtomicBoolean();
        manager = new PerfManagerImpl((t, timeout) -> new SlowReader(counters.over(t, timeout), slow), 10, Rules.NONE,
                clock::nanoTime);
        double rate = 100e6;
        fabric.traffic().start("h2", "h3", rate);
        PollOptions oneAtATime = new PollOptions(1, Duration.ofSeconds(10), false);
        manager.sweep(transport, snapshot, oneAtATime);
        // a slow sweep right after (a loaded machine, a busy fabric): a second passes before each port's counters are
        // read, so h2 is read seconds after the sweep began, while it was read at once by the first sweep
        slow.set(true);
        manager.sweep(transport, snapshot, oneAtATime);
        double measured = port(H2, 1).xmitBytesPerSecond();
        // PortXmitData counts the headers around each packet and the PMA's MADs too: a few per cent above the payload
        assertTrue(measured > rate && measured < rate * 1.1,
                "h2 sends at " + rate + " B/s of payload, measured " + measured + " B/s");
        // the history the charts divide by: its two readings are as far apart as the readings were
        List<org.infiniscope.perf.Sample> history = manager.history(new PortKey(H2, 1));
        assertEquals(2, history.size());
        double seconds = (history.get(1).epochMillis() - history.get(0).epochMillis()) / 1e3;
        double charted = (history.get(1).xmitBytes() - history.get(0).xmitBytes()) / seconds;
        assertTrue(charted > rate && charted < rate * 1.1, "the history charts h2 at " + charted + " B/s");
    }

    /** A reader that, once slow, lets a second of the fabric's clock pass before each reading of a port's counters. */
    private final class SlowReader implements PortCounterReader {
        private final PortCounterReader inner;
        private final java.util.concurrent.atomic.AtomicBoolean slow;

        SlowReader(PortCounterReader inner, java.util.concurrent.atomic.AtomicBoolean slow) {
            this.inner = inner;
            this.slow = slow;
        }

        private void pass() {
            if (slow.get()) {
                clock.advance(Duration.ofSeconds(1));
            }
        }

        @Override
        public org.infiniscope.mad.ClassPortInfo classPortInfo(int lid, int port)
                throws org.infiniscope.diag.counters.CounterQueryException {
            return inner.classPortInfo(lid, port);
        }

        @Override
        public org.infiniscope.mad.perf.PerfCounters<PortCounter> portCounters(int lid, int port)
                throws org.infiniscope.diag.counters.CounterQueryException {
            pass();
            return inner.portCounters(lid, port);
        }

        @Override
        public org.infiniscope.mad.perf.PerfCounters<org.infiniscope.mad.perf.ExtendedPortCounter> portCountersExtended(
                int lid, int port, org.infiniscope.mad.perf.ExtendedCounterVariant variant)
                throws org.infiniscope.diag.counters.CounterQueryException {
            pass();
            return inner.portCountersExtended(lid, port, variant);
        }

        @Override
        public void resetPortCounters(int lid, int port, long select)
                throws org.infiniscope.diag.counters.CounterQueryException {
            inner.resetPortCounters(lid, port, select);
        }

        @Override
        public void resetPortCountersExtended(int lid, int port, long select)
                throws org.infiniscope.diag.counters.CounterQueryException {
            inner.resetPortCountersExtended(lid, port, select);
        }
    }

    @Test
    void saturationAndResetsByOthersNeverMakeATotalGoBackwardsOrJump() throws Exception {
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 0xFFF0);
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(0xFFF0, port(SW2, 3).total(Counter.SYMBOL_ERROR_COUNTER));
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 0xFFFF);
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(0xFFFF, port(SW2, 3).total(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(List.of(Counter.SYMBOL_ERROR_COUNTER), port(SW2, 3).saturated());
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(0xFFFF, port(SW2, 3).total(Counter.SYMBOL_ERROR_COUNTER), "saturated: no growth, no jump");

        // someone else clears the counters with a PMA Set (as perfquery -R does), then two errors are counted
        PortCounterReader other = counters.over(transport, PATIENT.timeout());
        other.resetPortCounters(lids.lid("sw2"), 3, 0xFFFF);
        fabric.faults().setCounter("sw2", 3, PortCounter.SYMBOL_ERROR_COUNTER, 2);
        manager.sweep(transport, snapshot, PATIENT);
        PortStats after = port(SW2, 3);
        assertEquals(0xFFFF + 2, after.total(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(2, after.delta(Counter.SYMBOL_ERROR_COUNTER));
        assertTrue(after.resetsSeen() >= 1);
    }

    @Test
    void theManagerClearsNearSaturationOnlyWhenAllowed() throws Exception {
        fabric.faults().setCounter("h3", 1, PortCounter.PORT_RCV_ERRORS, 0xF000);
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(0xF000, fabric.faults().counter("h3", 1, PortCounter.PORT_RCV_ERRORS), "never reset unasked");
        SweepSummary s = manager.sweep(transport, snapshot, new PollOptions(16, PATIENT.timeout(), true));
        assertEquals(1, s.resets());
        assertEquals(0, fabric.faults().counter("h3", 1, PortCounter.PORT_RCV_ERRORS));
        fabric.faults().setCounter("h3", 1, PortCounter.PORT_RCV_ERRORS, 5);
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(0xF000 + 5, port(H3, 1).total(Counter.PORT_RCV_ERRORS));
        assertEquals(0, port(H3, 1).resetsSeen());
    }

    /**
     * Between two sweeps of the query-count test: time on the simulated fabric's clock, which also times the manager's
     * readings, and stands still during a sweep. A 4x SDR link carries 8 Gb/s, 2.5e8 words a second; the bound takes
     * twice that: 5e6 words in 10 ms. That is far below 2^32 for a port read at a few thousand words, and far above
     * the 2^20 words left to sw2 port 1 once its PortXmitData is set to 0xFFF00000 (2.1 ms of such a link). On the
     * real clock that margin was the time one sweep takes, so the fourth sweep counted 10, 11 or 12 queries depending
     * on how fast the machine ran it.
     */
    private static final Duration BETWEEN_SWEEPS = Duration.ofMillis(10);

    @Test
    void eachPortIsReadWithOneQueryWhereOneIsEnough() throws Exception {
        manager = new PerfManagerImpl(counters, 10, Rules.NONE, clock::nanoTime);
        // ClassPortInfo of the 2 kinds of device (CAs, switches), PortExtendedSpeedsCounters of the FDR link's two
        // ends (asked first, to learn whether their PMAs have them), then PortCounters of each of the 8 ports: their
        // 32-bit data counters cannot have filled up, so they need no PortCountersExtended
        assertEquals(2 + 2 + 8, manager.sweep(transport, snapshot, PATIENT).queries());
        assertFalse(port(H1, 1).extended(), "data from PortCounters");
        clock.advance(BETWEEN_SWEEPS);
        // the same PortCounters, and PortExtendedSpeedsCounters of the FDR ends, now known to have them
        assertEquals(8 + 2, manager.sweep(transport, snapshot, PATIENT).queries());
        // sw2 port 1 sends so much that its 32-bit PortXmitData could fill up before the next reading; this sweep
        // still bounds it by the last reading's few thousand words, so it reads PortCounters alone and finds 0xFFF00000
        fabric.faults().setCounter("sw2", 1, PortCounter.PORT_XMIT_DATA, 0xFFF0_0000L);
        clock.advance(BETWEEN_SWEEPS);
        assertEquals(8 + 2, manager.sweep(transport, snapshot, PATIENT).queries());
        assertFalse(port(SW2, 1).extended());
        // 10 ms later sw2 port 1 could have filled it: from now on its data come from PortCountersExtended, and sw2's
        // summed PortCounters (AllPortSelect, 1 query) say whether its ports' PortCounters must be read too. This
        // first sum has nothing to compare with, so sw2 port 1 is read with both (2); its other 2 ports and the 5
        // other ports still fit (7); then the 2 FDR ends' PortExtendedSpeedsCounters
        clock.advance(BETWEEN_SWEEPS);
        assertEquals(1 + 2 + 7 + 2, manager.sweep(transport, snapshot, PATIENT).queries());
        assertTrue(port(SW2, 1).extended());
        // the sum, unchanged: sw2 port 1 is read with PortCountersExtended alone
        clock.advance(BETWEEN_SWEEPS);
        assertEquals(1 + 1 + 7 + 2, manager.sweep(transport, snapshot, PATIENT).queries(), "the sum did not move");
        clock.advance(BETWEEN_SWEEPS);
        fabric.faults().setCounter("sw2", 1, PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS, 9);
        assertEquals(1 + 2 + 7 + 2, manager.sweep(transport, snapshot, PATIENT).queries(), "sw2 port 1's errors again");
        assertEquals(9, port(SW2, 1).total(Counter.PORT_RCV_SWITCH_RELAY_ERRORS));
        assertEquals(9, port(SW2, 1).delta(Counter.PORT_RCV_SWITCH_RELAY_ERRORS));
        clock.advance(BETWEEN_SWEEPS);
        assertEquals(1 + 1 + 7 + 2, manager.sweep(transport, snapshot, PATIENT).queries());
        assertEquals(9, port(SW2, 1).total(Counter.PORT_RCV_SWITCH_RELAY_ERRORS), "kept while not read again");
        assertEquals(0, port(SW2, 1).delta(Counter.PORT_RCV_SWITCH_RELAY_ERRORS));
        long sent = fabric.faults().counter("sw2", 1, PortCounter.PORT_XMIT_DATA);
        long ours = port(SW2, 1).total(Counter.PORT_XMIT_DATA);
        // every word, past 32 bits; the MADs that crossed the port after it was read are not in ours yet
        assertTrue(ours <= sent * 4 && ours > sent * 4 - 4 * 288, ours + " of " + sent * 4);
    }

    @Test
    void aFullPortCountersDataCounterIsReadFromPortCountersExtended() throws Exception {
        fabric.faults().setCounter("h2", 1, org.infiniscope.mad.perf.ExtendedPortCounter.PORT_RCV_DATA, 1L << 40);
        manager.sweep(transport, snapshot, PATIENT);
        assertTrue(port(H2, 1).extended());
        long ours = port(H2, 1).total(Counter.PORT_RCV_DATA);
        // the MADs it received are counted on top; not the 32 bits PortCounters shows
        assertTrue(ours >= (1L << 40) * 4 && ours < (1L << 40) * 4 + 10 * 288, Long.toString(ours));
    }

    @Test
    void thePollerSweepsOnItsSchedule() throws Exception {
        PerfTool tool = new PerfTool((String) null, Services.get(Discovery.class), manager);
        tool.provide(new org.infiniscope.mad.transport.ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public org.infiniscope.mad.transport.MadChannel open(String spec) {
                return fabric.openChannel(fabric.attachPoint("h2", 1));
            }
        }, 1);
        PerfPoller poller = new PerfPoller(tool, manager, "test", Duration.ofMillis(50), PATIENT);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (manager.history(new PortKey(H1, 1)).size() < 3) {
                assertTrue(System.nanoTime() < deadline, "three polls within 20 s");
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
            }
        } finally {
            poller.stop();
        }
        assertEquals(8, manager.ports().size());
    }

    /**
     * {@code perf} sweeps with a manager of its own: in the one-shot daemon (one runtime, many commands) it reports the
     * counters as they are read now, as a runtime of its own does, whatever was swept before; the shared manager is
     * left alone.
     */
    @Test
    void thePerfCommandReportsTheCountersAsReadNowWhateverWasSweptBefore() throws Exception {
        PerfTool tool = new PerfTool("test", Services.get(Discovery.class), manager);
        tool.provide(new org.infiniscope.mad.transport.ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public org.infiniscope.mad.transport.MadChannel open(String spec) {
                return fabric.openChannel(fabric.attachPoint("h2", 1));
            }
        }, 1);
        fabric.faults().setCounter("h3", 1, PortCounter.PORT_RCV_ERRORS, 9);
        manager.sweep(transport, snapshot, PATIENT);
        SweepSummary shared = manager.lastSweep().orElseThrow();
        // someone else clears it, then 2 errors come: the shared manager's total counts on (11), the counter says 2
        fabric.faults().setCounter("h3", 1, PortCounter.PORT_RCV_ERRORS, 2);
        for (int run = 0; run < 2; run++) {
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            int status = tool.run(new org.infiniscope.console.ToolInvocation(List.of("--json", "-o", "16"),
                    new java.io.PrintWriter(out), new java.io.PrintWriter(err)));
            assertEquals(0, status, err.toString());
            String json = out.toString();
            int h3 = json.indexOf("\"node\":\"h3\"");
            assertTrue(h3 > 0, json);
            String totals = json.substring(json.indexOf("\"totals\":{", h3), json.indexOf('}', h3));
            assertTrue((totals + "}").matches(".*\"PortRcvErrors\":2[,}].*"), "run " + run + ": " + totals);
            assertFalse(json.contains("\"queries\":0,"), json);
        }
        assertEquals(shared, manager.lastSweep().orElseThrow(), "the shared manager did not sweep");
        // --shared sweeps the runtime's manager (what the REST API's counter sweep asks for): its total counts on
        java.io.StringWriter err = new java.io.StringWriter();
        assertEquals(0,
                tool.run(new org.infiniscope.console.ToolInvocation(List.of("--shared", "--json", "-o", "16"),
                        new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err))),
                err.toString());
        assertTrue(manager.lastSweep().orElseThrow() != shared, "the shared manager swept");
        assertEquals(11, port(H3, 1).total(Counter.PORT_RCV_ERRORS), "the shared manager's total counts on");
    }

    @Test
    void aNodeThatStopsAnsweringIsMarkedUnreachableAndTheSweepGoesOn() throws Exception {
        manager.sweep(transport, snapshot, PATIENT);
        fabric.faults().dropRate("h3", 1, 100);
        fabric.faults().setCounter("h2", 1, PortCounter.LINK_DOWNED_COUNTER, 1);
        SweepSummary s = manager.sweep(transport, snapshot, GIVE_UP);
        assertEquals(List.of("h3"), s.unreachable());
        assertFalse(port(H3, 1).reachable());
        assertTrue(port(H2, 1).reachable());
        assertEquals(1, port(H2, 1).total(Counter.LINK_DOWNED_COUNTER), "the rest of the fabric was read");
    }

    @Test
    void portsRunningAnExtendedSpeedGiveAFecBitErrorRate() throws Exception {
        fabric.faults().setCounter("h3", 1, ExtendedSpeedsCounter.fecCorrectable(2), 1000);
        manager.sweep(transport, snapshot, PATIENT);
        PortStats h3 = port(H3, 1);
        assertTrue(h3.ber().extendedSpeeds());
        assertFalse(h3.ber().rsFec(), "the simulated PMA claims no RS-FEC counters");
        assertEquals(1000, h3.total(Counter.FEC_CORRECTABLE_BLOCKS));
        assertTrue(port(SW2, 3).ber().extendedSpeeds(), "the other end of the FDR link");
        assertFalse(port(H2, 1).ber().extendedSpeeds(), "an SDR link has no PortExtendedSpeedsCounters");
        assertTrue(port(H2, 1).totals().keySet().stream().noneMatch(c -> c == Counter.FEC_CORRECTABLE_BLOCKS));

        fabric.faults().setCounter("h3", 1, ExtendedSpeedsCounter.fecCorrectable(2), 1500);
        fabric.faults().setCounter("h3", 1, ExtendedSpeedsCounter.fecUncorrectable(0), 2);
        fabric.faults().setCounter("h3", 1, PortCounter.SYMBOL_ERROR_COUNTER, 4);
        manager.sweep(transport, snapshot, PATIENT);
        h3 = port(H3, 1);
        assertEquals(1500, h3.total(Counter.FEC_CORRECTABLE_BLOCKS));
        assertEquals(2, h3.total(Counter.FEC_UNCORRECTABLE_BLOCKS));
        double bits = h3.linkBitsPerSecond() * h3.seconds();
        assertEquals(4 * 14.0625e9 * 64 / 66, h3.linkBitsPerSecond(), 1, "4x FDR");
        assertEquals((500 + 2) / bits, h3.ber().fec(), 1e-6 * (500 + 2) / bits);
        assertEquals(4 / bits, h3.ber().symbol(), 1e-6 * 4 / bits);
        assertEquals(List.of(new PortKey(H3, 1)), manager.top(Metric.FEC_BER, 5).stream().map(PortStats::key).toList());
    }

    @Test
    void linksAndNodesRollUpTheirPorts() throws Exception {
        // each port's reading is timed on the fabric's clock, which stands still during a sweep: both ends of a link
        // are read at the same time
        manager = new PerfManagerImpl(counters, 10, Rules.NONE, clock::nanoTime);
        manager.sweep(transport, snapshot, PATIENT);
        fabric.traffic().start("h2", "h3", 100e6);
        fabric.faults().setCounter("h2", 1, PortCounter.PORT_RCV_ERRORS, 3);
        fabric.faults().setCounter("sw2", 1, PortCounter.PORT_XMIT_DISCARDS, 4);
        clock.advance(Duration.ofSeconds(10));
        manager.sweep(transport, snapshot, PATIENT);
        List<LinkStats> links = manager.links();
        assertEquals(4, links.size(), "h1-sw1, sw1-sw2, sw2-h2, sw2-h3: each once");
        LinkStats h2Link = links.stream().filter(l -> l.a().key().equals(new PortKey(H2, 1))).findFirst()
                .orElseThrow(() -> new AssertionError("sw2-h2 is listed from h2, the lower GUID: " + links));
        assertEquals(new PortKey(SW2, 1), h2Link.b().key());
        assertEquals(7, h2Link.errorDelta(), "both ends' errors");
        // the link's rate one way is the larger of what h2 sent and sw2 received: the flow's bytes alike at both ends,
        // but the PMA's own MADs (288 bytes on the wire each) are counted at the end and in the sweep where each one
        // is, which depends on the order the 16 queries in flight were answered in: a few MADs either way
        assertEquals(port(H2, 1).xmitBytesPerSecond(), h2Link.aToBBytesPerSecond(), 6 * 288 / 10.0);
        assertTrue(h2Link.aToBBytesPerSecond() > 100e6 / 8 * 0.9, "the flow goes from h2 to sw2");
        assertEquals(List.of(h2Link), manager.topLinks(Metric.ERRORS, 1));

        List<NodeStats> nodes = manager.nodes();
        assertEquals(5, nodes.size());
        NodeStats sw2 = nodes.stream().filter(x -> x.nodeGuid() == SW2).findFirst().orElseThrow();
        assertEquals(3, sw2.ports());
        assertEquals(4, sw2.errorDelta());
        assertEquals(port(SW2, 1).xmitBytesPerSecond() + port(SW2, 2).xmitBytesPerSecond()
                + port(SW2, 3).xmitBytesPerSecond(), sw2.xmitBytesPerSecond(), 1e-6);
    }
}
