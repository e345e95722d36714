package org.infiniscope.mad.umad;

import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.umad.internal.UmadChannel;
import org.infiniscope.mad.umad.internal.UmadLibrary;

/**
 * Opens MAD channels on local InfiniBand ports through {@code libibumad.so.3}. The JVM needs native access
 * ({@code --enable-native-access=ALL-UNNAMED}, or the launcher's {@code Enable-Native-Access}).
 */
public final class UmadChannels {

    private UmadChannels() {
    }

    /**
     * Opens a port.
     *
     * @param spec {@code umad} for the first CA's first active port (or, with no active port, the first one
     *        whose link is up, as libibumad picks), or {@code umad:CA:PORT}, e.g. {@code umad:mlx5_0:1}
     * @return a channel, not started: hand it to {@link org.infiniscope.mad.transport.MadTransports#over}
     * @throws UmadException when libibumad is missing, the specification is malformed, the CA or port does not
     *         exist, or the device may not be opened
     */
    public static MadChannel open(String spec) throws UmadException {
        return UmadChannel.open(UmadLibrary.system(), spec);
    }
}
