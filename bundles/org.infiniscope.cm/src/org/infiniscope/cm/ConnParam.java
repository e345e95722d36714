package org.infiniscope.cm;

/**
 * The parameters of connect and accept ({@code struct rdma_conn_param}).
 *
 * @param privateData sent with the REQ (at most 92 bytes), the REP (196) or the REJ (148)
 * @param responderResources RDMA reads and atomics the local side takes at once (0..255)
 * @param initiatorDepth RDMA reads and atomics the local side has outstanding at once (0..255)
 * @param retryCount transport retries (0..7)
 * @param rnrRetryCount RNR NAK retries (0..7, 7 for infinite)
 */
public record ConnParam(byte[] privateData, int responderResources, int initiatorDepth, int retryCount,
        int rnrRetryCount) {

    /** Checks the ranges; copies the private data. */
    public ConnParam {
        privateData = privateData == null ? new byte[0] : privateData.clone();
        range("responderResources", responderResources, 255);
        range("initiatorDepth", initiatorDepth, 255);
        range("retryCount", retryCount, 7);
        range("rnrRetryCount", rnrRetryCount, 7);
    }

    /** @return parameters with that private data and rdma_cm's usual values (4 reads, 7 retries) */
    public static ConnParam of(byte... privateData) {
        return new ConnParam(privateData, 4, 4, 7, 7);
    }

    @Override
    public byte[] privateData() {
        return privateData.clone();
    }

    private static void range(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is not in 0.." + max);
        }
    }
}
