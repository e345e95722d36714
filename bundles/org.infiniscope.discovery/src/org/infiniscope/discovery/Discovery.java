package org.infiniscope.discovery;

import org.infiniscope.mad.transport.MadTransport;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Sweeps a fabric by directed routes from the transport's local port: NodeInfo, NodeDescription, the PortInfo of
 * every port and the SwitchInfo of switches, with many SMPs in flight. Lost MADs are retried; a port whose peer
 * never answers is marked unreachable and the sweep goes on. Needs no LIDs, so it works before an SM has run.
 */
@ProviderType
public interface Discovery {

    /**
     * Sweeps the fabric the transport is attached to. The transport's own window bounds the SMPs in flight as
     * well as {@link SweepOptions#window()}.
     *
     * @throws DiscoveryException when not even the local node answers
     * @throws InterruptedException when interrupted while waiting for answers
     */
    default FabricSnapshot sweep(MadTransport transport, SweepOptions options)
            throws DiscoveryException, InterruptedException {
        return sweep(transport, options, SweepProgress.NONE);
    }

    /**
     * Sweeps the fabric, telling {@code progress} how it goes.
     *
     * @throws DiscoveryException when not even the local node answers
     * @throws InterruptedException when interrupted while waiting for answers
     */
    FabricSnapshot sweep(MadTransport transport, SweepOptions options, SweepProgress progress)
            throws DiscoveryException, InterruptedException;
}
