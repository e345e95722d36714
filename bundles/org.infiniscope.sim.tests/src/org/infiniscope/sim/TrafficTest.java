package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Flows routed by the LFTs the SM programmed, on a virtual clock. In {@link LineFabric} every link is 4X SDR (1 GB/s
 * of data) but sw3–h3, 12X QDR (12 GB/s); flows h1→h3 and h2→h3 share sw2[3].
 */
class TrafficTest {

    /** The default MTU: 2048 bytes of payload and 24 of headers a packet. */
    private static final double WIRE = 1 + 24.0 / 2048;

    private final VirtualClock clock = new VirtualClock();
    private final LineFabric line = new LineFabric(clock);
    private final SimTraffic traffic = line.fabric.traffic();
    private MiniSm sm;

    @BeforeEach
    void configure() throws MadFormatException {
        sm = new MiniSm(line.fabric, line.h1).configure();
    }

    /** @return a counter through the PMA, less the MADs of the reads themselves (a few words at most) */
    private long counter(String node, int port, PortCounter counter) throws MadFormatException {
        return sm.counter(node, port, counter);
    }

    @Test
    void aFlowCountsWordsAndPacketsOnEveryPortItCrosses() throws MadFormatException {
        long before = counter("sw2", 3, PortCounter.PORT_XMIT_DATA);
        traffic.start("h1", "h3", 0.5e9);
        clock.advance(Duration.ofSeconds(1));
        long words = counter("sw2", 3, PortCounter.PORT_XMIT_DATA) - before;
        double expected = 0.5e9 * WIRE / 4;
        assertEquals(expected, words, expected * 0.001, "payload and headers, in words of 4 bytes");
        long packets = counter("h3", 1, PortCounter.PORT_RCV_PKTS);
        assertEquals(0.5e9 / 2048, packets, 10, "MTU-sized packets");
        for (String[] hop : new String[][]{{"h1", "1"}, {"sw1", "2"}, {"sw2", "3"}, {"sw3", "2"}}) {
            assertTrue(counter(hop[0], Integer.parseInt(hop[1]), PortCounter.PORT_XMIT_PKTS) >= 0.5e9 / 2048 - 1,
                    "sent out of " + hop[0] + "[" + hop[1] + "]");
        }
        assertTrue(counter("h2", 1, PortCounter.PORT_RCV_PKTS) < 50, "h2 is not on the way");
        assertEquals(0, counter("sw2", 3, PortCounter.PORT_XMIT_WAIT), "half the link's rate: no waiting");
        SimTraffic.Flow flow = traffic.flows().getFirst();
        assertTrue(flow.routed());
        assertEquals(0.5e9, flow.achievedBytesPerSecond(), 1);
    }

    @Test
    void anOversubscribedLinkWaitsAndOneThatIsNotDoesNot() throws MadFormatException {
        traffic.start("h1", "h3", 0.6e9);
        traffic.start("h2", "h3", 0.6e9);
        clock.advance(Duration.ofSeconds(1));
        double excess = 2 * 0.6e9 * WIRE - 1e9;
        assertEquals(excess / 8, counter("sw2", 3, PortCounter.PORT_XMIT_WAIT), excess / 8 * 0.001,
                "1.21 GB/s offered to a 1 GB/s link: ticks of 8 bytes' time");
        assertEquals(0, counter("sw1", 2, PortCounter.PORT_XMIT_WAIT), "0.6 GB/s of 1");
        assertEquals(0, counter("sw3", 2, PortCounter.PORT_XMIT_WAIT), "12X QDR has room");
        assertEquals(1e9 / 4, counter("sw3", 2, PortCounter.PORT_XMIT_DATA), 1e9 / 4 * 0.001,
                "sw2[3] lets through its rate, no more");
        List<SimTraffic.Flow> flows = traffic.flows();
        for (SimTraffic.Flow flow : flows) {
            assertEquals(0.5e9 / WIRE, flow.achievedBytesPerSecond(), 1, "each gets half of sw2[3]");
        }
    }

    @Test
    void the32BitCountersStopWhileTheExtendedOnesGoOn() throws MadFormatException {
        traffic.start("h1", "h3", 0.9e9);
        clock.advance(Duration.ofSeconds(30));
        assertEquals(0xFFFF_FFFFL, counter("sw2", 3, PortCounter.PORT_XMIT_DATA), "27 G bytes are 6.8 G words");
        long words = sm.counters(ExtendedCounterVariant.NO_IETF.codec(), "sw2", 3)
                .get(ExtendedPortCounter.PORT_XMIT_DATA);
        assertEquals(30 * 0.9e9 * WIRE / 4, words, 30 * 0.9e9 / 4 * 0.001);
    }

    @Test
    void aFlowWithoutARouteCountsNothingAndIsReported() throws MadFormatException {
        line.fabric.faults().unplug("sw3", 2);
        traffic.start("h1", "h3", 0.5e9);
        long before = counter("sw1", 2, PortCounter.PORT_XMIT_DATA);
        clock.advance(Duration.ofSeconds(1));
        assertTrue(counter("sw1", 2, PortCounter.PORT_XMIT_DATA) - before < 1000, "only the MADs of the reads");
        List<SimTraffic.Flow> unrouted = traffic.unrouted();
        assertEquals(1, unrouted.size());
        assertEquals("h3", unrouted.getFirst().to());
        assertEquals(0, unrouted.getFirst().achievedBytesPerSecond());
        assertFalse(unrouted.getFirst().routed());
    }

    @Test
    void flowsRunBetweenHosts() {
        assertThrows(IllegalArgumentException.class, () -> traffic.start("h1", "sw2", 1e9), "a switch");
        assertThrows(IllegalArgumentException.class, () -> traffic.start("h1", "h3", -1), "a negative rate");
        assertThrows(IllegalArgumentException.class, () -> traffic.start("h1", 2, "h3", 1, 1e9), "no port 2");
    }
}
