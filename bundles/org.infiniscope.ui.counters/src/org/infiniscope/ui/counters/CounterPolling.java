package org.infiniscope.ui.counters;

import java.io.IOException;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Keeps the performance manager's poller (configuration PID {@code org.infiniscope.perf.poller}) sweeping the fabric
 * the desktop is connected to, so that the counters and health views have something to show. It follows the
 * {@code FabricConnection} service's connected fabric (not a saved model's, which has no counters to read). A poller configuration someone else wrote (an operator's, with another fabric) is left alone.
 */
@ProviderType
public interface CounterPolling {

    /**
     * Sweeps this fabric's counters from now on.
     *
     * @param fabric a {@code --fabric} specification, such as {@code sim:ft2:4:2:8} or {@code umad}
     * @throws IOException when the configuration cannot be written
     */
    void follow(String fabric) throws IOException;

    /** @return the fabric polled, empty when polling is not this desktop's */
    Optional<String> fabric();
}
