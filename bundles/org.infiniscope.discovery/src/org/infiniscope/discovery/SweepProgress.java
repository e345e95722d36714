package org.infiniscope.discovery;

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
}
