package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.diag.format.SmpFormat;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.AttributeCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The libibumad transport against ibsim, compared with infiniband-diags on the same fabric (the 2-level fat tree
 * of 16 hosts): the probe attaches as h00002, OpenSM as h00001. Our answers are decoded with the project's codecs
 * and compared, field by field, with the normal text output of smpquery, perfquery and saquery, each value
 * converted as the tool prints it ({@link SmpFormat} for the SMA attributes, the production formatter of
 * {@code ./infiniscope smpquery}; {@link DiagsFormat} for the rest).
 * <p>
 * Differences permitted, and why:
 * <ul>
 * <li>PortCounters' PortXmitData, PortRcvData, PortXmitPkts and PortRcvPkts count every MAD the port carries,
 * ours and the tool's included; ours are read first, so the tool's must be no smaller
 * ({@link DiagsFormat#MOVING_PORT_COUNTERS}).
 * <li>PortInfo's M_Key: smpquery prints {@code <not displayed>}; it is a secret, so the test checks that the
 * tool hid it and compares nothing.
 * <li>The capability names smpquery prints under CapMask and CapabilityMask2 are not compared: the masks
 * themselves are, in hex.
 * </ul>
 * Nothing else may differ: the DR queries run before OpenSM is up, so no SM changes PortInfo between our read
 * and the tool's.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UmadLabIT {

    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(15);
    private static final String PROBE_HOST = "h00002";
    private static final String SM_HOST = "h00001";
    /** perfquery's title line, {@code # Port counters: Lid 1 port 1 (CapMask: 0x1200)}. */
    private static final Pattern PERFQUERY_TITLE = Pattern
            .compile("# Port counters: Lid (\\d+) port (\\d+) \\(CapMask: 0x(\\p{XDigit}+)\\)");

    private static Path scratch;
    private static Ibsim ibsim;
    private static Probe probe;
    private static OpenSm openSm;

    @BeforeAll
    static void startLab() throws Exception {
        Lab.require("ibsim", "smpquery", "perfquery", "saquery", "opensm");
        scratch = Lab.scratch("umad");
        ibsim = Ibsim.start(scratch, "fabrics/ft2-16.net", Duration.ofSeconds(10));
        probe = Probe.start(scratch, ibsim.socket(), PROBE_HOST);
    }

    @AfterAll
    static void stopLab() {
        try (Ibsim i = ibsim; OpenSm o = openSm; Probe p = probe) {
            // closed in reverse order: probe, OpenSM, ibsim
        }
    }

    private static String tool(String... command) throws Exception {
        return LabTool.run(scratch, ibsim.socket(), PROBE_HOST, TOOL_TIMEOUT, command);
    }

    /** @return the outgoing ports of an smpquery DR path such as {@code 0,1,5} (the leading 0 is "here") */
    private static int[] outPorts(String drPath) {
        return Arrays.stream(drPath.split(",")).skip(1).mapToInt(Integer::parseInt).toArray();
    }

    /** Sends a directed-route Get from our node and decodes the answer's attribute. */
    private static <T> T directedRouteGet(AttributeCodec<T> codec, int modifier, String drPath) throws Exception {
        int[] ports = outPorts(drPath);
        byte[] request = Smp.directedRoute(Method.GET, 0, codec.attributeId(), modifier, 0, ports, new byte[0])
                .encode();
        byte[] ours = probe.send(request, Mad.PERMISSIVE_LID, 0, 0, 1000);
        MadHeader header = Smp.validate(ours);
        assertEquals(Method.GET_RESP, header.method());
        assertEquals(MadStatus.DIRECTION, header.status(), "status: the D bit of a returning SMP, no error");
        assertEquals(ports.length, header.classSpecific() & 0xFF, "hop count");
        return Smp.decodeAttribute(ours, codec);
    }

    @Order(1)
    @ParameterizedTest(name = "NodeInfo over DR path [{0}]")
    @ValueSource(strings = {"0", "0,1", "0,1,5"})
    void directedRouteNodeInfoMatchesSmpquery(String drPath) throws Exception {
        NodeInfo ours = directedRouteGet(NodeInfo.CODEC, 0, drPath);
        // the route is real: our own HCA at 0 hops, a leaf and then a spine switch beyond
        assertEquals(drPath.equals("0") ? NodeInfo.TYPE_CA : NodeInfo.TYPE_SWITCH, ours.nodeType(), "NodeType");

        ToolText.Block theirs = ToolText.single(tool("smpquery", "-D", "nodeinfo", drPath));
        FieldComparison.assertAgrees("NodeInfo over [" + drPath + "]", SmpFormat.nodeInfo(ours), theirs);
    }

    @Order(2)
    @ParameterizedTest(name = "PortInfo of port {1} over DR path [{0}]")
    @CsvSource(delimiter = ';', value = {"0;1", "0,1;5", "0,1,3;1"})
    void directedRoutePortInfoMatchesSmpquery(String drPath, int port) throws Exception {
        // our own CA port, a leaf switch's port up to a spine, and another host's CA port two hops away
        PortInfo ours = directedRouteGet(PortInfo.CODEC, port, drPath);

        ToolText.Block theirs = ToolText.single(tool("smpquery", "-D", "portinfo", drPath, String.valueOf(port)));
        FieldComparison.assertAgrees("PortInfo of port " + port + " over [" + drPath + "]", SmpFormat.portInfo(ours),
                theirs);
    }

    @Test
    @Order(3)
    void afterOpenSmBringsTheSubnetUpPerfMgtAndSaAnswersMatchTheTools() throws Exception {
        openSm = OpenSm.start(scratch, ibsim.socket(), SM_HOST, Duration.ofSeconds(30));
        PortInfo own = directedRouteGet(PortInfo.CODEC, 0, "0");
        assertNotEquals(0, own.lid(), "OpenSM assigned our LID");
        assertNotEquals(0, own.masterSmLid());

        portCountersMatchPerfquery(own.masterSmLid());
        pathRecordMatchesSaquery(own.lid(), own.masterSmLid());
    }

    private void portCountersMatchPerfquery(int smLid) throws Exception {
        ibsim.console("PerformanceSet \"" + SM_HOST + "\"[1] PortCounters.SymbolErrorCounter=50");
        PerfCounters<PortCounter> ours = awaitSymbolErrors(smLid, 50, Duration.ofSeconds(10));
        ClassPortInfo capabilities = PerfMgtMad
                .decode(probe.send(PerfMgtMad.getClassPortInfo(0), smLid, Mad.GSI_QP, Mad.GSI_QKEY, 1000),
                        ClassPortInfo.CODEC)
                .value();

        ToolText.Block theirs = ToolText.single(tool("perfquery", String.valueOf(smLid), "1"));
        FieldComparison.assertAgrees("PortCounters of LID " + smLid + " port 1", DiagsFormat.portCounters(ours), theirs,
                DiagsFormat.MOVING_PORT_COUNTERS);
        Matcher title = PERFQUERY_TITLE.matcher(theirs.title());
        assertTrue(title.matches(), theirs.title());
        assertEquals(smLid, Integer.parseInt(title.group(1)), "perfquery's LID");
        assertEquals(1, Integer.parseInt(title.group(2)), "perfquery's port");
        assertEquals(capabilities.capabilityMask(), Integer.parseInt(title.group(3), 16),
                "ClassPortInfo.CapabilityMask, which perfquery reads first");
    }

    /** ibsim applies console commands on its own time: read until the counter shows the value set. */
    private PerfCounters<PortCounter> awaitSymbolErrors(int lid, long expected, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            byte[] answer = probe.send(PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 0, 1), lid, Mad.GSI_QP,
                    Mad.GSI_QKEY, 1000);
            PerfMgtMad.Decoded<PerfCounters<PortCounter>> decoded = PerfMgtMad.decode(answer,
                    PerfAttributes.PORT_COUNTERS);
            long symbolErrors = decoded.value().get(PortCounter.SYMBOL_ERROR_COUNTER);
            if (symbolErrors == expected || System.nanoTime() > deadline) {
                assertEquals(Method.GET_RESP, decoded.header().method());
                assertEquals(0, decoded.header().status());
                assertEquals(expected, symbolErrors, "SymbolErrorCounter set on the console");
                return decoded.value();
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }

    private void pathRecordMatchesSaquery(int lid, int smLid) throws Exception {
        // what saquery --src-to-dst asks: SLID, DLID and at most 127 paths
        PathRecord query = new PathRecord(0, Gid.ZERO, Gid.ZERO, smLid, lid, false, 0, 0, 0, false, 0x7F, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0);
        SaHeader components = SaHeader.withComponents(
                PathRecord.Components.DLID | PathRecord.Components.SLID | PathRecord.Components.NUMB_PATH);
        byte[] request = SaMad.of(0, Method.GET_TABLE, components, PathRecord.CODEC, query).encode();
        byte[] ours = probe.send(request, smLid, Mad.GSI_QP, Mad.GSI_QKEY, 2000);
        // the transport hands over the message as RMPP reassembled it: the SA headers and the records, no padding
        MadHeader header = MadHeader.decode(ours, 0);
        assertEquals(Method.GET_TABLE_RESP, header.method());
        assertEquals(0, SaStatus.code(header.status()), "SA status");
        List<PathRecord> records = SaTable.decode(ours, PathRecord.CODEC);

        List<ToolText.Block> theirs = ToolText.parse(tool("saquery", "PR", "--src-to-dst", lid + ":" + smLid));
        assertEquals(theirs.size(), records.size(), "PathRecords: saquery's and ours");
        int stride = SaHeader.decode(ours, 0).recordStride();
        for (int i = 0; i < records.size(); i++) {
            int reserved = SaMad.DATA_OFFSET + i * stride + 58;
            FieldComparison.assertAgrees("PathRecord " + i + " from LID " + lid + " to " + smLid,
                    DiagsFormat.pathRecord(records.get(i), Arrays.copyOfRange(ours, reserved, reserved + 6)),
                    theirs.get(i));
        }
        assertEquals(lid, records.getFirst().slid(), "SLID");
        assertEquals(smLid, records.getFirst().dlid(), "DLID");
    }
}
