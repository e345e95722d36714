package org.infiniscope.ui.remote;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.ECollections;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.util.FabricXmi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
 * message. The token is kept in this object only, sent in the {@code Authorization} header, and never logged or put
 * in a message.
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
    private static final int PAGE = 1000;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STREAM_OPEN = Duration.ofSeconds(30);
    private static final long RETRY_FIRST_MS = 500;
    private static final long RETRY_MAX_MS = 15_000;

    private final URI base;
    private final String token;
    private final FabricModelService model;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService loader;
    private final AtomicBoolean reloadQueued = new AtomicBoolean();
    private final Object loading = new Object();
    private final CountDownLatch closing = new CountDownLatch(1);
    private volatile CountDownLatch streamOpen = new CountDownLatch(1);
    private volatile State state = State.CONNECTING;
    private volatile long lastEventId;
    private volatile long streams;
    private volatile Stream<String> currentStream;
    private Thread streamThread;

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
        this.base = checked(base);
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("a token is needed");
        }
        this.token = token.strip();
        this.model = Objects.requireNonNull(model, "model");
        this.http = Objects.requireNonNull(http, "http");
        this.loader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "remote-fabric-load " + this.base.getAuthority());
            t.setDaemon(true);
            return t;
        });
    }

    private static URI checked(URI base) {
        Objects.requireNonNull(base, "base");
        String scheme = base.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
            throw new IllegalArgumentException("not an http or https address: " + base);
        }
        if (base.getRawUserInfo() != null) {
            throw new IllegalArgumentException("the address must not hold a user or password; give a token");
        }
        if (base.getHost() == null) {
            throw new IllegalArgumentException("no host in " + base);
        }
        return URI.create(scheme.toLowerCase(java.util.Locale.ROOT) + "://" + base.getRawAuthority());
    }

    /** @return the runtime's address */
    public URI base() {
        return base;
    }

    /** @return the state now */
    public State state() {
        return state;
    }

    /** @return the ID of the last event received, 0 before any */
    public long lastEventId() {
        return lastEventId;
    }

    /** @return how many times the event stream was opened (reconnections add one each) */
    public long streamsOpened() {
        return streams;
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
            if (streamThread != null) {
                throw new IllegalStateException("already connected");
            }
            setState(State.CONNECTING, null);
            try {
                getJson("/api/v1/fabric"); // the token and the address, before anything runs in the background
            } catch (RemoteFabricException e) {
                setState(State.FAILED, e.getMessage());
                throw e;
            }
            streamThread = new Thread(this::follow, "remote-fabric-events " + base.getAuthority());
            streamThread.setDaemon(true);
            streamThread.start();
        }
        try {
            if (!streamOpen.await(STREAM_OPEN.toSeconds(), TimeUnit.SECONDS) && state != State.FAILED) {
                LOG.warn("the event stream of {} did not open within {}; reading the fabric anyway", base, STREAM_OPEN);
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
        // one read at a time, each applied before the next starts: an older read never overwrites a newer one
        synchronized (loading) {
            return loadNow();
        }
    }

    private FabricDelta loadNow() throws RemoteFabricException {
        long start = System.nanoTime();
        JsonNode summary = getJson("/api/v1/fabric");
        List<JsonNode> nodes = pages("/api/v1/nodes");
        List<JsonNode> ports = pages("/api/v1/ports");
        List<JsonNode> links = pages("/api/v1/links");
        read = new Read(summary, byId(nodes), byId(ports), links);
        return apply(start, summary, nodes, ports, links);
    }

    /** What the last whole read found, by ID, so that a change to a few nodes and ports is read alone (under loading). */
    private record Read(JsonNode summary, Map<String, JsonNode> nodes, Map<String, JsonNode> ports,
            List<JsonNode> links) {
    }

    private Read read; // under loading

    private static Map<String, JsonNode> byId(List<JsonNode> items) {
        Map<String, JsonNode> map = new java.util.LinkedHashMap<>();
        items.forEach(i -> map.put(i.path("id").asText(), i));
        return map;
    }

    /**
     * Applies a {@code fabric} event that names every change it counts, all of them changes to nodes and ports (no
     * element added or removed, no link changed): reads those nodes and ports alone, and the summary, and applies them
     * with the rest of the last read; anything else reads the whole fabric again.
     *
     * @return whether the event was applied so
     */
    private boolean patch(JsonNode event) throws RemoteFabricException {
        synchronized (loading) {
            JsonNode changes = event.path("changes");
            if (read == null || event.path("added").asInt(-1) != 0 || event.path("removed").asInt(-1) != 0
                    || !changes.isArray() || changes.size() != event.path("changed").asInt(-1)) {
                return false;
            }
            List<String> nodeIds = new ArrayList<>();
            List<String> portIds = new ArrayList<>();
            for (JsonNode c : changes) {
                if (c.hasNonNull("node") && read.nodes().containsKey(c.get("node").asText())) {
                    nodeIds.add(c.get("node").asText());
                } else if (c.hasNonNull("port") && read.ports().containsKey(c.get("port").asText())) {
                    portIds.add(c.get("port").asText());
                } else {
                    return false; // a link, or something this read does not have
                }
            }
            long start = System.nanoTime();
            JsonNode summary = getJson("/api/v1/fabric");
            Map<String, JsonNode> nodes = new java.util.LinkedHashMap<>(read.nodes());
            Map<String, JsonNode> ports = new java.util.LinkedHashMap<>(read.ports());
            try {
                for (String id : nodeIds) {
                    nodes.put(id, getJson("/api/v1/nodes/" + id));
                }
                for (String id : portIds) {
                    int slash = id.indexOf('/');
                    ports.put(id,
                            getJson("/api/v1/nodes/" + id.substring(0, slash) + "/ports/" + id.substring(slash + 1)));
                }
            } catch (RemoteFabricException e) {
                if (e.status() == 404) {
                    return false; // gone meanwhile: a later event says so, a whole read has it now
                }
                throw e;
            }
            read = new Read(summary, nodes, ports, read.links());
            apply(start, summary, List.copyOf(nodes.values()), List.copyOf(ports.values()), read.links());
            patches++;
            return true;
        }
    }

    private volatile long patches;

    /** @return how many {@code fabric} events were applied by reading only what they named */
    public long patchesApplied() {
        return patches;
    }

    private FabricDelta apply(long start, JsonNode summary, List<JsonNode> nodes, List<JsonNode> ports,
            List<JsonNode> links) throws RemoteFabricException {
        Fabric fabric = toFabric(summary, nodes, ports, links);
        ByteArrayOutputStream xmi = new ByteArrayOutputStream();
        try {
            FabricXmi.save(fabric, xmi);
            FabricDelta delta = model.load(new ByteArrayInputStream(xmi.toByteArray()));
            LOG.debug("read {} nodes, {} ports, {} links from {} in {} ms: {} changes", nodes.size(), ports.size(),
                    links.size(), base, (System.nanoTime() - start) / 1_000_000, delta.changes().size());
            for (Listener l : listeners) {
                l.loaded(delta);
            }
            return delta;
        } catch (IOException e) {
            throw new RemoteFabricException(0, "the fabric read from " + base + " could not be applied: " + e, e);
        }
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
        String body = json.createObjectNode().put("action", action).put("force", force).toString();
        return call("POST", "/api/v1/nodes/" + guid(nodeGuid) + "/ports/" + port + "/actions", body).toString();
    }

    /**
     * Asks the runtime to sweep its fabric again; the change comes back as a {@code fabric} event.
     *
     * @return the server's answer, JSON
     * @throws RemoteFabricException when it refuses (a viewer's token) or cannot be reached
     */
    public String resweep() throws RemoteFabricException {
        return call("POST", "/api/v1/fabric/resweep", null).toString();
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
        return call("GET", apiPath(path), null);
    }

    /**
     * Reads every item of one of the API's paged lists, page by page.
     *
     * @param path the list's path from the server's root, without a query
     * @return its items, in the server's order
     * @throws RemoteFabricException when a request fails
     */
    public List<JsonNode> getAll(String path) throws RemoteFabricException {
        return pages(apiPath(path));
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
        return call("POST", apiPath(path), body);
    }

    private static String apiPath(String path) {
        if (path == null || !path.startsWith("/api/")) {
            throw new IllegalArgumentException("not a path of the API: " + path);
        }
        return path;
    }

    /**
     * Closes the event stream as a network failure would: it is opened again after a pause with the last event's ID
     * in {@code Last-Event-ID}, so the events of the gap still come (diagnostics, and tests of the resumption).
     */
    public void dropStream() {
        Stream<String> stream = currentStream;
        if (stream != null) {
            stream.close();
        }
    }

    /** @return a node GUID as the API writes it */
    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    @Override
    public void close() {
        Thread thread;
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            thread = streamThread;
            setState(State.CLOSED, null);
        }
        closing.countDown();
        Stream<String> stream = currentStream;
        if (stream != null) {
            stream.close();
        }
        if (thread != null) {
            thread.interrupt();
        }
        loader.shutdownNow();
    }

    // --- the event stream

    private void follow() {
        long pause = RETRY_FIRST_MS;
        while (state != State.CLOSED) {
            boolean opened = false;
            try {
                HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/api/v1/events/stream"))
                        .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream").GET();
                long resumeAfter = lastEventId;
                if (resumeAfter > 0) {
                    request.header("Last-Event-ID", Long.toString(resumeAfter));
                }
                HttpResponse<Stream<String>> response = http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
                if (response.statusCode() != 200) {
                    response.body().close();
                    if (response.statusCode() == 401 || response.statusCode() == 403) {
                        setState(State.FAILED, "the event stream was refused: " + response.statusCode());
                        streamOpen.countDown();
                        return;
                    }
                    throw new IOException("the event stream answered " + response.statusCode());
                }
                opened = true;
                streams++;
                pause = RETRY_FIRST_MS;
                if (resumeAfter > 0) {
                    LOG.info("event stream of {} open again after event {}", base, resumeAfter);
                    if (state == State.RECONNECTING) {
                        setState(State.LIVE, null);
                    }
                    requestReload(); // what a restarted runtime holds cannot be told by event IDs
                }
                read(response.body());
            } catch (IOException | UncheckedIOException e) {
                if (state != State.CLOSED) {
                    LOG.info("event stream of {} dropped: {}", base, e.getMessage());
                }
            } catch (InterruptedException e) {
                if (state != State.CLOSED) {
                    LOG.info("event stream of {} interrupted", base);
                }
                return;
            }
            if (state == State.CLOSED) {
                return;
            }
            setState(State.RECONNECTING, opened ? "the event stream dropped" : "the event stream cannot be opened");
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
            if (state == State.CLOSED) {
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
        RemoteEvent event = new RemoteEvent(number, type, data);
        for (Listener l : listeners) {
            try {
                l.event(event);
            } catch (RuntimeException e) {
                LOG.warn("remote fabric listener {} failed", l, e);
            }
        }
        switch (type) {
            // the runtime changes its model only by a sweep or a saved model read, and each is a fabric event
            case "fabric" -> requestPatch(data);
            case "overflow" -> requestReload();
            default -> {
                // connection (its phases; what it changed comes as a fabric event), sm, perf, action
            }
        }
    }

    /**
     * Applies a {@code fabric} event on the loader thread, in the order of the events: by reading what it names when it
     * can ({@link #patch}), else by reading the whole fabric again (coalesced).
     */
    private void requestPatch(String data) {
        if (state == State.CLOSED) {
            return;
        }
        JsonNode event;
        try {
            event = json.readTree(data);
        } catch (IOException e) {
            requestReload();
            return;
        }
        try {
            loader.execute(() -> {
                if (reloadQueued.get()) {
                    return; // a whole read is coming: it has this change too
                }
                try {
                    if (!patch(event)) {
                        requestReload();
                    }
                } catch (RemoteFabricException e) {
                    if (state != State.CLOSED) {
                        LOG.info("reading what changed in {} failed ({}): reading it all", base, e.getMessage());
                        requestReload();
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    /** Reads the fabric again on the loader thread; one read more at most while one is under way. */
    private void requestReload() {
        if (state == State.CLOSED || !reloadQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            loader.execute(() -> {
                reloadQueued.set(false);
                try {
                    load();
                } catch (RemoteFabricException e) {
                    if (state != State.CLOSED) {
                        LOG.warn("reading the fabric of {} again failed: {}", base, e.getMessage());
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            reloadQueued.set(false); // closed meanwhile
        }
    }

    private void setState(State next, String message) {
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

    // --- requests

    private JsonNode getJson(String path) throws RemoteFabricException {
        return call("GET", path, null);
    }

    private JsonNode call(String method, String path, String body) throws RemoteFabricException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + token).header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new RemoteFabricException(0, method + " " + base.resolve(path) + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteFabricException(0, method + " " + path + " interrupted", e);
        }
        JsonNode answer;
        try {
            answer = json.readTree(r.body());
        } catch (IOException e) {
            throw new RemoteFabricException(r.statusCode(),
                    method + " " + path + " answered " + r.statusCode() + ", not JSON", e);
        }
        if (r.statusCode() / 100 != 2) {
            String message = answer != null && answer.hasNonNull("message")
                    ? answer.get("message").asText()
                    : "HTTP " + r.statusCode();
            throw new RemoteFabricException(r.statusCode(), message, null);
        }
        return answer;
    }

    /** @return every item of a paged list */
    private List<JsonNode> pages(String path) throws RemoteFabricException {
        List<JsonNode> items = new ArrayList<>();
        while (true) {
            JsonNode page = getJson(path + "?offset=" + items.size() + "&limit=" + PAGE);
            JsonNode got = page.path("items");
            got.forEach(items::add);
            long total = page.path("total").asLong();
            if (got.isEmpty() || items.size() >= total) {
                return items;
            }
        }
    }

    // --- JSON to the model

    /** @return a fabric, detached, made of what the API answered (package-private for tests) */
    static Fabric toFabric(JsonNode summary, List<JsonNode> nodes, List<JsonNode> ports, List<JsonNode> links) {
        FabricFactory factory = FabricFactory.eINSTANCE;
        Fabric fabric = factory.createFabric();
        fill(fabric, summary);
        Map<String, Node> nodesById = new HashMap<>();
        for (JsonNode n : nodes) {
            Node node = factory.createNode();
            fill(node, n);
            nodesById.put(n.path("id").asText(), node);
            fabric.getNodes().add(node);
        }
        Map<String, Port> portsById = new HashMap<>();
        for (JsonNode p : ports) {
            Node node = nodesById.get(p.path("node").asText());
            if (node == null) {
                continue; // a node added between the pages: the next read has it
            }
            Port port = factory.createPort();
            fill(port, p);
            node.getPorts().add(port);
            portsById.put(p.path("id").asText(), port);
        }
        for (Node node : fabric.getNodes()) {
            ECollections.sort(node.getPorts(), Comparator.comparingInt(Port::getNumber));
        }
        for (JsonNode l : links) {
            Port a = portsById.get(l.path("endA").path("port").asText());
            Port b = portsById.get(l.path("endB").path("port").asText());
            if (a == null || b == null) {
                continue;
            }
            Link link = factory.createLink();
            fill(link, l);
            link.setEndA(a);
            link.setEndB(b);
            fabric.getLinks().add(link);
            a.setLink(link);
            b.setLink(link);
        }
        return fabric;
    }

    /** Sets every changeable attribute the JSON has under the attribute's name. */
    private static void fill(EObject object, JsonNode json) {
        for (EAttribute a : object.eClass().getEAllAttributes()) {
            JsonNode v = json.get(a.getName());
            if (v == null || v.isNull() || !a.isChangeable() || a.isDerived() || a.isMany()) {
                continue;
            }
            object.eSet(a, value(a.getEAttributeType(), v));
        }
    }

    private static Object value(EDataType type, JsonNode v) {
        Class<?> c = type.getInstanceClass();
        if (c == long.class || c == Long.class) {
            String text = v.asText();
            return text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : v.asLong();
        }
        if (c == int.class || c == Integer.class) {
            return v.asInt();
        }
        if (c == boolean.class || c == Boolean.class) {
            return v.asBoolean();
        }
        if (c == Date.class) {
            return Date.from(Instant.parse(v.asText()));
        }
        return EcoreUtil.createFromString(type, v.asText());
    }
}
