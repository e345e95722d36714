package org.infiniscope.diag.internal;

import org.infiniscope.diag.counters.Thresholds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.UsageException;
import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.junit.jupiter.api.Test;

/**
 * ibqueryerrors' report on a hand-made fabric: a switch (LID 2, AllPortSelect) with hosts h1 (LID 3) and h2 (LID 4),
 * their counters in a fake PMA. The sweep found h1, then the switch, then h2; the report goes the other way.
 */
class ErrorsTest {

    private static final long SW = 0x1000, H1 = 0x100, H2 = 0x200;

    /** The counters of each LID and port; port 255 of the switch is the sum the agent gives. */
    private final Map<String, Map<PortCounter, Long>> counters = new HashMap<>();
    private final List<String> resets = new ArrayList<>();
    private final StringWriter err = new StringWriter();

    private static FabricSnapshot fabric() {
        return fabric(4);
    }

    private static FabricSnapshot fabric(int h2Lid) {
        DiscoveredNode h1 = ca("h1", H1, 3);
        DiscoveredNode h2 = ca("h2", H2, h2Lid);
        List<DiscoveredPort> ports = new ArrayList<>();
        for (int p = 0; p <= 3; p++) {
            ports.add(new DiscoveredPort(p, SW, p == 0 ? 2 : 0, 0, 4, 5, 2, 1, 0, 0, true));
        }
        DiscoveredNode sw = new DiscoveredNode(DiscoveredNode.SWITCH, SW, SW, "sw", 0, 0, 0, 3, false, ports,
                List.of(1));
        return new FabricSnapshot(List.of(h1, sw, h2),
                List.of(new DiscoveredLink(H1, 1, SW, 1), new DiscoveredLink(SW, 2, H2, 1)), H1, 1, 10);
    }

    private static DiscoveredNode ca(String name, long guid, int lid) {
        return new DiscoveredNode(DiscoveredNode.CA, guid, guid, name, 0, 0, 0, 1, false,
                List.of(new DiscoveredPort(1, guid + 1, lid, 0, 4, 5, 2, 1, 0, 0, true)), List.of());
    }

    private void set(int lid, int port, PortCounter counter, long value) {
        counters.computeIfAbsent(lid + ":" + port, k -> new HashMap<>()).put(counter, value);
        if (lid == 2) {
            counters.computeIfAbsent("2:255", k -> new HashMap<>()).merge(counter, value, Long::sum);
        }
    }

    private final PortCounterReader reader = new PortCounterReader() {
        @Override
        public ClassPortInfo classPortInfo(int lid, int port) {
            int mask = lid == 2 ? PerfCapability.ALL_PORT_SELECT : 0;
            return new ClassPortInfo(1, 1, mask, 0, 18, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE, 0);
        }

        @Override
        public PerfCounters<PortCounter> portCounters(int lid, int port) throws CounterQueryException {
            if (lid == 4) {
                throw new CounterQueryException("no answer from Lid 4");
            }
            PerfCounters.Builder<PortCounter> b = PerfCounters.builder(PortCounter.class).portSelect(port);
            counters.getOrDefault(lid + ":" + port, Map.of()).forEach(b::set);
            return b.build();
        }

        @Override
        public PerfCounters<ExtendedPortCounter> portCountersExtended(int lid, int port,
                ExtendedCounterVariant variant) {
            throw new AssertionError("no agent here has extended counters");
        }

        @Override
        public void resetPortCounters(int lid, int port, long select) {
            resets.add(lid + ":" + port + ":" + Long.toHexString(select));
        }

        @Override
        public void resetPortCountersExtended(int lid, int port, long select) {
            throw new AssertionError("no agent here has extended counters");
        }
    };

    private String report(String... args) throws UsageException {
        return report(Thresholds.NONE, args);
    }

    private String report(Thresholds thresholds, String... args) throws UsageException {
        Errors errors = new Errors(reader, ErrorsArgs.parse(List.of(args)), thresholds, new PrintWriter(err, true));
        errors.run(fabric());
        return errors.text();
    }

    @Test
    void aCleanFabricIsTheSummaryAlone() throws UsageException {
        assertEquals("""

                ## Summary: 3 nodes checked, 0 bad nodes found
                ##          5 ports checked, 0 ports have errors beyond threshold
                ## Thresholds:\s
                ##          1 PMA query failures
                ## Suppressed:
                """, report());
        assertTrue(err.toString().contains("IB_GSI_PORT_COUNTERS query failed on h2, Lid 4 port 1"), err.toString());
        assertEquals(List.of(), resets, "nothing is cleared unless asked");
    }

