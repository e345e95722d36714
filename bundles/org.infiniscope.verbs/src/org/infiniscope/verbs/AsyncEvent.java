package org.infiniscope.verbs;

/**
 * An asynchronous event ({@code struct ibv_async_event}): one of {@code qp}, {@code cq}, {@code srq} or
 * {@code port} says what it is about, by the event's type.
 *
 * @param type the event
 * @param qp the queue pair, or null
 * @param cq the completion queue, or null
 * @param srq the shared receive queue, or null
 * @param port the port number, or 0
 */
public record AsyncEvent(AsyncEventType type, QueuePair qp, CompletionQueue cq, SharedReceiveQueue srq, int port) {
}
