package org.infiniscope.verbs;

import java.time.Duration;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/** A completion channel ({@code struct ibv_comp_channel}): where armed CQs signal new completions. */
@ProviderType
public interface CompletionChannel extends AutoCloseable {

    /**
     * Waits for a completion event ({@code ibv_get_cq_event}); the CQ is disarmed until
     * {@link CompletionQueue#reqNotify} again. Acknowledge with {@link CompletionQueue#ackEvents}.
     *
     * @return the CQ that had a completion, or empty after {@code timeout}
     */
    Optional<CompletionQueue> getCqEvent(Duration timeout) throws InterruptedException;

    /**
     * Destroys the channel.
     *
     * @throws VerbsException {@code EBUSY} while CQs use it
     */
    @Override
    void close() throws VerbsException;
}
