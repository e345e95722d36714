package org.infiniscope.mad.transport;

import java.util.Objects;

import org.infiniscope.mad.rmpp.RmppConfig;

/**
 * How many requests a transport keeps outstanding, and how it runs RMPP over channels that do not.
 *
 * @param window at most this many requests sent and not yet answered, over all destinations
 * @param windowPerDestination at most this many to one destination LID
 * @param rmpp the RMPP windows, time-outs and limits for transfers the transport runs itself (their data
 *        offset is set per class: 56 for SA, 40 for vendor classes)
 */
public record TransportConfig(int window, int windowPerDestination, RmppConfig rmpp) {

    /** What ibnetdiscover and OpenSM use by default: 4 outstanding SMPs (OpenSM: max_wire_smps 4). */
    public static final TransportConfig DEFAULT = new TransportConfig(4, 4);

    /** Checks the bounds. */
    public TransportConfig {
        if (window < 1 || windowPerDestination < 1) {
            throw new IllegalArgumentException(
                    "windows must be at least 1, got " + window + " and " + windowPerDestination);
        }
        Objects.requireNonNull(rmpp, "rmpp");
    }

    /** Windows with the SA's RMPP settings ({@link RmppConfig#forSubnAdm()}). */
    public TransportConfig(int window, int windowPerDestination) {
        this(window, windowPerDestination, RmppConfig.forSubnAdm());
    }

    /** @return the same windows with other RMPP settings */
    public TransportConfig withRmpp(RmppConfig settings) {
        return new TransportConfig(window, windowPerDestination, settings);
    }
}
