package org.infiniscope.ui.remote;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A headless runtime's fabric, read over its REST API ({@code /api/v1}) into a local {@link FabricModelService}, so
 * that whatever reads that model (the GUI's views) shows the remote fabric as it shows a local one.
 * <p>
 * {@link #connect()} follows the runtime's event stream ({@code /api/v1/events/stream}) and then reads the fabric:
 * its summary, every node, port and link page by page. The JSON mirrors the EMF model, so each object is filled by
 * reflection over its attributes (a new attribute of the model comes along without a change here), and the fabric
 * read is applied to the model as a saved fabric is, by identity: objects that stay keep their identity and the
 * model's listeners and adapters see what changed. A {@code fabric} event (what a sweep changed) that names every
 * change it counts, all of them to nodes and ports already read, reads those nodes and ports alone and applies them
 * with the rest of the last read; any other {@code fabric} event, or an {@code overflow}, reads the fabric again;
 * requests for that while a read is under way are coalesced into one more read. When the stream drops it is opened again after a pause, with the last
 * event's ID in {@code Last-Event-ID}, so the runtime sends what was missed; the fabric is read again then too.
 * <p>
 * Port actions go to the runtime, which checks the token's role: a viewer's action fails with the server's 403
 * message. The token is kept in this object only (its {@code RestClient}), sent in the {@code Authorization} header,
 * and never logged or put in a message.
 * <p>
 * The work is shared out: {@code RestClient} makes the requests, {@code EventStream} follows the events,
 * {@code FabricLoader} reads the fabric into the model, which {@code FabricJson} makes of the JSON.
 */
public final class RemoteFabric implements AutoCloseable {

    /** What the connection to the runtime does. */
    public enum State {
        /** Opening the event stream and reading the fabric. */
        CONNECTING,
        /** The fabric is read and the event stream open. */
        LIVE,
        /** The event stream dropped; it is opened again after a pause. */
        RECONNECTING,
        /** The server refused the token (401 or 403) or cannot be reached at first: nothing is retried. */
        FAILED,
        /** Closed by {@link #close()}. */
        CLOSED
    }

    /**
     * One server-sent event.
     *
     * @param id its ID (from 1, without gaps on the server)
     * @param type its type: {@code connection}, {@code fabric}, {@code sm}, {@code perf}, {@code action},
     *        {@code overflow}
     * @param data its data, JSON
     */
    public record RemoteEvent(long id, String type, String data) {
    }

    /** Told of the connection's states and of every event; called on the client's threads. */
    public interface Listener {

        /** The state changed; the message says why (a failure), or is null. */
        default void stateChanged(State state, String message) {
        }

        /** An event came in the stream. */
        default void event(RemoteEvent event) {
        }

        /** The fabric was read again and applied to the model. */
        default void loaded(FabricDelta delta) {
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(RemoteFabric.class);
    private static final Duration STREAM_OPEN = Duration.ofSeconds(30);

    private final RestClient rest;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final FabricLoader loader;
    private final EventStream stream;
    private volatile State state = State.CONNECTING;

    /**
     * @param base the runtime's address, {@code http://host:port} or {@code https://host:port} (no path, no user)
     * @param token a bearer token ({@code isc_ID_SECRET}) of role viewer or higher
     * @param model the model the fabric is read into
     */
    public RemoteFabric(URI base, String token, FabricModelService model) {
        this(base, token, model, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build());
    }

    /** The same, with an HTTP client of the caller's (TLS settings, HTTP version). */
    public RemoteFabric(URI base, String token, FabricModelService model, HttpClient http) {
        URI checked = RestClient.checked(base);
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("a token is needed");
        }
        Objects.requireNonNull(model, "model");
        this.rest = new RestClient(checked, token.strip(), Objects.requireNonNull(http, "http"));
        this.loader = new FabricLoader(this, rest, model);
        this.stream = new EventStream(this, rest);
    }

    /** @return the runtime's address */
    public URI base() {
        return rest.base();
    }

    /** @return the state now */
    public State state() {
        return state;
    }

    /** @return the ID of the last event received, 0 before any */
    public long lastEventId() {
        return stream.lastEventId();
    }

    /** @return how many times the event stream was opened (reconnections add one each) */
    public long streamsOpened() {
        return stream.opened();
    }

    /** Adds a listener. */
    public void addListener(Listener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /** Removes a listener. */
    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    /**
     * Checks the token, opens the event stream and reads the fabric into the model; the stream then keeps the model
     * live until {@link #close()}.
     *
     * @return what the first read changed in the model
     * @throws RemoteFabricException when the server refuses the token or cannot be reached; nothing stays open then
     */
    public FabricDelta connect() throws RemoteFabricException {
        synchronized (this) {
            if (stream.started()) {
                throw new IllegalStateException("already connected");
            }
            setState(State.CONNECTING, null);
            try {
                rest.getJson("/api/v1/fabric"); // the token and the address, before anything runs in the background
            } catch (RemoteFabricException e) {
                setState(State.FAILED, e.getMessage());
                throw e;
            }
            stream.start();
        }
        try {
            if (!stream.awaitOpen(STREAM_OPEN.toSeconds(), TimeUnit.SECONDS) && state != State.FAILED) {
                LOG.warn("the event stream of {} did not open within {}; reading the fabric anyway", base(),
                        STREAM_OPEN);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new RemoteFabricException(0, "interrupted", e);
        }
        if (state == State.FAILED) {
            String why = "the event stream was refused";
            close();
            throw new RemoteFabricException(0, why, null);
        }
        try {
            FabricDelta delta = load();
            if (state == State.CONNECTING) {
                setState(State.LIVE, null);
            }
            return delta;
        } catch (RemoteFabricException e) {
            close();
            throw e;
        }
    }

    /**
     * Reads the whole fabric (summary, nodes, ports, links, page by page) and applies it to the model.
     *
     * @return what changed in the model
     * @throws RemoteFabricException when a request fails
     */
    public FabricDelta load() throws RemoteFabricException {
        return loader.load();
    }

    /** @return how many {@code fabric} events were applied by reading only what they named */
    public long patchesApplied() {
        return loader.patches();
    }

    /**
     * Asks the runtime for a port action; the server checks the token's role.
     *
     * @param nodeGuid the port's node
     * @param port the port's number
     * @param action {@code enable}, {@code disable}, {@code reset} or {@code clear-counters}
     * @param force whether to act on a port on the SM's own path
     * @return the server's answer, JSON (the tool's status and output)
     * @throws RemoteFabricException with the server's status and message when it refuses (403 for a viewer's token,
     *         409 when the fabric refuses) or cannot be reached
     */
    public String portAction(long nodeGuid, int port, String action, boolean force) throws RemoteFabricException {
        String body = rest.object().put("action", action).put("force", force).toString();
        return rest.call("POST", "/api/v1/nodes/" + guid(nodeGuid) + "/ports/" + port + "/actions", body).toString();
    }

    /**
     * Asks the runtime to sweep its fabric again; the change comes back as a {@code fabric} event.
     *
     * @return the server's answer, JSON
     * @throws RemoteFabricException when it refuses (a viewer's token) or cannot be reached
     */
    public String resweep() throws RemoteFabricException {
        return rest.call("POST", "/api/v1/fabric/resweep", null).toString();
    }

    /**
     * Reads one resource of the runtime's API (for the views that show more than the fabric: counters, SM, firmware,
     * QPs); the server checks the token's role.
     *
     * @param path the path from the server's root, {@code /api/v1/...}, with its query
     * @return the answer, JSON
     * @throws RemoteFabricException with the server's status and message when it refuses or cannot be reached
     */
    public JsonNode get(String path) throws RemoteFabricException {
        return rest.call("GET", RestClient.apiPath(path), null);
    }

    /**
     * Reads every item of one of the API's paged lists, page by page.
     *
     * @param path the list's path from the server's root, without a query
     * @return its items, in the server's order
     * @throws RemoteFabricException when a request fails
     */
    public List<JsonNode> getAll(String path) throws RemoteFabricException {
        return rest.pages(RestClient.apiPath(path));
    }

    /**
     * Asks the runtime for an action (a POST); the server checks the token's role.
     *
     * @param path the path from the server's root, {@code /api/v1/...}
     * @param body the request's JSON, or null for none
     * @return the answer, JSON
     * @throws RemoteFabricException with the server's status and message when it refuses (403 when the token's role
     *         lacks the action) or cannot be reached
     */
    public JsonNode post(String path, String body) throws RemoteFabricException {
        return rest.call("POST", RestClient.apiPath(path), body);
    }

    /**
     * Closes the event stream as a network failure would: it is opened again after a pause with the last event's ID
     * in {@code Last-Event-ID}, so the events of the gap still come (diagnostics, and tests of the resumption).
     */
    public void dropStream() {
        stream.drop();
    }

    /** @return a node GUID as the API writes it */
    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            setState(State.CLOSED, null);
        }
        stream.close();
        loader.close();
    }

    // ---- called by the event stream and the loader, on their threads

    /** Sets the state and tells the listeners, unless closed or unchanged without a message. */
    void setState(State next, String message) {
        synchronized (this) {
            if (state == State.CLOSED || state == next && message == null) {
                return;
            }
            state = next;
        }
        for (Listener l : listeners) {
            try {
                l.stateChanged(next, message);
            } catch (RuntimeException e) {
                LOG.warn("remote fabric listener {} failed", l, e);
            }
        }
    }

    /** An event came in the stream: the listeners are told, then the model follows it. */
    void received(RemoteEvent event) {
        for (Listener l : listeners) {
            try {
                l.event(event);
            } catch (RuntimeException e) {
                LOG.warn("remote fabric listener {} failed", l, e);
            }
        }
        loader.follow(event);
    }

    /** The event stream opened again after a gap: what a restarted runtime holds cannot be told by event IDs. */
    void resumed() {
        loader.requestReload();
    }

    /** A read was applied to the model. */
    void loaded(FabricDelta delta) {
        for (Listener l : listeners) {
            l.loaded(delta);
        }
    }
}
