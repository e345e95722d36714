package org.infiniscope.sim.internal;

import java.util.function.LongSupplier;

import org.infiniscope.mad.perf.PortCounter;

/**
 * Brings what rises with time — error rates and traffic — up to the fabric's clock. The fabric calls
 * {@link #catchUp()} before every MAD and every change of state, so the time before a change is counted with the
 * state it had. Not thread-safe: the fabric serialises calls.
 */
public final class Timeline {

    private final LongSupplier clock;
    private final ErrorRates errors;
    private final Traffic traffic;
    private long last;

    /** @param clock the fabric's time in nanoseconds */
    Timeline(FabricState state, LongSupplier clock) {
        this.clock = clock;
        this.errors = new ErrorRates(state);
        this.traffic = new Traffic(state);
        this.last = clock.getAsLong();
    }

    /** Counts the time passed since the last call. */
    public void catchUp() {
        long now = clock.getAsLong();
        long passed = now - last;
        if (passed > 0) {
            last = now;
            errors.advance(passed);
            traffic.advance(passed);
        }
    }

    /**
     * {@link #catchUp()} when error rates or flows run; otherwise nothing accrues and the clock need not be read (a
     * MAD costs a clock read less). Every change of rates or flows calls {@link #catchUp()} first, which restarts the
     * count from then.
     */
    public void catchUpIfBusy() {
        if (!errors.isEmpty() || !traffic.isEmpty()) {
            catchUp();
        }
    }

    ErrorRates errors() {
        return errors;
    }

    /** @return the traffic flows */
    public Traffic traffic() {
        return traffic;
    }

    /**
     * Sets how fast an error counter of a global port rises.
     *
     * @throws IllegalArgumentException when the rate is negative or not finite
     */
    public void errorRate(int g, PortCounter counter, double perSecond) {
        catchUp();
        errors.set(g, counter, perSecond);
    }
}
