package org.infiniscope.sim;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that stands still until advanced: tests and fault scripts decide how much time passes, so counters that
 * rise with time come out exact and repeatable. Thread-safe.
 */
public final class VirtualClock implements SimClock {

    private final AtomicLong nanos = new AtomicLong();

    /** A clock at time 0. */
    public VirtualClock() {
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    /**
     * Moves the clock forward.
     *
     * @throws IllegalArgumentException when {@code time} is negative: time does not go back
     */
    public void advance(Duration time) {
        if (time.isNegative()) {
            throw new IllegalArgumentException("a clock does not go back: " + time);
        }
        nanos.addAndGet(time.toNanos());
    }

    /** Advances at once: nobody waits on a virtual clock. */
    @Override
    public void pass(Duration time) {
        advance(time);
    }

    @Override
    public String toString() {
        return "virtual time " + Duration.ofNanos(nanos.get());
    }
}