    @Test
    void errorsAboveThresholdAsIbqueryerrorsPrintsThemLastFoundFirst() throws UsageException {
        set(2, 3, PortCounter.SYMBOL_ERROR_COUNTER, 50);
        set(2, 3, PortCounter.PORT_XMIT_DISCARDS, 3);
        set(2, 1, PortCounter.LINK_DOWNED_COUNTER, 1);
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        set(3, 1, PortCounter.PORT_XMIT_DATA, 4896);
        assertEquals("""
                Errors for 0x1000 "sw"
                   GUID 0x1000 port ALL: [SymbolErrorCounter == 50] [LinkDownedCounter == 1] [PortXmitDiscards == 3]
                   GUID 0x1000 port 1: [LinkDownedCounter == 1]
                   GUID 0x1000 port 3: [SymbolErrorCounter == 50] [PortXmitDiscards == 3]
                Errors for "h1"
                   GUID 0x101 port 1: [PortRcvErrors == 7]

                ## Summary: 3 nodes checked, 2 bad nodes found
                ##          5 ports checked, 3 ports have errors beyond threshold
                ## Thresholds:\s
                ##          1 PMA query failures
                ## Suppressed:
                """, report());
    }

    @Test
    void jsonHasTheSameFindings() throws UsageException {
        set(2, 3, PortCounter.SYMBOL_ERROR_COUNTER, 50);
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        Errors errors = new Errors(reader, ErrorsArgs.parse(List.of("--json")), Thresholds.NONE,
                new PrintWriter(err, true));
        assertEquals(2, errors.run(fabric()));
        assertEquals("{\"nodes\":[{\"nodeGuid\":\"0x0000000000001000\",\"name\":\"sw\",\"type\":\"switch\",\"lid\":2,"
                + "\"ports\":[{\"port\":\"ALL\",\"counters\":{\"SymbolErrorCounter\":50}},{\"port\":3,"
                + "\"portGuid\":\"0x0000000000001000\",\"counters\":{\"SymbolErrorCounter\":50}}]},"
                + "{\"nodeGuid\":\"0x0000000000000100\",\"name\":\"h1\",\"type\":\"ca\",\"lid\":3,\"ports\":[{\"port\":1,"
                + "\"portGuid\":\"0x0000000000000101\",\"counters\":{\"PortRcvErrors\":7}}]}],"
                + "\"summary\":{\"nodesChecked\":3,\"badNodes\":2,\"portsChecked\":5,\"badPorts\":2,"
                + "\"pmaQueryFailures\":1,\"thresholds\":{},\"suppressed\":[]}}\n", errors.json());
    }

    @Test
    void reportPortAddsTheLinkOfEachPortReported() throws UsageException {
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        set(2, 2, PortCounter.SYMBOL_ERROR_COUNTER, 1);
        String text = report("-r");
        assertTrue(text.contains("""
                   GUID 0x1000 port 2: [SymbolErrorCounter == 1]
                       Link info:      2   2[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>  \
                0x0000000000000201      4    1[  ] "h2" (Could be 1X )
                Errors for "h1"
                   GUID 0x101 port 1: [PortRcvErrors == 7]
                       Link info:      3   1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>  \
                0x0000000000001000      2    1[  ] "sw" (Could be 1X )
                """), text);
    }

    @Test
    void thresholdsSuppressionsAndTypeFilters() throws UsageException {
        set(2, 3, PortCounter.SYMBOL_ERROR_COUNTER, 50);
        set(2, 3, PortCounter.PORT_XMIT_DISCARDS, 3);
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        Thresholds thresholds = Thresholds.parse("SymbolErrorCounter=50\nPortRcvErrors=6\n", "t");
        String text = report(thresholds, "-s", "PortXmitDiscards", "-c");
        assertEquals("""
                Errors for "h1"
                   GUID 0x101 port 1: [PortRcvErrors == 7]

                ## Summary: 3 nodes checked, 1 bad nodes found
                ##          5 ports checked, 1 ports have errors beyond threshold
                ## Thresholds: [SymbolErrorCounter = 50][PortRcvErrors = 6]
                ##          1 PMA query failures
                ## Suppressed: PortXmitDiscards PortRcvSwitchRelayErrors
                """, text);
        String switches = report("--switch");
        assertTrue(switches.contains("\n## Summary: 1 nodes checked, 1 bad nodes found\n"), switches);
        assertTrue(!switches.contains("h1"), switches);
    }

