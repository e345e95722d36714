package org.infiniscope.cm;

/**
 * The CM's timing, as codes of 4.096 µs × 2^code (IBA 12.6.5).
 *
 * @param responseTimeout the CM response timeout a REQ announces for this side (rdma_cm uses 20, about 4.3 s)
 * @param maxRetries how often a REQ, REP, DREQ, SIDR_REQ or LAP is sent again before the CM gives up (0..15)
 * @param mraServiceTimeout the service timeout an MRA asks the peer to wait in addition
 */
public record CmOptions(int responseTimeout, int maxRetries, int mraServiceTimeout) {

    /** rdma_cm's values: response timeout 20, 15 retries; an MRA asks for 22 more (about 17 s). */
    public static final CmOptions DEFAULT = new CmOptions(20, 15, 22);

    /** Checks the ranges. */
    public CmOptions {
        if (responseTimeout < 0 || responseTimeout > 31 || mraServiceTimeout < 0 || mraServiceTimeout > 31) {
            throw new IllegalArgumentException(
                    "CM timeouts are 5-bit codes: " + responseTimeout + ", " + mraServiceTimeout);
        }
        if (maxRetries < 0 || maxRetries > 15) {
            throw new IllegalArgumentException("CM retries are 0..15: " + maxRetries);
        }
    }

    /** @return the time of a timeout code in nanoseconds (4.096 µs × 2^code) */
    public static long nanos(int code) {
        return 4096L << code;
    }
}
