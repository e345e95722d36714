package org.infiniscope.rest.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The events: a page of them after an ID, and a live stream of server-sent events. A stream resumes after the
 * {@code Last-Event-ID} a reconnecting client sends (or {@code after}), so a client that reconnects loses nothing the
 * ring still holds; when the ring has moved past, an {@code overflow} event says how many were missed.
 */
@Component(service = Endpoints.class)
public final class EventEndpoints implements Endpoints {

    private static final Logger LOG = LoggerFactory.getLogger(EventEndpoints.class);
    private static final String TAG = "events";
    private static final long KEEPALIVE_MILLIS = 15_000;
    private static final Map<String, String> QUERY = Map.of("after",
            "integer: the last event ID the client has (default: for the list 0, for the stream the newest now)",
            "limit", "integer: for the list, how many events, 1..1000 (default 100)", "types",
            "comma-separated event types to keep: connection, fabric, sm, perf, counters, action");

    private final EventHub hub;

    @Activate
    public EventEndpoints(@Reference EventHub hub) {
        this.hub = hub;
    }

    @Override
    public List<Route> routes() {
        return List.of(
                Route.get("/events", Role.VIEWER, TAG, "The events after an ID, oldest first", QUERY, this::list),
                Route.get("/events/stream", Role.VIEWER, TAG,
                        "Server-sent events: id, event (the type) and data (JSON) of each event as it happens", QUERY,
                        this::stream).producing("text/event-stream"));
    }

    private static Set<String> types(ApiRequest r) {
        String text = r.query("types");
        return text == null || text.isBlank() ? null : Set.of(text.split(","));
    }

    private JsonNode list(ApiRequest r) throws ApiException {
        long after = r.longQuery("after", 0, 0);
        int limit = r.intQuery("limit", 100, 1, 1000);
        Set<String> types = types(r);
        EventHub.Batch batch;
        try {
            batch = hub.after(after, types == null ? limit : EventHub.CAPACITY, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted");
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("missed", batch.missed());
        ArrayNode items = json.putArray("events");
        long last = after;
        for (EventHub.Event e : batch.events()) {
            last = e.id();
            if (types != null && !types.contains(e.type())) {
                continue;
            }
            ObjectNode o = items.addObject();
            o.put("id", e.id());
            o.put("type", e.type());
            o.put("time", e.time().toString());
            try {
                o.set("data", r.json().readTree(e.json()));
            } catch (IOException ex) {
                throw new IllegalStateException("an event holds JSON the hub wrote", ex);
            }
            if (items.size() >= limit) {
                break;
            }
        }
        json.put("last", last);
        return json;
    }

    private Object stream(ApiRequest r) throws ApiException {
        HttpServletRequest request = r.servletRequest();
        String header = request.getHeader("Last-Event-ID");
        long after;
        if (header != null && !header.isBlank()) {
            try {
                after = Long.parseLong(header.strip());
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("Last-Event-ID '" + header + "' is not an event ID");
            }
        } else {
            after = r.longQuery("after", hub.lastId(), 0);
        }
        Set<String> types = types(r);
        HttpServletResponse response = r.servletResponse();
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Accel-Buffering", "no");
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        long start = after;
        Thread.ofVirtual().name("infiniscope-rest-sse").start(() -> pump(async, start, types));
        return ApiRequest.STREAMING;
    }

    private void pump(AsyncContext async, long after, Set<String> types) {
        long cursor = after;
        try {
            OutputStream out = async.getResponse().getOutputStream();
            write(out, ": connected\nretry: 2000\n\n");
            while (true) {
                EventHub.Batch batch = hub.after(cursor, 1000, KEEPALIVE_MILLIS);
                if (batch.closed()) {
                    break;
                }
                StringBuilder text = new StringBuilder();
                if (batch.missed() > 0) {
                    text.append("event: overflow\ndata: {\"missed\":").append(batch.missed()).append("}\n\n");
                }
                for (EventHub.Event e : batch.events()) {
                    cursor = e.id();
                    if (types == null || types.contains(e.type())) {
                        text.append("id: ").append(e.id()).append("\nevent: ").append(e.type()).append("\ndata: ")
                                .append(e.json()).append("\n\n");
                    }
                }
                write(out, text.isEmpty() ? ": keepalive\n\n" : text.toString());
            }
        } catch (IOException e) {
            LOG.debug("an event stream ended: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.debug("an event stream ended", e);
        } finally {
            try {
                async.complete();
            } catch (RuntimeException e) {
                LOG.debug("completing an event stream failed", e);
            }
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
