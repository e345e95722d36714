package org.infiniscope.ui.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.infiniscope.ui.remote.RemoteFabric.RemoteEvent;
import org.infiniscope.ui.remote.RemoteFabric.State;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a {@link RemoteFabric}'s event stream ({@code /api/v1/events/stream}, {@code text/event-stream}) on a thread
 * of its own and hands each event to the remote fabric. When the stream drops it is opened again after a pause (from
 * {@value #RETRY_FIRST_MS} ms, doubled up to {@value #RETRY_MAX_MS} ms), with the last event's ID in
 * {@code Last-Event-ID} so the runtime sends what was missed; a refused token (401 or 403) ends it.
 */
final class EventStream {

    // the remote fabric's logger, so that logging configurations keep naming one class for the client
    private static final Logger LOG = LoggerFactory.getLogger(RemoteFabric.class);
    private static final long RETRY_FIRST_MS = 500;
    private static final long RETRY_MAX_MS = 15_000;

    private final RemoteFabric owner;
    private final RestClient rest;
    private final CountDownLatch closing = new CountDownLatch(1);
    private final CountDownLatch streamOpen = new CountDownLatch(1);
    private volatile long lastEventId;
    private volatile long streams;
    private volatile Stream<String> currentStream;
    private volatile Thread thread;

    /**
     * @param owner the remote fabric: its state, set as the stream opens and drops, and what is told of each event
     * @param rest the client that opens the stream
     */
    EventStream(RemoteFabric owner, RestClient rest) {
        this.owner = owner;
        this.rest = rest;
    }

    /** @return the ID of the last event received, 0 before any */
    long lastEventId() {
        return lastEventId;
    }

    /** @return how many times the stream was opened */
    long opened() {
        return streams;
    }

    /** @return whether {@link #start()} was called */
    boolean started() {
        return thread != null;
    }

    /** Starts following the stream on a thread of its own. */
    void start() {
        Thread t = new Thread(this::follow, "remote-fabric-events " + rest.base().getAuthority());
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /**
     * Waits for the stream to open (its first line), or to be refused.
     *
     * @return whether it did within the time given
     */
    boolean awaitOpen(long timeout, TimeUnit unit) throws InterruptedException {
        return streamOpen.await(timeout, unit);
    }

    /** Closes the stream open now, as a network failure would: it is opened again after a pause. */
    void drop() {
        Stream<String> stream = currentStream;
        if (stream != null) {
            stream.close();
        }
    }

    /** Ends the stream for good (the owner is closed already). */
    void close() {
        closing.countDown();
        drop();
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    private void follow() {
        long pause = RETRY_FIRST_MS;
        while (owner.state() != State.CLOSED) {
            boolean opened = false;
            try {
                long resumeAfter = lastEventId;
                HttpResponse<Stream<String>> response = rest.openEvents(resumeAfter);
                if (response.statusCode() != 200) {
                    response.body().close();
                    if (response.statusCode() == 401 || response.statusCode() == 403) {
                        owner.setState(State.FAILED, "the event stream was refused: " + response.statusCode());
                        streamOpen.countDown();
                        return;
                    }
                    throw new IOException("the event stream answered " + response.statusCode());
                }
                opened = true;
                streams++;
                pause = RETRY_FIRST_MS;
                if (resumeAfter > 0) {
                    LOG.info("event stream of {} open again after event {}", rest.base(), resumeAfter);
                    if (owner.state() == State.RECONNECTING) {
                        owner.setState(State.LIVE, null);
                    }
                    owner.resumed();
                }
                read(response.body());
            } catch (IOException | UncheckedIOException e) {
                if (owner.state() != State.CLOSED) {
                    LOG.info("event stream of {} dropped: {}", rest.base(), e.getMessage());
                }
            } catch (InterruptedException e) {
                if (owner.state() != State.CLOSED) {
                    LOG.info("event stream of {} interrupted", rest.base());
                }
                return;
            }
            if (owner.state() == State.CLOSED) {
                return;
            }
            owner.setState(State.RECONNECTING,
                    opened ? "the event stream dropped" : "the event stream cannot be opened");
            try {
                if (closing.await(pause, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            pause = Math.min(pause * 2, RETRY_MAX_MS);
        }
    }

    /** Reads events until the stream ends (text/event-stream: fields up to a blank line, comments start with ':'). */
    private void read(Stream<String> body) {
        currentStream = body;
        try (body) {
            if (owner.state() == State.CLOSED) {
                return;
            }
            Iterator<String> lines = body.iterator();
            String id = null;
            String type = "message";
            StringBuilder data = new StringBuilder();
            boolean first = true;
            while (lines.hasNext()) {
                String line = lines.next();
                if (first) {
                    first = false;
                    streamOpen.countDown(); // the server's first line (": connected")
                }
                if (line.isEmpty()) {
                    if (data.length() > 0 || id != null) {
                        dispatch(id, type, data.toString());
                    }
                    id = null;
                    type = "message";
                    data.setLength(0);
                    continue;
                }
                if (line.startsWith(":")) {
                    continue;
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1);
                if (value.startsWith(" ")) {
                    value = value.substring(1);
                }
                switch (field) {
                    case "id" -> id = value;
                    case "event" -> type = value;
                    case "data" -> {
                        if (data.length() > 0) {
                            data.append('\n');
                        }
                        data.append(value);
                    }
                    default -> {
                        // retry and unknown fields: nothing to do
                    }
                }
            }
        } finally {
            currentStream = null;
        }
    }

    /** Hands one event to the owner; its ID, when it is a number, is the one to resume after. */
    private void dispatch(String id, String type, String data) {
        long number = 0;
        if (id != null) {
            try {
                number = Long.parseLong(id.strip());
                lastEventId = number;
            } catch (NumberFormatException e) {
                LOG.debug("an event ID that is not a number: {}", id);
            }
        }
        owner.received(new RemoteEvent(number, type, data));
    }
}
