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
     * An answer of an RMPP class that comes in several segments over a channel without RMPP of its own
     * ({@link MadChannel#rmppInKernel}) is reassembled here, acknowledged window by window, and completes the
     * future whole, in the form {@link MadResponse} describes. Once its first segment is in, the request stops
     * being resent, keeps its one place in the window, and may take as long as segments keep coming: it
     * fails when no new segment comes for the request's time-out × (retries + 1), or after the RMPP total time.
     *
     * @return a future completed with the answer, or exceptionally with {@link MadTimeoutException} after
     *         every attempt timed out or when an RMPP answer stalled, with {@link RmppTransferException} when
     *         its RMPP transfer was aborted or stopped, with a {@link org.infiniscope.mad.wire.MadFormatException}
     *         when its first segment was malformed, or with an {@link IOException} when the MAD could not be sent
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

    /**
     * @return the local port's GUID: {@code localPort().portGuid()}, which a channel may know without reading the
     *         port again (a port's GUID does not change while it is open)
     */
    default long portGuid() throws IOException {
        return localPort().portGuid();
    }

    /** Fails every outstanding request, stops the agents and closes the channel. Idempotent. */
    @Override
    void close();
}
