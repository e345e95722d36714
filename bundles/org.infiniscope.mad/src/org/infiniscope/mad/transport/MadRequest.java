package org.infiniscope.mad.transport;

import java.time.Duration;
import java.util.Objects;

import org.infiniscope.mad.Mad;

/**
 * A MAD to send and how patiently.
 *
 * @param mad the 256-byte MAD (copied); its TransactionID's low 32 bits are replaced by the transport
 * @param destination where to
 * @param timeout how long to wait for an answer on each attempt
 * @param retries how many times to send again after a time-out (0: one attempt only)
 */
public record MadRequest(byte[] mad, MadAddress destination, Duration timeout, int retries) {

    /** libibmad's defaults, which infiniband-diags use: 1 s, 3 retries. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);
    public static final int DEFAULT_RETRIES = 3;

    /** Copies the MAD and checks the arguments. */
    public MadRequest {
        Objects.requireNonNull(mad, "mad");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(timeout, "timeout");
        if (mad.length != Mad.SIZE) {
            throw new IllegalArgumentException("a MAD has " + Mad.SIZE + " bytes, got " + mad.length);
        }
        if (timeout.isNegative() || timeout.isZero() || timeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("timeout " + timeout + " must be positive and at most 24 days");
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries " + retries + " is negative");
        }
        mad = mad.clone();
    }

    /** @return a request with libibmad's default time-out and retries */
    public static MadRequest of(byte[] mad, MadAddress destination) {
        return new MadRequest(mad, destination, DEFAULT_TIMEOUT, DEFAULT_RETRIES);
    }

    /** @return a copy of the MAD */
    @Override
    public byte[] mad() {
        return mad.clone();
    }
}
