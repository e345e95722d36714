package org.infiniscope.discovery.internal;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.Resweep;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.transport.MadTransport;
import org.osgi.service.component.annotations.Component;

/** The discovery service: each sweep is one {@link Sweep}, each re-sweep one {@link Resweeper}. */
@Component(service = Discovery.class)
public final class DiscoveryImpl implements Discovery {

    @Override
    public FabricSnapshot sweep(MadTransport transport, SweepOptions options, SweepProgress progress)
            throws DiscoveryException, InterruptedException {
        return new Sweep(transport, options, progress).run();
    }

    @Override
    public Resweep resweep(MadTransport transport, SweepOptions options, FabricSnapshot previous)
            throws DiscoveryException, InterruptedException {
        return new Resweeper(transport, options, previous).run();
    }
}
