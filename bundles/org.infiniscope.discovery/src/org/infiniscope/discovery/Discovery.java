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

    /**
     * Sweeps the fabric again, lightly, from a previous snapshot of it, and reports what changed. It reads each known
     * switch's NodeInfo and PortInfos through its old route, keeps the links whose ends stayed up, and explores (as
     * {@link #sweep} does) only through ports that are up but hold no kept link; nodes met there for the first time
     * are read in full. It does not see a CA's or router's own changes behind an unchanged switch port (its LID or
     * NodeDescription): a full {@link #sweep} and {@link FabricDiff#compare} do.
     *
     * @param previous a snapshot of this fabric from this transport's port
     * @return the fabric now and the changes since {@code previous}
     * @throws DiscoveryException when not even the local node answers
     * @throws InterruptedException when interrupted while waiting for answers
     */
    Resweep resweep(MadTransport transport, SweepOptions options, FabricSnapshot previous)
            throws DiscoveryException, InterruptedException;
}
