package org.infiniscope.ui.remote;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The HTTP side of a {@link RemoteFabric}: requests to the runtime's REST API with the bearer token, their JSON
 * answers (a refusal becomes a {@link RemoteFabricException} with the server's status and message), paged lists read
 * page by page, and the opening of the event stream. The token is kept here only, sent in the {@code Authorization}
 * header, and never logged or put in a message.
 */
final class RestClient {

    private static final int PAGE = 1000;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final URI base;
    private final String token;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param base the runtime's address, as {@link #checked(URI)} answers it
     * @param token a bearer token, stripped
     * @param http the HTTP client that sends the requests
     */
    RestClient(URI base, String token, HttpClient http) {
        this.base = base;
        this.token = token;
        this.http = http;
    }

    /**
     * @return the runtime's address reduced to its scheme and authority
     * @throws IllegalArgumentException when it is not an http or https address with a host and without a user
     */
    static URI checked(URI base) {
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
        return URI.create(scheme.toLowerCase(Locale.ROOT) + "://" + base.getRawAuthority());
    }

    /** @return the runtime's address */
    URI base() {
        return base;
    }

    /** @return a path checked to be one of the API's */
    static String apiPath(String path) {
        if (path == null || !path.startsWith("/api/")) {
            throw new IllegalArgumentException("not a path of the API: " + path);
        }
        return path;
    }

    /** @return the JSON a GET of this path answers */
    JsonNode getJson(String path) throws RemoteFabricException {
        return call("GET", path, null);
    }

    /**
     * Sends one request and reads its JSON answer.
     *
     * @param body the request's JSON, or null for none
     * @return the answer
     * @throws RemoteFabricException with the server's status and message when it answers other than 2xx, with status
     *         0 when it cannot be reached
     */
    JsonNode call(String method, String path, String body) throws RemoteFabricException {
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
    List<JsonNode> pages(String path) throws RemoteFabricException {
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

    /**
     * Opens the event stream ({@code /api/v1/events/stream}), its lines as they come.
     *
     * @param resumeAfter the last event's ID, sent in {@code Last-Event-ID} so the server sends what came after it, or
     *        0 for none
     * @return the answer, whatever its status (the caller closes its body)
     */
    HttpResponse<Stream<String>> openEvents(long resumeAfter) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/api/v1/events/stream"))
                .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream").GET();
        if (resumeAfter > 0) {
            request.header("Last-Event-ID", Long.toString(resumeAfter));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
    }

    /** @return the JSON of a text, or null when the text is empty */
    JsonNode parse(String text) throws IOException {
        return json.readTree(text);
    }

    /** @return a new JSON object, to build a request's body */
    ObjectNode object() {
        return json.createObjectNode();
    }
}
