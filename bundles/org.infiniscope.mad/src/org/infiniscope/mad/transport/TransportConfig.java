package org.infiniscope.mad.transport;

/**
 * How many requests a transport keeps outstanding.
 *
 * @param window at most this many requests sent and not yet answered, over all destinations
 * @param windowPerDestination at most this many to one destination LID
 */
public record TransportConfig(int window, int windowPerDestination) {

    /** What ibnetdiscover and OpenSM use by default: 4 outstanding SMPs (OpenSM: max_wire_smps 4). */
    public static final TransportConfig DEFAULT = new TransportConfig(4, 4);

    /** Checks the bounds. */
    public TransportConfig {
        if (window < 1 || windowPerDestination < 1) {
            throw new IllegalArgumentException(
                    "windows must be at least 1, got " + window + " and " + windowPerDestination);
        }
    }
}
