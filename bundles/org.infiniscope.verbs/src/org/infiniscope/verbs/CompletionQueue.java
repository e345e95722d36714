package org.infiniscope.verbs;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** A completion queue ({@code struct ibv_cq}). */
@ProviderType
public interface CompletionQueue extends AutoCloseable {

    /** @return the entries it holds */
    int cqe();

    /** @return its completion vector */
    int compVector();

    /** @return up to {@code max} completions, oldest first ({@code ibv_poll_cq}) */
    List<WorkCompletion> poll(int max) throws VerbsException;

    /**
     * Arms the CQ ({@code ibv_req_notify_cq}): the next completion (a solicited one or an error, when
     * {@code solicitedOnly}) puts an event on its channel.
     *
     * @throws VerbsException {@code EINVAL} when it has no channel
     */
    void reqNotify(boolean solicitedOnly) throws VerbsException;

    /** Acknowledges {@code n} events taken from its channel ({@code ibv_ack_cq_events}). */
    void ackEvents(int n);

    /**
     * Destroys it.
     *
     * @throws VerbsException {@code EBUSY} while QPs use it or events taken from the channel are not acknowledged
     */
    @Override
    void close() throws VerbsException;
}
