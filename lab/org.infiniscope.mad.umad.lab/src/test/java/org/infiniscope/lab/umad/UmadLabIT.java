package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The libibumad transport against ibsim, compared with infiniband-diags on the same fabric (the 2-level fat tree
 * of 16 hosts): the probe attaches as h00002, OpenSM as h00001. Differences permitted, and why: the data and
 * packet counters of PortCounters move with every MAD (ours are read first, so the tool's are never smaller);
 * bytes past an attribute's data (the return path, reserved bytes) are ibsim's scratch and are not compared.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UmadLabIT {

    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(15);
    private static final String PROBE_HOST = "h00002";
    private static final String SM_HOST = "h00001";

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

    @Order(1)
    @ParameterizedTest(name = "{0} over DR path [{1}]")
    @CsvSource(delimiter = ';', value = {"nodeinfo;", "nodeinfo;1", "nodeinfo;1,5", "portinfo;", "portinfo;1",
            "portinfo;1,5"})
    void directedRouteAnswersMatchSmpquery(String attribute, String route) throws Exception {
        int[] path = route == null ? new int[0] : Arrays.stream(route.split(",")).mapToInt(Integer::parseInt).toArray();
        int attributeId = attribute.equals("nodeinfo") ? Mads.NODE_INFO : Mads.PORT_INFO;
        int modifier = attribute.equals("portinfo") ? 1 : 0;
        byte[] ours = probe.send(Mads.directedRouteGet(attributeId, modifier, path), Mad.PERMISSIVE_LID, 0, 0, 1000);

        assertEquals(Method.GET_RESP, Bits.u8(ours, 3));
        assertEquals(0x8000, Bits.u16(ours, 4), "status: the D bit of a returning SMP, no error");
        assertEquals(path.length, Bits.u8(ours, 7), "hop count");
        if (attributeId == Mads.NODE_INFO) {
            // the route is real: our own HCA at 0 hops, a leaf and then a spine switch beyond
            assertEquals(path.length == 0 ? 1 : 2, Bits.u8(ours, Mads.SMP_DATA + 2), "NodeType");
        }
        String drPath = route == null ? "0" : "0," + route;
        String output = attribute.equals("portinfo")
                ? tool("smpquery", "-dd", "-D", attribute, drPath, "1")
                : tool("smpquery", "-dd", "-D", attribute, drPath);
        byte[] theirs = Dumps.lastWithAttribute(output, "rcv buf", attributeId);
        assertArrayEquals(Arrays.copyOfRange(theirs, Mads.SMP_DATA, 128), Arrays.copyOfRange(ours, Mads.SMP_DATA, 128),
                "SMP data of " + attribute + " over [" + drPath + "]");
    }

    @Test
    @Order(2)
    void afterOpenSmBringsTheSubnetUpPerfMgtAndSaAnswersMatchTheTools() throws Exception {
        openSm = OpenSm.start(scratch, ibsim.socket(), SM_HOST, Duration.ofSeconds(30));
        byte[] own = probe.send(Mads.directedRouteGet(Mads.PORT_INFO, 0), Mad.PERMISSIVE_LID, 0, 0, 1000);
        int lid = Bits.u16(own, Mads.SMP_DATA + 16);
        int smLid = Bits.u16(own, Mads.SMP_DATA + 18);
        assertNotEquals(0, lid, "OpenSM assigned our LID");
        assertNotEquals(0, smLid);

        portCountersMatchPerfquery(smLid);
        pathRecordMatchesSaquery(lid, smLid);
    }

    private void portCountersMatchPerfquery(int smLid) throws Exception {
        ibsim.console("PerformanceSet \"" + SM_HOST + "\"[1] PortCounters.SymbolErrorCounter=50");
        byte[] ours = awaitSymbolErrors(smLid, 50, Duration.ofSeconds(10));
        assertEquals(Method.GET_RESP, Bits.u8(ours, 3));
        assertEquals(0, Bits.u16(ours, 4));
        byte[] theirs = Dumps.lastWithAttribute(tool("perfquery", "-dd", String.valueOf(smLid), "1"), "rcv buf",
                Mads.PORT_COUNTERS);
        int data = Mads.SMP_DATA;
        assertArrayEquals(Arrays.copyOfRange(theirs, data, data + 24), Arrays.copyOfRange(ours, data, data + 24),
                "PortSelect, CounterSelect and the error counters");
        for (int counter = data + 24; counter < data + 40; counter += 4) {
            long mine = Integer.toUnsignedLong(Bits.u32(ours, counter));
            long tools = Integer.toUnsignedLong(Bits.u32(theirs, counter));
            assertTrue(tools >= mine, "counter at " + counter + ": perfquery read " + tools + " after our " + mine);
        }
    }

    /** ibsim applies console commands on its own time: read until the counter shows the value set. */
    private byte[] awaitSymbolErrors(int lid, int expected, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            byte[] answer = probe.send(Mads.portCountersGet(1), lid, Mad.GSI_QP, Mad.GSI_QKEY, 1000);
            if (Bits.u16(answer, Mads.SMP_DATA + 4) == expected || System.nanoTime() > deadline) {
                assertEquals(expected, Bits.u16(answer, Mads.SMP_DATA + 4), "SymbolErrorCounter set on the console");
                return answer;
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }

    private void pathRecordMatchesSaquery(int lid, int smLid) throws Exception {
        byte[] ours = probe.send(Mads.pathRecordGetTable(lid, smLid), smLid, Mad.GSI_QP, Mad.GSI_QKEY, 2000);
        assertEquals(Method.GET_TABLE_RESP, Bits.u8(ours, 3));
        assertEquals(0, Bits.u16(ours, 4), "SA status");
        String output = tool("saquery", "-dd", "--src-to-dst", lid + ":" + smLid);
        byte[] theirs = Dumps.after(output, "SA Response:").getLast();
        int record = Mads.SA_DATA;
        assertArrayEquals(Arrays.copyOfRange(theirs, record, record + 64),
                Arrays.copyOfRange(ours, record, record + 64),
                "the first PathRecord");
        assertEquals(lid, Bits.u16(ours, record + 42), "SLID");
        assertEquals(smLid, Bits.u16(ours, record + 40), "DLID");
    }
}
