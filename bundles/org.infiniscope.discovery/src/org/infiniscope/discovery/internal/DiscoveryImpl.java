package org.infiniscope.discovery.internal;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.transport.MadTransport;
import org.osgi.service.component.annotations.Component;

/** The discovery service: each call is one {@link Sweep}. */
@Component(service = Discovery.class)
public final class DiscoveryImpl implements Discovery {

    @Override
    public FabricSnapshot sweep(MadTransport transport, SweepOptions options, SweepProgress progress)
            throws DiscoveryException, InterruptedException {
        return new Sweep(transport, options, progress).run();
    }
}
