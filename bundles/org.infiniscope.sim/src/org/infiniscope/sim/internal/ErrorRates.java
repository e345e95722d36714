package org.infiniscope.sim.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.mad.perf.PortCounter;

/**
 * Error counters that rise at a steady rate while a port's link is up (symbol errors on a bad cable, link error
 * recoveries, …). Counts are exact, not drawn: the fraction of an event left over carries to the next advance, so
 * ten per second over a virtual second is ten. Not thread-safe: the fabric serialises calls.
 */
final class ErrorRates {

    /** A counter's rate in events per nanosecond, and the fraction of an event not counted yet. */
    private static final class Rate {
        final int port;
        final PortCounter counter;
        final double perNano;
        double carry;

        Rate(int port, PortCounter counter, double perNano) {
            this.port = port;
            this.counter = counter;
            this.perNano = perNano;
        }
    }

    private final FabricState f;
    private final Map<Long, Rate> rates = new LinkedHashMap<>();

    ErrorRates(FabricState state) {
        this.f = state;
    }

    /** Sets how fast a counter of a global port rises; 0 stops it. */
    void set(int g, PortCounter counter, double perSecond) {
        if (!(perSecond >= 0 && perSecond < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "an error rate is a finite number of events a second, at least 0: " + perSecond);
        }
        long key = (long) g << 8 | counter.ordinal();
        if (perSecond == 0) {
            rates.remove(key);
        } else {
            rates.put(key, new Rate(g, counter, perSecond / 1e9));
        }
    }

    /** Counts the errors of {@code nanos} more nanoseconds on every port whose link is up. */
    boolean isEmpty() {
        return rates.isEmpty();
    }

    void advance(long nanos) {
        for (Rate rate : rates.values()) {
            if (f.physState[rate.port] != FabricState.PHYS_LINK_UP) {
                continue; // no signal, no symbol errors
            }
            rate.carry += rate.perNano * nanos;
            long events = (long) rate.carry;
            rate.carry -= events;
            Counters.add(f, rate.port, rate.counter, events);
        }
    }
}
