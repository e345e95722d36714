package org.infiniscope.verbs;

import java.time.Duration;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An open device ({@code struct ibv_context}). Closing it destroys everything created through it, children first,
 * and gives back its doorbell pages (UAR).
 */
@ProviderType
public interface Context extends AutoCloseable {

    /** @return the device it opened */
    Device device();

    /** @return what the device can do */
    DeviceAttr queryDevice() throws VerbsException;

    /**
     * @param port 1..physPortCnt
     * @throws VerbsException {@code EINVAL} for a port the device does not have
     */
    PortAttr queryPort(int port) throws VerbsException;

    /** @return the completion event vectors (each CQ chooses one) */
    int numCompVectors();

    /** Allocates a protection domain. */
    ProtectionDomain allocPd() throws VerbsException;

    /** Creates a completion channel. */
    CompletionChannel createCompChannel() throws VerbsException;

    /**
     * Creates a completion queue.
     *
     * @param cqe entries it holds at least
     * @param channel where its completion events go, or null
     * @param compVector the completion vector, 0..numCompVectors-1
     * @throws VerbsException {@code EINVAL} for a size beyond the device's or a vector it does not have
     */
    CompletionQueue createCq(int cqe, CompletionChannel channel, int compVector) throws VerbsException;

    /**
     * Waits for the next asynchronous event ({@code ibv_get_async_event}); acknowledge it with
     * {@link #ackAsyncEvent}.
     *
     * @return the event, or empty when none came within {@code timeout}
     */
    Optional<AsyncEvent> getAsyncEvent(Duration timeout) throws InterruptedException;

    /** Acknowledges an event ({@code ibv_ack_async_event}). */
    void ackAsyncEvent(AsyncEvent event);

    /** Closes the context and everything created through it. */
    @Override
    void close();
}
