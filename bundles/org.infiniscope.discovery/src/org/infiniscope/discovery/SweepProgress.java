package org.infiniscope.discovery;

import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SwitchInfo;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told how a sweep goes, after each answer or loss, on the transport's threads while the sweep holds its lock: an
 * implementation must return at once (print at most every so often, never block).
 */
@ConsumerType
@FunctionalInterface
public interface SweepProgress {

    /** Tells nothing. */
    SweepProgress NONE = (nodes, answered, pending) -> {
    };

    /**
     * @param nodes the nodes found so far
     * @param answered the SMPs answered or given up so far
     * @param pending the SMPs in flight or queued
     */
    void progress(int nodes, long answered, int pending);

    /**
     * A NodeInfo the sweep read (a CA's once per port it was reached through), for a caller that needs the whole
     * attribute (an SM), so that it need not read it again. Called like {@link #progress}; ignored by default.
     *
     * @param route the directed route it was read by
     */
    default void nodeInfo(int[] route, NodeInfo info) {
    }

    /** A switch's SwitchInfo the sweep read; as {@link #nodeInfo}. */
    default void switchInfo(long nodeGuid, SwitchInfo info) {
    }

    /** A PortInfo the sweep read, port {@code port} of the node {@code nodeGuid}; as {@link #nodeInfo}. */
    default void portInfo(long nodeGuid, int port, PortInfo info) {
    }
}
