package org.infiniscope.ui.counters.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.perf.Sample;
import org.junit.jupiter.api.Test;

class RateSeriesTest {

    @Test
    void eachIntervalGivesItsRatesAtItsEndBeforeNow() {
        List<Sample> history = List.of(new Sample(10_000, 0, 0, 0, 0, 0, 0),
                new Sample(12_000, 4_000_000, 1_000, 2_000, 10, 4, 0),
                new Sample(12_500, 5_000_000, 1_500, 2_500, 20, 4, 0));
        RateSeries r = RateSeries.of(history, 13_000);
        assertEquals(2, r.size());
        assertArrayEquals(new double[]{-1.0, -0.5}, r.seconds());
        assertArrayEquals(new double[]{2_000_000, 2_000_000}, r.xmitBytes());
        assertArrayEquals(new double[]{500, 1_000}, r.rcvBytes());
        assertArrayEquals(new double[]{1_000, 1_000}, r.xmitPackets());
        assertArrayEquals(new double[]{5, 20}, r.rcvPackets());
        assertArrayEquals(new double[]{4, 0}, r.errors());
    }

    @Test
    void anIntervalWhoseTotalsWentBackIsLeftOut() {
        List<Sample> history = List.of(new Sample(1_000, 100, 0, 0, 0, 0, 0), new Sample(2_000, 50, 0, 0, 0, 0, 0),
                new Sample(3_000, 150, 0, 0, 0, 0, 0));
        RateSeries r = RateSeries.of(history, 3_000);
        assertArrayEquals(new double[]{0}, r.seconds());
        assertArrayEquals(new double[]{100}, r.xmitBytes());
    }

    @Test
    void oneReadingHasNoRateYet() {
        assertEquals(0, RateSeries.of(List.of(new Sample(1_000, 1, 1, 1, 1, 1, 1)), 2_000).size());
        assertEquals(0, RateSeries.of(List.of(), 2_000).size());
    }
}
