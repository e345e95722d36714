package org.infiniscope.cm;

import java.time.Duration;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/** Where the events of CM identifiers go ({@code struct rdma_event_channel}). */
@ProviderType
public interface CmEventChannel extends AutoCloseable {

    /**
     * Waits for the next event ({@code rdma_get_cm_event}).
     *
     * @return the event, or empty when none came within {@code timeout}
     */
    Optional<CmEvent> get(Duration timeout) throws InterruptedException;

    /** Acknowledges an event ({@code rdma_ack_cm_event}); counted per identifier. */
    void ack(CmEvent event);

    @Override
    void close();
}