    @Test
    void dataCountersFollowTheErrorsWithData() throws UsageException {
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        set(3, 1, PortCounter.PORT_XMIT_DATA, 4896);
        set(3, 1, PortCounter.PORT_RCV_PKTS, 1027);
        String text = report("--data", "--ca");
        assertTrue(text.startsWith("Errors for \"h1\"\n   GUID 0x101 port 1: [PortRcvErrors == 7]"
                + " [PortXmitData == 4896 (19.125KB)] [PortRcvPkts == 1027 (1.003K)]\n"), text);
    }

    @Test
    void aNodeWithoutLidIsNotAskedAtAll() throws UsageException {
        Errors errors = new Errors(reader, ErrorsArgs.parse(List.of("-k")), Thresholds.NONE,
                new PrintWriter(err, true));
        errors.run(fabric(0));
        assertTrue(
                errors.text()
                        .contains("\n## Summary: 3 nodes checked, 0 bad nodes found\n"
                                + "##          4 ports checked, 0 ports have errors beyond threshold\n"),
                errors.text());
        assertTrue(err.toString().contains("no LID on h2"), err.toString());
        assertEquals(List.of("2:255:fff", "3:1:fff"), resets);
    }

    @Test
    void clearsOnlyWhatIsAskedPortByPortOrAllAtOnce() throws UsageException {
        report("-k");
        assertEquals(List.of("4:1:fff", "2:255:fff", "3:1:fff"), resets);
        resets.clear();
        report("-K", "--switch");
        assertEquals(List.of("2:255:f000"), resets);
        resets.clear();
        report("-k", "-K", "--ca");
        assertEquals(List.of("4:1:ffff", "3:1:ffff"), resets, "h2 is cleared even though its counters did not answer");
    }

    /** Counts the reads that reach the fake PMA. */
    private final class Counting implements PortCounterReader {
        final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public ClassPortInfo classPortInfo(int lid, int port) throws CounterQueryException {
            reads.incrementAndGet();
            return reader.classPortInfo(lid, port);
        }

        @Override
        public PerfCounters<PortCounter> portCounters(int lid, int port) throws CounterQueryException {
            reads.incrementAndGet();
            return reader.portCounters(lid, port);
        }

        @Override
        public PerfCounters<ExtendedPortCounter> portCountersExtended(int lid, int port, ExtendedCounterVariant variant)
                throws CounterQueryException {
            reads.incrementAndGet();
            return reader.portCountersExtended(lid, port, variant);
        }

        @Override
        public void resetPortCounters(int lid, int port, long select) throws CounterQueryException {
            reader.resetPortCounters(lid, port, select);
        }

        @Override
        public void resetPortCountersExtended(int lid, int port, long select) throws CounterQueryException {
            reader.resetPortCountersExtended(lid, port, select);
        }
    }

    @Test
    void answersAskedAheadWithManyInFlightGiveTheSameReportAndAreEachAskedOnce() throws Exception {
        set(2, 3, PortCounter.SYMBOL_ERROR_COUNTER, 50);
        set(2, 1, PortCounter.LINK_DOWNED_COUNTER, 1);
        set(3, 1, PortCounter.PORT_RCV_ERRORS, 7);
        Thresholds thresholds = Thresholds.parse("PortRcvErrors=6\n", "t");
        for (List<String> args : List.of(List.<String>of(), List.of("-k"), List.of("--data", "-r"), List.of("--json"),
                List.of("--switch"))) {
            ErrorsArgs parsed = ErrorsArgs.parse(args);
            resets.clear();
            StringWriter plainErr = new StringWriter();
            Errors plain = new Errors(reader, parsed, thresholds, new PrintWriter(plainErr, true));
            int plainBad = plain.run(fabric());
            List<String> plainResets = List.copyOf(resets);

            resets.clear();
            Counting live = new Counting();
            Prefetch ahead = Prefetch.of(live, 8, fabric(), parsed, thresholds);
            int asked = live.reads.get();
            StringWriter aheadErr = new StringWriter();
            Errors served = new Errors(ahead, parsed, thresholds, new PrintWriter(aheadErr, true));
            assertEquals(plainBad, served.run(fabric()), args.toString());
            assertEquals(plain.text(), served.text(), args.toString());
            assertEquals(plain.json(), served.json(), args.toString());
            assertEquals(plainErr.toString(), aheadErr.toString(), args.toString());
            assertEquals(plainResets, resets, args + ": the same resets, after the reads");
            assertEquals(asked, live.reads.get(), args + ": every read was asked ahead");
            assertTrue(asked > 0);
        }
    }
}
