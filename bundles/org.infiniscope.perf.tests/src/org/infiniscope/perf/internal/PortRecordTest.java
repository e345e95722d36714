package org.infiniscope.perf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.junit.jupiter.api.Test;

/** 64-bit totals from counters that saturate and that others reset; the history ring. */
class PortRecordTest {

    private static final long MAX32 = 0xFFFF_FFFFL;
    private static final Target TARGET = new Target(new PortKey(0x10, 1), "n", false, 0x11, 5, 8e9, null, 0);

    private final PortRecord record = new PortRecord(3);
    private long nanos = 1;

    private PortStats read(Counter counter, long raw, long max, int scale) {
        record.begin(nanos += 1_000_000_000L);
        record.take(counter, raw, max, scale);
        record.sample(nanos / 1_000_000);
        return record.stats(TARGET.key(), TARGET);
    }

    @Test
    void theFirstReadingIsTheTotalAndLaterOnesAddTheirGrowth() {
        assertEquals(400, read(Counter.PORT_XMIT_DATA, 100, MAX32, 4).total(Counter.PORT_XMIT_DATA));
        PortStats s = read(Counter.PORT_XMIT_DATA, 350, MAX32, 4);
        assertEquals(1400, s.total(Counter.PORT_XMIT_DATA));
        assertEquals(1000, s.delta(Counter.PORT_XMIT_DATA));
        assertEquals(1000.0, s.xmitBytesPerSecond(), 1e-9);
        assertEquals(1000.0 * 8 * 100 / 8e9, s.utilisation(), 1e-12);
    }

