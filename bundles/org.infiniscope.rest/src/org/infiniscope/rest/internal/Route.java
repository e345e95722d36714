package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.infiniscope.rest.Role;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One operation of the API: what the router matches, what the access check needs and what the OpenAPI document says
 * of it. The document is written from these, so it lists exactly the operations served.
 *
 * @param method the HTTP method
 * @param path the path below {@code /api/v1}, with {@code {name}} segments
 * @param role the least role that may call it
 * @param tag the group it belongs to in the document
 * @param summary one line for the document
 * @param query its query parameters: name to description
 * @param body the JSON schema of its request body, or null when it takes none
 * @param status the status of its success
 * @param produces the media type of its success ({@code application/json}, {@code text/event-stream})
 * @param handler what it does
 */
record Route(String method, String path, Role role, String tag, String summary, Map<String, String> query,
        ObjectNode body, int status, String produces, Handler handler) {

    /** What an operation does. */
    @FunctionalInterface
    interface Handler {
        /**
         * @return the JSON to answer (a {@link com.fasterxml.jackson.databind.JsonNode} or what Jackson writes), or
         *         {@link ApiRequest#STREAMING} when the handler answers by itself
         */
        Object handle(ApiRequest request) throws ApiException;
    }

    static final String JSON = "application/json";

    Route {
        Objects.requireNonNull(handler, "handler");
        query = Map.copyOf(query);
    }

    /** @return a GET answering JSON */
    static Route get(String path, Role role, String tag, String summary, Map<String, String> query, Handler h) {
        return new Route("GET", path, role, tag, summary, query, null, 200, JSON, h);
    }

    /** @return a POST answering JSON */
    static Route post(String path, Role role, String tag, String summary, ObjectNode body, Handler h) {
        return new Route("POST", path, role, tag, summary, Map.of(), body, 200, JSON, h);
    }

    Route withStatus(int status) {
        return new Route(method, path, role, tag, summary, query, body, status, produces, handler);
    }

    Route withMethod(String method) {
        return new Route(method, path, role, tag, summary, query, body, status, produces, handler);
    }

    Route producing(String mediaType) {
        return new Route(method, path, role, tag, summary, query, body, status, mediaType, handler);
    }

    /** @return the path's segments */
    List<String> segments() {
        return List.of(path.substring(1).split("/"));
    }

    /** @return the names of its {@code {name}} segments, in order */
    List<String> pathParameters() {
        return segments().stream().filter(s -> s.startsWith("{")).map(s -> s.substring(1, s.length() - 1)).toList();
    }

    /** @return the path parameters when the path matches, else null */
    Map<String, String> match(List<String> actual) {
        List<String> template = segments();
        if (template.size() != actual.size()) {
            return null;
        }
        Map<String, String> params = new java.util.HashMap<>();
        for (int i = 0; i < template.size(); i++) {
            String t = template.get(i);
            if (t.startsWith("{")) {
                params.put(t.substring(1, t.length() - 1), actual.get(i));
            } else if (!t.equals(actual.get(i))) {
                return null;
            }
        }
        return params;
    }
}
