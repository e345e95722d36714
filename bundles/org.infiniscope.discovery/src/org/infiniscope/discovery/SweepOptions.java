package org.infiniscope.discovery;

import java.time.Duration;
import java.util.Objects;

/**
 * How a sweep sends its SMPs.
 *
 * @param window at most this many SMPs outstanding (ibnetdiscover's {@code -o}; its default is 2)
 * @param timeout how long to wait for each attempt
 * @param retries how many times a lost SMP is sent again before its port is marked unreachable
 */
public record SweepOptions(int window, Duration timeout, int retries) {

    /** 16 SMPs in flight, 1 s time-out, 3 retries (libibmad's time-out and retries). */
    public static final SweepOptions DEFAULT = new SweepOptions(16, Duration.ofSeconds(1), 3);

    /** Checks the bounds. */
    public SweepOptions {
        Objects.requireNonNull(timeout, "timeout");
        if (window < 1 || window > 4096) {
            throw new IllegalArgumentException("window " + window + " must be 1..4096");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout " + timeout + " must be positive");
        }
        if (retries < 0 || retries > 100) {
            throw new IllegalArgumentException("retries " + retries + " must be 0..100");
        }
    }
}
