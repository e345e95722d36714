package org.infiniscope.sm;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.sm.subnet.Subnet;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A subnet manager running on one port: it elects a master with the other SMs of the subnet (priority, then the
 * lower port GUID, IBA 14.4), and as master sweeps, assigns LIDs, routes, programs and activates the subnet, on a
 * timer and when a trap says something changed. As standby it polls the master and takes over when it stops
 * answering.
 */
@ProviderType
public interface SubnetManager {

    /** How many sweeps {@link #sweepHistory()} keeps. */
    int HISTORY = 64;

    /** @return the state now */
    SmState state();

    /** @return the subnet as the last successful heavy sweep published it, empty before one */
    Optional<Subnet> subnet();

    /**
     * Asks for a sweep; requests made while one runs are merged into the next one.
     *
     * @return completed with the report of the sweep that served the request
     */
    CompletableFuture<SweepReport> sweep(SweepKind kind);

    /** Recomputes and programs the routes (a heavy sweep whose LFTs are all compared again with the switches). */
    CompletableFuture<SweepReport> reroute();

    /** @return the SM's priority, 0..15 */
    int priority();

    /** Sets the priority (0..15); a master that is now outranked by a standby hands over to it at its next sweep. */
    void setPriority(int priority);

    /**
     * @return the routing engine chain configured now, tried in order (OpenSM's {@code routing_engine}); the engine
     *         that routed the subnet is in {@link Subnet#routing()}
     */
    java.util.List<String> routingChain();

    /** @return the port GUID the SM runs on, 0 before it started */
    long portGuid();

    /**
     * @return the last sweeps, light and heavy, oldest first (at most {@link #HISTORY}): when each started, how long
     *         each phase took, its result and what it changed; empty before the first sweep or when the SM does not run
     */
    java.util.List<SweepHistoryEntry> sweepHistory();

    /** Adds a listener; closing the returned handle removes it. */
    AutoCloseable addListener(SmListener listener);
}
