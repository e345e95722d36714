package org.infiniscope.rest.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The API's events, numbered from 1 without gaps, in a ring of the last {@value #CAPACITY}: what the event list
 * answers and what the server-sent event streams send. A client that reconnects with the last ID it saw gets every
 * event after it that the ring still holds, and is told how many it missed when the ring has moved past them.
 */
@Component(service = EventHub.class)
public final class EventHub {

    /** The events kept. */
    static final int CAPACITY = 20_000;

    /** One event, its data already written as JSON. */
    record Event(long id, String type, Instant time, String json) {
    }

    /** Events after a cursor, and how many the ring no longer has. */
    record Batch(List<Event> events, long missed, boolean closed) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Event[] ring = new Event[CAPACITY];
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private long last; // the ID of the newest event, 0 before one
    private boolean closed;

    /** Adds an event. */
    void publish(String type, JsonNode data) {
        String json;
        try {
            json = JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event's data cannot be written as JSON", e);
        }
        lock.lock();
        try {
            last++;
            ring[(int) (last % CAPACITY)] = new Event(last, type, Instant.now(), json);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** @return the ID of the newest event, 0 before one */
    long lastId() {
        lock.lock();
        try {
            return last;
        } finally {
            lock.unlock();
        }
    }

    /**
     * @param after the last ID the caller has
     * @param max the most events to return
     * @param waitMillis how long to wait for one when there is none yet; 0 not to wait
     */
    Batch after(long after, int max, long waitMillis) throws InterruptedException {
        lock.lock();
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            while (last <= after && !closed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                arrived.awaitNanos(left);
            }
            long oldest = Math.max(1, last - CAPACITY + 1);
            long from = Math.max(after + 1, oldest);
            long missed = Math.max(0, oldest - (after + 1));
            List<Event> events = new ArrayList<>();
            for (long id = from; id <= last && events.size() < max; id++) {
                events.add(ring[(int) (id % CAPACITY)]);
            }
            return new Batch(List.copyOf(events), missed, closed);
        } finally {
            lock.unlock();
        }
    }

    /** Ends every wait: the streams close. */
    @Deactivate
    void close() {
        lock.lock();
        try {
            closed = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
