package org.infiniscope.mad.transport;

import org.infiniscope.mad.internal.transport.ChannelTransport;

/** Builds the {@link MadTransport} of a {@link MadChannel}. */
public final class MadTransports {

    private MadTransports() {
    }

    /**
     * @param channel the raw path, not started yet; the transport starts and owns it from now on
     * @param config the windows
     * @return a transport over the channel
     * @throws java.io.IOException when the channel cannot start
     */
    public static MadTransport over(MadChannel channel, TransportConfig config) throws java.io.IOException {
        return ChannelTransport.start(channel, config);
    }
}
