package org.infiniscope.verbs.internal.perftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.sim.TwoHosts;
import org.junit.jupiter.api.Test;

/** The perftest measurements between h1 and h2 of the two-switch fabric, and their perftest-style lines. */
class PerftestTest {

    @Test
    void theThreeTestsMoveTheirDataAndPrintPerftestLines() throws Exception {
        try (TwoHosts fabric = new TwoHosts();
                Context c = fabric.verbs.open(fabric.verbs.device("h1"));
                Context s = fabric.verbs.open(fabric.verbs.device("h2"));
                Perftest test = new Perftest(c, s, 65536)) {
            Perftest.Result lat = test.run(Perftest.Mode.SEND_LAT, 2, 50);
            assertEquals(50, lat.latencies().length);
            assertTrue(Perftest.sorted(lat.latencies())[0] > 0);
            String line = PerftestReport.result(lat);
            assertTrue(line.startsWith(" #bytes #iterations    t_min[usec]"), line);
            assertTrue(line.contains("\n 2       50 "), line);

            Perftest.Result read = test.run(Perftest.Mode.READ_LAT, 64, 20);
            assertEquals(20, read.latencies().length);

            long before = fabric.fabric.faults().counter("h1", 1, PortCounter.PORT_XMIT_DATA);
            Perftest.Result bw = test.run(Perftest.Mode.WRITE_BW, 65536, 300);
            long words = fabric.fabric.faults().counter("h1", 1, PortCounter.PORT_XMIT_DATA) - before;
            assertTrue(words * 4 >= 300L * 65536, "the writes crossed h1's port: " + words + " words");
            assertTrue(bw.peakBytesPerSec() > 0);
            String bwLine = PerftestReport.result(bw);
            assertTrue(bwLine.contains("BW average[MB/sec]") && bwLine.contains("\n 65536      300 "), bwLine);
            assertTrue(PerftestReport.addresses(lat).contains("local address: LID 0x"));
        }
    }
}
