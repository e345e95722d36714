package org.infiniscope.sim;

import java.time.Duration;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The time a simulated fabric runs on: error rates and traffic flows count up as it advances. {@link #system()}
 * follows real time; a {@link VirtualClock} moves only when told, so that a test sees exact counts.
 */
@ConsumerType
public interface SimClock {

    /** @return the current time in nanoseconds, from an arbitrary origin; never decreasing */
    long nanoTime();

    /**
     * Lets {@code time} pass on this clock: a real-time clock waits that long, a virtual one advances at once.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    void pass(Duration time) throws InterruptedException;

    /** @return the clock of real time ({@link System#nanoTime()}) */
    static SimClock system() {
        return SystemClock.INSTANCE;
    }
}
