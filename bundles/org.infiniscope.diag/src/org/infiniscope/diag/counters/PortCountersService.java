package org.infiniscope.diag.counters;

import java.time.Duration;

import org.infiniscope.mad.transport.MadTransport;
import org.osgi.annotation.versioning.ProviderType;

/** Hands out {@link PortCounterReader}s: the service that {@code perfquery}, {@code errors} and the perf manager use. */
@ProviderType
public interface PortCountersService {

    /**
     * @param transport a started transport; it stays the caller's, to close
     * @param timeout how long to wait for each attempt of each MAD
     * @return a reader that sends its PerfMgt MADs through {@code transport}
     */
    PortCounterReader over(MadTransport transport, Duration timeout);
}
