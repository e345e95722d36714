package org.infiniscope.cm;

import java.util.List;
import java.util.function.Consumer;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The communications every CM of this runtime holds (listeners included, in {@link CmState#LISTEN}), per node: a
 * service for the QP/connection view and the {@code qp} commands. Communications that ended (after TIMEWAIT, or a
 * REJ) leave the list.
 */
@ProviderType
public interface CmConnections {

    /** @return a snapshot of every communication, by node then local communication ID; unmodifiable */
    List<CmConnection> connections();

    /** @return a snapshot of one node's communications; unmodifiable, empty for a node without CM */
    List<CmConnection> connections(String node);

    /**
     * Adds a listener told of every change (a new communication, a state change, one that ended: then in
     * {@link CmState#IDLE}). It is called on the CM's thread: hand off long work.
     *
     * @return a handle whose closing removes the listener
     */
    AutoCloseable addListener(Consumer<CmConnection> listener);
}
