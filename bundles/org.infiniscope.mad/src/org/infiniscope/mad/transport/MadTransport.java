package org.infiniscope.mad.transport;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Sends MADs and matches their answers; delivers unsolicited MADs to registered agents.
 * <p>
 * The transport owns the transaction IDs: it writes the low 32 bits of each request's TransactionID (the
 * kernel owns the high 32) and matches answers on the management class and those bits. It times out and
 * retries each request, and keeps at most a configured number of requests outstanding, overall and per
 * destination LID; requests beyond that wait in order.
 */
@ProviderType
public interface MadTransport extends AutoCloseable {

    /**
     * Sends a request and completes with its answer. Requests whose method expects no answer (Send,
     * Trap, a response) complete with {@code null} once sent.
     *
     * @return a future completed with the answer, or exceptionally with {@link MadTimeoutException} after
     *         every attempt timed out, or with an {@link IOException} when the MAD could not be sent
     */
    CompletableFuture<MadResponse> send(MadRequest request);

    /**
     * Registers an agent for unsolicited MADs (traps, SA and CM requests, requests to a PMA or SMA).
     *
     * @return the registration; closing it stops the deliveries
     * @throws IOException when the channel cannot register the class
     */
    AgentRegistration register(AgentSpec spec, MadAgent agent) throws IOException;

    /** @return what was sent, answered, lost and retried so far */
    TransportStatistics statistics();

    /** @return the local port */
    LocalPort localPort() throws IOException;

    /** Fails every outstanding request, stops the agents and closes the channel. Idempotent. */
    @Override
    void close();
}
