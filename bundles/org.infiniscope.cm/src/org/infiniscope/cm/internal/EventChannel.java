package org.infiniscope.cm.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;

/** An event channel: a queue the CM threads fill and the consumer drains. */
final class EventChannel implements CmEventChannel {

    private final BlockingQueue<CmEvent> events = new LinkedBlockingQueue<>();
    private final AtomicLong unacked = new AtomicLong();
    private volatile boolean closed;

    void post(CmEvent event) {
        if (!closed) {
            unacked.incrementAndGet();
            events.add(event);
        }
    }

    @Override
    public Optional<CmEvent> get(Duration timeout) throws InterruptedException {
        return Optional.ofNullable(events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS));
    }

    @Override
    public void ack(CmEvent event) {
        unacked.decrementAndGet();
    }

    /** @return events posted and not acknowledged yet */
    long unacked() {
        return unacked.get();
    }

    @Override
    public void close() {
        closed = true;
        events.clear();
    }
}
