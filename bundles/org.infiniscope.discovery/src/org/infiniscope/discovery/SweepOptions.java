package org.infiniscope.discovery;

import java.time.Duration;
import java.util.Objects;

/**
 * How a sweep sends its SMPs.
 *
 * @param window at most this many SMPs outstanding (ibnetdiscover's {@code -o}; its default is 2)
 * @param timeout how long to wait for each attempt
 * @param retries how many times a lost SMP is sent again before its port is marked unreachable
 * @param mKey the M_Key every SMP carries (infiniband-diags' {@code -y}); 0 when none is configured, and then a
 *        node protected at level 2 or 3 (IBA 14.2.4) silently drops the sweep's Gets, so its ports end up unreachable
 *        while the rest of the fabric is read (level 1 answers, with PortInfo's M_Key shown as 0)
 */
public record SweepOptions(int window, Duration timeout, int retries, long mKey) {

    /** 16 SMPs in flight, 1 s time-out, 3 retries (libibmad's time-out and retries), no M_Key. */
    public static final SweepOptions DEFAULT = new SweepOptions(16, Duration.ofSeconds(1), 3);

    /** Options without an M_Key. */
    public SweepOptions(int window, Duration timeout, int retries) {
        this(window, timeout, retries, 0);
    }

    /** @return these options with another M_Key */
    public SweepOptions withMKey(long key) {
        return new SweepOptions(window, timeout, retries, key);
    }

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
