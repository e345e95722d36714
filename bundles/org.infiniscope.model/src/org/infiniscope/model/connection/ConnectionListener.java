package org.infiniscope.model.connection;

import org.infiniscope.model.FabricDelta;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told how the {@link FabricConnection} goes. Called on the service's threads (sweep progress on the transport's,
 * see {@link org.infiniscope.discovery.SweepProgress}): return at once and never block; a GUI hands the call to its
 * UI thread asynchronously.
 */
@ConsumerType
public interface ConnectionListener {

    /** Called on every change of state: a phase change, and a sweep's progress (at most every 100 ms or so). */
    void stateChanged(ConnectionState state);

    /**
     * Called after a sweep was applied to the model.
     *
     * @param state the state after the sweep
     * @param delta what the sweep changed (may be empty)
     */
    default void swept(ConnectionState state, FabricDelta delta) {
    }
}
