package org.infiniscope.perf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.junit.jupiter.api.Test;

/** The {@code perf} table: each port's line written without a Formatter is the line the format gives. */
class PerfReportTest {

    private static PortStats port(String name, int port, boolean reachable, List<Counter> saturated,
            Map<Counter, Long> totals, double utilisation, BitErrorRate ber) {
        return new PortStats(new PortKey(0x8f10400000100L, port), name, false, 7, 4321, 8e9, reachable, false, totals,
                Map.of(), saturated, 0, 1, 0, 0, 0, 0, utilisation, 0, null, ber);
    }

    private static String formatted(PortStats s) {
        return String.format(Locale.ROOT, PerfReport.TABLE_LINE, PerfReport.clip(s.nodeName()), s.key().port(), s.lid(),
                s.total(Counter.PORT_XMIT_DATA), s.total(Counter.PORT_RCV_DATA), s.total(Counter.PORT_XMIT_PKTS),
                s.total(Counter.PORT_RCV_PKTS), PerfReport.errors(s), s.total(Counter.PORT_XMIT_WAIT), s.utilisation(),
                PerfReport.ber(s.ber().symbolSinceStart()), PerfReport.ber(s.ber().fecSinceStart()),
                PerfReport.status(s));
    }

    @Test
    void eachLineIsWhatTheFormatWrites() {
        Map<Counter, Long> big = Map.of(Counter.PORT_XMIT_DATA, 123456789012345L, Counter.PORT_RCV_DATA, 0L,
                Counter.PORT_XMIT_PKTS, 4294967295L, Counter.PORT_RCV_PKTS, 17L, Counter.SYMBOL_ERROR_COUNTER, 65535L,
                Counter.PORT_RCV_ERRORS, 7L, Counter.PORT_XMIT_WAIT, 99L);
        List<PortStats> ports = List.of(port("h00001", 1, true, List.of(), Map.of(), 0, BitErrorRate.UNKNOWN),
                port("p24leaf12", 24, true, List.of(), big, 0, new BitErrorRate(0, 0, 0, 0, false, false)),
                port("a node description longer than thirty-two characters", 255, true,
                        List.of(Counter.SYMBOL_ERROR_COUNTER, Counter.PORT_XMIT_PKTS), big, 99.995,
                        new BitErrorRate(1e-12, 3.456789e-9, Double.NaN, 1.5e-15, true, false)),
                port("spine", 3, false, List.of(), big, 12.345, new BitErrorRate(0, -0.0, 0, 0, false, false)),
                port("", 1, true, List.of(), Map.of(), -0.0, new BitErrorRate(0, 1, 0, 0, false, false)), port("h00002",
                        1, true, List.of(), big, Double.NaN, new BitErrorRate(0, Double.NaN, 0, 0, false, false)));
        for (PortStats s : ports) {
            StringBuilder line = new StringBuilder();
            PerfReport.tableLine(line, s);
            assertEquals(formatted(s), line.toString(), s.nodeName());
        }
        String table = PerfReport.table(ports);
        assertEquals(ports.size() + 1, table.lines().count());
        assertEquals(formatted(ports.get(2)), table.lines().toList().get(3) + System.lineSeparator());
    }
}
