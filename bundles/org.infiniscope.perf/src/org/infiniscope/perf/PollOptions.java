package org.infiniscope.perf;

import java.time.Duration;

/**
 * How one sweep of the counters runs.
 *
 * @param inFlight how many PMA queries may wait for their answer at once, at least 1
 * @param timeout the time-out of each attempt (each query is sent up to four times: libibmad's three retries)
 * @param resetNearSaturation whether a port's PortCounters may be cleared when a counter passes three quarters of
 *        its maximum, as OpenSM's PerfMgr does: the operator's choice, off by default
 */
public record PollOptions(int inFlight, Duration timeout, boolean resetNearSaturation) {

    /** 64 queries in flight, 1 s, no resets. */
    public static final PollOptions DEFAULT = new PollOptions(64, Duration.ofSeconds(1), false);

    /** Checks. */
    public PollOptions {
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be at least 1: " + inFlight);
        }
    }
}
