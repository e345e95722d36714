package org.infiniscope.verbs.internal.sim;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** A completion channel: the CQs that fired, in order. */
final class SimChannel implements CompletionChannel {

    final SimContext context;
    final LinkedBlockingQueue<SimCq> events = new LinkedBlockingQueue<>();
    int users;
    boolean closed;

    SimChannel(SimContext context) {
        this.context = context;
    }

    @Override
    public Optional<CompletionQueue> getCqEvent(Duration timeout) throws InterruptedException {
        SimCq cq = events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (cq != null) {
            synchronized (context.wire) {
                cq.eventsTaken++;
            }
        }
        return Optional.ofNullable(cq);
    }

    @Override
    public void close() throws VerbsException {
        synchronized (context.wire) {
            if (users > 0) {
                throw new VerbsException(Errno.EBUSY, users + " CQs still use the completion channel");
            }
            destroy();
        }
    }

    void destroy() {
        closed = true;
        context.channels.remove(this);
    }
}