    @Test
    void aSaturatedCounterHoldsItsTotalAndIsFlagged() {
        read(Counter.SYMBOL_ERROR_COUNTER, 65_000, 0xFFFF, 1);
        PortStats at = read(Counter.SYMBOL_ERROR_COUNTER, 0xFFFF, 0xFFFF, 1);
        assertEquals(0xFFFF, at.total(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(List.of(Counter.SYMBOL_ERROR_COUNTER), at.saturated());
        PortStats still = read(Counter.SYMBOL_ERROR_COUNTER, 0xFFFF, 0xFFFF, 1);
        assertEquals(0xFFFF, still.total(Counter.SYMBOL_ERROR_COUNTER), "no jump while it stays saturated");
        assertEquals(0, still.delta(Counter.SYMBOL_ERROR_COUNTER));
    }

    @Test
    void aResetBySomeoneElseNeverMakesTheTotalGoBackwardsOrJump() {
        read(Counter.PORT_RCV_PKTS, MAX32 - 10, MAX32, 1);
        PortStats after = read(Counter.PORT_RCV_PKTS, 7, MAX32, 1);
        assertEquals(MAX32 - 10 + 7, after.total(Counter.PORT_RCV_PKTS), "it counted 7 since the reset: no wrap");
        assertEquals(1, after.resetsSeen());
        PortStats next = read(Counter.PORT_RCV_PKTS, 9, MAX32, 1);
        assertEquals(MAX32 - 10 + 9, next.total(Counter.PORT_RCV_PKTS));
    }

    @Test
    void ourOwnResetCountsFromZero() {
        read(Counter.PORT_RCV_ERRORS, 50_000, 0xFFFF, 1);
        record.clearedByUs(Counter.PORT_RCV_ERRORS);
        PortStats s = read(Counter.PORT_RCV_ERRORS, 3, 0xFFFF, 1);
        assertEquals(50_003, s.total(Counter.PORT_RCV_ERRORS));
        assertEquals(0, s.resetsSeen(), "a reset we made is no one else's");
    }

    @Test
    void sixtyFourBitCountersCompareUnsigned() {
        read(Counter.PORT_XMIT_PKTS, Long.MAX_VALUE - 1, -1, 1);
        PortStats s = read(Counter.PORT_XMIT_PKTS, Long.MAX_VALUE + 5, -1, 1);
        assertEquals(6, s.delta(Counter.PORT_XMIT_PKTS));
        assertTrue(s.saturated().isEmpty());
    }

    @Test
    void theHistoryKeepsTheLastDepthReadingsOldestFirst() {
        for (int i = 1; i <= 5; i++) {
            read(Counter.PORT_XMIT_WAIT, i * 10, MAX32, 1);
        }
        List<Sample> history = record.history();
        assertEquals(3, history.size());
        assertEquals(List.of(30L, 40L, 50L), history.stream().map(Sample::xmitWait).toList());
    }

    @Test
    void laneCountersAreFollowedLaneByLaneAndGiveBitErrorRates() {
        double rate = 4 * 14.0625e9 * 64 / 66;
        Target fdr = new Target(new PortKey(0x10, 1), "n", false, 0x11, 5, rate, null, 1);
        record.begin(nanos += 1_000_000_000L);
        record.take(Counter.SYMBOL_ERROR_COUNTER, 100, 0xFFFF, 1);
        record.takeLanes(Counter.FEC_CORRECTABLE_BLOCKS, new long[]{10, 20, 0, 0}, MAX32);
        record.takeLanes(Counter.FEC_UNCORRECTABLE_BLOCKS, new long[]{0, 0, 0, 0}, MAX32);
        record.speeds(false);
        PortStats first = record.stats(fdr.key(), fdr);
        assertEquals(30, first.total(Counter.FEC_CORRECTABLE_BLOCKS));
        assertTrue(first.ber().extendedSpeeds());
        assertTrue(Double.isNaN(first.ber().fec()), "no interval yet");

        record.begin(nanos += 2_000_000_000L);
        record.take(Counter.SYMBOL_ERROR_COUNTER, 103, 0xFFFF, 1);
        // lane 1 was reset by someone and counted 5 since: the total grows by 5 + 5, not by -10
        record.takeLanes(Counter.FEC_CORRECTABLE_BLOCKS, new long[]{15, 5, 0, 0}, MAX32);
        record.takeLanes(Counter.FEC_UNCORRECTABLE_BLOCKS, new long[]{1, 0, 0, 0}, MAX32);
        record.speeds(false);
        PortStats s = record.stats(fdr.key(), fdr);
        assertEquals(40, s.total(Counter.FEC_CORRECTABLE_BLOCKS));
        assertEquals(10, s.delta(Counter.FEC_CORRECTABLE_BLOCKS));
        assertEquals(1, s.resetsSeen());
        assertEquals(3 / (rate * 2), s.ber().symbol(), 1e-24);
        assertEquals((10 + 1) / (rate * 2), s.ber().fec(), 1e-24);
        assertEquals((10 + 1) / (rate * 2), s.ber().fecSinceStart(), 1e-24, "since the first reading");

        record.begin(nanos += 2_000_000_000L);
        record.take(Counter.SYMBOL_ERROR_COUNTER, 103, 0xFFFF, 1);
        record.takeLanes(Counter.FEC_CORRECTABLE_BLOCKS, new long[]{15, 5, 0, MAX32}, MAX32);
        record.takeLanes(Counter.FEC_UNCORRECTABLE_BLOCKS, new long[]{1, 0, 0, 0}, MAX32);
        record.speeds(false);
        PortStats third = record.stats(fdr.key(), fdr);
        assertEquals(0.0, third.ber().symbol());
        assertEquals(3 / (rate * 4), third.ber().symbolSinceStart(), 1e-24);
        assertEquals(List.of(Counter.FEC_CORRECTABLE_BLOCKS), third.saturated());
    }

    @Test
    void aPortWithoutExtendedSpeedsCountersHasOnlyTheSymbolRate() {
        read(Counter.SYMBOL_ERROR_COUNTER, 0, 0xFFFF, 1);
        PortStats s = read(Counter.SYMBOL_ERROR_COUNTER, 8, 0xFFFF, 1);
        assertEquals(8 / 8e9, s.ber().symbol(), 1e-24);
        assertFalse(s.ber().extendedSpeeds());
        assertTrue(Double.isNaN(s.ber().fec()));
    }

    @Test
    void portCountersDataFitWhileTheLinkCannotHaveFilledThem() {
        assertTrue(record.dataFits32(nanos, 8e9), "nothing read yet: the first value is the base");
        record.begin(nanos += 1_000_000_000L);
        for (Counter c : List.of(Counter.PORT_XMIT_DATA, Counter.PORT_RCV_DATA, Counter.PORT_XMIT_PKTS,
                Counter.PORT_RCV_PKTS)) {
            record.take(c, 1000, MAX32, 1);
        }
        // 8 Gb/s carries 2.5e8 words a second; twice that over 4 s is 2e9 words, over 8 s 4e9: past 2^32 - 1001
        assertTrue(record.dataFits32(nanos + 4_000_000_000L, 8e9));
        assertFalse(record.dataFits32(nanos + 9_000_000_000L, 8e9));
        assertFalse(record.dataFits32(nanos + 1_000_000L, 0), "no rate known: no bound");
        record.begin(nanos += 1_000_000_000L);
        record.take(Counter.PORT_RCV_DATA, MAX32 - 1000, MAX32, 1);
        assertFalse(record.dataFits32(nanos + 1_000_000L, 8e9), "too close to the top");
    }

    @Test
    void aReadingAtTimeZeroIsAReadingAllTheSame() {
        // a clock's time is anything: the simulator's virtual clock starts at 0, System.nanoTime may be 0 or negative
        record.begin(0);
        for (Counter c : List.of(Counter.PORT_XMIT_DATA, Counter.PORT_RCV_DATA, Counter.PORT_XMIT_PKTS,
                Counter.PORT_RCV_PKTS)) {
            record.take(c, 1000, MAX32, 1);
        }
        assertTrue(record.dataFits32(1_000_000_000L, 8e9));
        assertFalse(record.dataFits32(9_000_000_000L, 8e9), "the reading at 0 is the base the bound counts from");
        record.begin(2_000_000_000L);
        record.take(Counter.PORT_XMIT_DATA, 5000, MAX32, 1);
        PortStats s = record.stats(TARGET.key(), TARGET);
        assertEquals(2.0, s.seconds(), 1e-9, "two seconds since the reading at 0");
        assertEquals(4000 / 2.0, s.xmitBytesPerSecond(), 1e-9);
    }
}
