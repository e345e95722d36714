package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;

/**
 * Everything kept of one port between sweeps: each counter's last raw reading and 64-bit total, and a ring of
 * samples. A raw reading lower than the last one means someone reset the counter: the total grows by the new value.
 * A reading at the counter's maximum means it saturated: the total is a lower bound until it moves again. Either
 * way the total never goes backwards and never jumps by a wrap-around.
 */
final class PortRecord {

    private static final Counter[] COUNTERS = Counter.values();
    private static final int N = COUNTERS.length;
    /** The counters a bit error rate is reckoned from. */
    private static final Counter[] BER = {Counter.SYMBOL_ERROR_COUNTER, Counter.FEC_CORRECTABLE_BLOCKS,
            Counter.FEC_UNCORRECTABLE_BLOCKS, Counter.FEC_CORRECTED_SYMBOLS};

    private final long[] lastRaw = new long[N];
    private final boolean[] read = new boolean[N];
    private final long[] totals = new long[N];
    private final long[] deltas = new long[N];
    private final boolean[] saturated = new boolean[N];
    /** The last raw reading of each lane of a counter kept per lane, by counter ordinal; null until one is read. */
    private long[][] laneRaw;
    /**
     * The totals of the counters a bit error rate is reckoned from, right after the first reading (what grew since is
     * what the manager saw), by their index in {@link #BER}.
     */
    private final long[] firstTotals = new long[BER.length];
    private long firstNanos;
    /** When the sweep of the last reading started: no counter was read before it. */
    private long lastStart;
    private boolean speeds;
    private boolean rsFec;
    private final Sample[] ring;
    private int ringStart;
    private int ringSize;
    private int resetsSeen;
    private long lastNanos;
    /** Whether a reading was begun: a clock's time may be anything, 0 or negative included. */
    private boolean begun;
    private double seconds;
    private boolean reachable = true;
    private boolean extended;

    PortRecord(int depth) {
        this.ring = new Sample[Math.max(1, depth)];
    }

    /** Starts a reading taken at {@code nanos}: deltas are cleared. */
    void begin(long nanos) {
        begin(nanos, nanos);
    }

    /** Starts a reading taken at {@code nanos} by a sweep that started at {@code start}: deltas are cleared. */
    void begin(long nanos, long start) {
        lastStart = start;
        java.util.Arrays.fill(deltas, 0);
        java.util.Arrays.fill(saturated, false);
        seconds = begun ? (nanos - lastNanos) / 1e9 : 0;
        if (!begun) {
            firstNanos = nanos;
        }
        lastNanos = nanos;
        begun = true;
        speeds = false;
        reachable = true;
    }

    /**
     * Takes a counter's raw value.
     *
     * @param raw the value read (unsigned)
     * @param max where the counter stops (-1 for 64 bits)
     * @param scale what one count is worth in the total (4 for data words)
     */
    void take(Counter counter, long raw, long max, int scale) {
        int i = counter.ordinal();
        long delta;
        if (!read[i]) {
            delta = raw; // what it counted since its last reset
        } else if (Long.compareUnsigned(raw, lastRaw[i]) >= 0) {
            delta = raw - lastRaw[i];
        } else {
            delta = raw; // reset by someone else since the last reading: it counted up from 0 again
            resetsSeen++;
        }
        saturated[i] = max != -1 && raw == max;
        lastRaw[i] = raw;
        grow(i, delta * scale);
    }

    private void grow(int i, long grown) {
        totals[i] = totals[i] + grown < totals[i] ? Long.MAX_VALUE : totals[i] + grown;
        deltas[i] += grown;
        if (!read[i]) {
            for (int k = 0; k < BER.length; k++) {
                if (BER[k].ordinal() == i) {
                    firstTotals[k] = totals[i];
                }
            }
        }
        read[i] = true;
    }

    /**
     * Takes the raw values of a counter kept per lane (PortExtendedSpeedsCounters): each lane is followed as
     * {@link #take} follows a counter, and the total grows by what the lanes grew by together.
     *
     * @param raw each lane's value
     * @param max where each lane's counter stops
     */
    void takeLanes(Counter counter, long[] raw, long max) {
        int i = counter.ordinal();
        if (laneRaw == null) {
            laneRaw = new long[N][];
        }
        long[] last = laneRaw[i];
        boolean first = last == null || last.length != raw.length;
        if (first) {
            last = laneRaw[i] = new long[raw.length];
        }
        long delta = 0;
        long sum = 0;
        boolean full = false;
        for (int k = 0; k < raw.length; k++) {
            if (first || raw[k] >= last[k]) {
                delta += raw[k] - (first ? 0 : last[k]);
            } else {
                delta += raw[k]; // this lane was reset since the last reading
                resetsSeen++;
            }
            full |= raw[k] == max;
            last[k] = raw[k];
            sum += raw[k];
        }
        saturated[i] = full;
        lastRaw[i] = sum;
        grow(i, delta);
    }

    /** The port's PortExtendedSpeedsCounters were read in this reading, in the RS-FEC layout or not. */
    void speeds(boolean rsFec) {
        this.speeds = true;
        this.rsFec = rsFec;
    }

    /** We cleared the counter ourselves right after reading it: the next reading counts from 0. */
    void clearedByUs(Counter counter) {
        lastRaw[counter.ordinal()] = 0;
    }

    /** The data and packet counters, whose PortCounters fields are 32 bits wide. */
    private static final Counter[] DATA = {Counter.PORT_XMIT_DATA, Counter.PORT_RCV_DATA, Counter.PORT_XMIT_PKTS,
            Counter.PORT_RCV_PKTS};
    private static final long MAX32 = 0xFFFF_FFFFL;

