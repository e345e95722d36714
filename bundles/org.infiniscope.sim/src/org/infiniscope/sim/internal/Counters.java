package org.infiniscope.sim.internal;

import java.util.Arrays;

import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PortCounter;

/**
 * The PortCounters of every port in {@link FabricState}'s arrays: the four data and packet counters are 64-bit
 * (the PortCountersExtended view; PortCounters shows them saturated to 32 bits), PortXmitWait is 64-bit, and the
 * error counters are kept at their PortCounters width, where they stop (IBA 16.1.3.5: counters do not wrap).
 * QP1Dropped is kept and can be set like the others; the PMA does not claim IsQP1DroppedSupported, because no
 * simulated port ever drops a QP1 MAD for want of buffers.
 */
public final class Counters {

    /** Error counters per port: the {@link PortCounter} ordinals below PortXmitData. */
    static final int ERRORS = PortCounter.PORT_XMIT_DATA.ordinal();
    /** The largest value a 64-bit counter of the model reaches: it stops at 2^63 - 1. */
    public static final long MAX_64 = Long.MAX_VALUE;

    private Counters() {
    }

    /** @return the slot of a data or packet counter in {@link FabricState#counters}, or -1 */
    private static int trafficSlot(PortCounter c) {
        return switch (c) {
            case PORT_XMIT_DATA -> Pma.XMIT_DATA;
            case PORT_RCV_DATA -> Pma.RCV_DATA;
            case PORT_XMIT_PKTS -> Pma.XMIT_PKTS;
            case PORT_RCV_PKTS -> Pma.RCV_PKTS;
            default -> -1;
        };
    }

    /** @return the most the model holds for the counter: its PortCounters maximum, or 2^63 - 1 for a 64-bit one */
    public static long max(PortCounter c) {
        return trafficSlot(c) >= 0 || c == PortCounter.PORT_XMIT_WAIT ? MAX_64 : c.max();
    }

    /** @return the counter's value at global port {@code g} */
    public static long get(FabricState f, int g, PortCounter c) {
        int slot = trafficSlot(c);
        if (slot >= 0) {
            return f.counters[g * 4 + slot];
        }
        return switch (c) {
            case PORT_XMIT_WAIT -> f.xmitWait[g];
            // the partition enforcement counts these two in its own arrays
            case PORT_XMIT_CONSTRAINT_ERRORS -> f.xmitConstraintErrors[g] & 0xFF;
            case PORT_RCV_CONSTRAINT_ERRORS -> f.rcvConstraintErrors[g] & 0xFF;
            default -> f.errorCounters[g * ERRORS + c.ordinal()];
        };
    }

    /**
     * Sets a counter.
     *
     * @throws IllegalArgumentException when the value is negative or beyond what the counter holds
     */
    public static void set(FabricState f, int g, PortCounter c, long value) {
        if (value < 0 || value > max(c)) {
            throw new IllegalArgumentException(c.label() + " holds 0.." + max(c) + ": " + value + " is out of range");
        }
        int slot = trafficSlot(c);
        if (slot >= 0) {
            f.counters[g * 4 + slot] = value;
        } else {
            switch (c) {
                case PORT_XMIT_WAIT -> f.xmitWait[g] = value;
                case PORT_XMIT_CONSTRAINT_ERRORS -> f.xmitConstraintErrors[g] = (byte) value;
                case PORT_RCV_CONSTRAINT_ERRORS -> f.rcvConstraintErrors[g] = (byte) value;
                default -> f.errorCounters[g * ERRORS + c.ordinal()] = (char) value;
            }
        }
    }

    /** Counts {@code delta} (non-negative) more events; the counter stops at {@link #max} rather than wrap. */
    public static void add(FabricState f, int g, PortCounter c, long delta) {
        if (delta <= 0) {
            return;
        }
        long now = get(f, g, c);
        long cap = max(c);
        set(f, g, c, delta > cap - now ? cap : now + delta);
    }

    /** Zeroes every counter of a global port, as a reset of its node does. */
    static void clear(FabricState f, int g) {
        Arrays.fill(f.counters, g * 4, g * 4 + 4, 0);
        Arrays.fill(f.errorCounters, g * ERRORS, g * ERRORS + ERRORS, (char) 0);
        f.xmitWait[g] = 0;
        f.xmitConstraintErrors[g] = 0;
        f.rcvConstraintErrors[g] = 0;
        f.speedCounters.remove(g);
    }

    /** @return a PortExtendedSpeedsCounters counter of global port {@code g} */
    public static long get(FabricState f, int g, ExtendedSpeedsCounter c) {
        long[] values = f.speedCounters.get(g);
        return values == null ? 0 : values[c.ordinal()];
    }

    /**
     * Sets a PortExtendedSpeedsCounters counter.
     *
     * @throws IllegalArgumentException when the value is negative or wider than the counter
     */
    public static void set(FabricState f, int g, ExtendedSpeedsCounter c, long value) {
        if (value < 0 || value > c.max()) {
            throw new IllegalArgumentException("PortExtendedSpeedsCounters." + c.label() + " holds 0.." + c.max() + ": "
                    + value + " is out of range");
        }
        if (value == 0 && !f.speedCounters.containsKey(g)) {
            return;
        }
        f.speedCounters.computeIfAbsent(g, k -> new long[ExtendedSpeedsCounter.values().length])[c.ordinal()] = value;
    }
}