    /**
     * @param nanos a time at or after the PMA's answer to the query (before it is sent: a guess; once it has come:
     *        a bound)
     * @param bitsPerSecond the link's data rate
     * @return whether PortCounters' 32-bit data and packet counters cannot have filled up between the start of the
     *         sweep of the last reading and {@code nanos}, even if the link ran flat out, twice over: then
     *         PortCounters alone gives exact growth. True before the first reading (the first value is the base; a
     *         full one is seen as such).
     */
    boolean dataFits32(long nanos, double bitsPerSecond) {
        if (!begun) {
            return true;
        }
        if (bitsPerSecond <= 0) {
            return false;
        }
        // words of 4 octets the link can carry; a packet is at least one word, so packets are bounded alike
        double words = bitsPerSecond * Math.max(0, nanos - lastStart) / 1e9 / 32 * 2;
        for (Counter c : DATA) {
            int i = c.ordinal();
            if (!read[i] || Long.compareUnsigned(lastRaw[i], MAX32) >= 0 || lastRaw[i] + words >= MAX32) {
                return false;
            }
        }
        return true;
    }

    /** @return whether the error counters were read at least once */
    boolean hasErrors() {
        return read[Counter.SYMBOL_ERROR_COUNTER.ordinal()];
    }

    /** @return the last raw reading of a counter */
    long raw(Counter counter) {
        return lastRaw[counter.ordinal()];
    }

    void unreachable() {
        reachable = false;
        java.util.Arrays.fill(deltas, 0);
    }

    void extended(boolean extended) {
        this.extended = extended;
    }

    /** Keeps a sample of the totals in the ring. */
    void sample(long epochMillis) {
        long errors = 0;
        for (Counter c : COUNTERS) {
            if (c.isError()) {
                errors += totals[c.ordinal()];
            }
        }
        Sample s = new Sample(epochMillis, total(Counter.PORT_XMIT_DATA), total(Counter.PORT_RCV_DATA),
                total(Counter.PORT_XMIT_PKTS), total(Counter.PORT_RCV_PKTS), errors, total(Counter.PORT_XMIT_WAIT));
        if (ringSize < ring.length) {
            ring[(ringStart + ringSize++) % ring.length] = s;
        } else {
            ring[ringStart] = s;
            ringStart = (ringStart + 1) % ring.length;
        }
    }

    List<Sample> history() {
        List<Sample> list = new ArrayList<>(ringSize);
        for (int i = 0; i < ringSize; i++) {
            list.add(ring[(ringStart + i) % ring.length]);
        }
        return list;
    }

    long total(Counter counter) {
        return totals[counter.ordinal()];
    }

    long delta(Counter counter) {
        return deltas[counter.ordinal()];
    }

    PortStats stats(PortKey key, Target target) {
        Map<Counter, Long> t = new EnumMap<>(Counter.class);
        Map<Counter, Long> d = new EnumMap<>(Counter.class);
        List<Counter> sat = new ArrayList<>();
        for (Counter c : COUNTERS) {
            if (read[c.ordinal()]) {
                t.put(c, totals[c.ordinal()]);
                d.put(c, deltas[c.ordinal()]);
            }
            if (saturated[c.ordinal()]) {
                sat.add(c);
            }
        }
        double xmit = seconds > 0 ? delta(Counter.PORT_XMIT_DATA) / seconds : 0;
        double rcv = seconds > 0 ? delta(Counter.PORT_RCV_DATA) / seconds : 0;
        double xmitPkts = seconds > 0 ? delta(Counter.PORT_XMIT_PKTS) / seconds : 0;
        double rcvPkts = seconds > 0 ? delta(Counter.PORT_RCV_PKTS) / seconds : 0;
        double rate = target.linkBitsPerSecond();
        double utilisation = rate > 0 ? Math.max(xmit, rcv) * 8 * 100 / rate : 0;
        double wait = delta(Counter.PORT_XMIT_WAIT);
        double words = delta(Counter.PORT_XMIT_DATA) / 4.0;
        double ratio = wait + words > 0 ? wait / (wait + words) : 0;
        return new PortStats(key, target.nodeName(), target.isSwitch(), target.portGuid(), target.lid(), rate,
                reachable, extended, t, d, sat, resetsSeen, seconds, xmit, rcv, xmitPkts, rcvPkts, utilisation, ratio,
                target.peer(), ber(rate));
    }

    /** Errors over the bits the link carried: the last interval's, and since the first reading. */
    private BitErrorRate ber(double rate) {
        double bits = rate * seconds;
        double allBits = rate * (lastNanos - firstNanos) / 1e9;
        int symbol = Counter.SYMBOL_ERROR_COUNTER.ordinal();
        double sym = read[symbol] && bits > 0 ? deltas[symbol] / bits : Double.NaN;
        double symAll = read[symbol] && allBits > 0 ? (totals[symbol] - firstTotals[0]) / allBits : Double.NaN;
        if (!speeds) {
            return new BitErrorRate(sym, symAll, Double.NaN, Double.NaN, false, false);
        }
        int corrected = (rsFec ? Counter.FEC_CORRECTED_SYMBOLS : Counter.FEC_CORRECTABLE_BLOCKS).ordinal();
        int lost = Counter.FEC_UNCORRECTABLE_BLOCKS.ordinal();
        double fec = bits > 0 ? (deltas[corrected] + deltas[lost]) / bits : Double.NaN;
        double fecAll = allBits > 0
                ? (totals[corrected] - firstTotals[rsFec ? 3 : 1] + totals[lost] - firstTotals[2]) / allBits
                : Double.NaN;
        return new BitErrorRate(sym, symAll, fec, fecAll, true, rsFec);
    }
}
