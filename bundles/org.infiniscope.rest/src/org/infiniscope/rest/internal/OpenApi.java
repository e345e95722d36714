package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.0 document of the API, written from the operations served ({@link RouteTable}): it lists exactly
 * those, each with its parameters, its body's schema, the role it needs ({@code x-required-role}) and its answers.
 */
final class OpenApi {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private OpenApi() {
    }

    static ObjectNode document(List<Route> routes, String version) {
        ObjectNode doc = F.objectNode();
        doc.put("openapi", "3.0.3");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Infiniscope REST API");
        info.put("version", version);
        info.put("description", "The headless runtime's fabric, counters, events, SM, QPs and firmware. Every "
                + "operation needs a bearer token (infiniscope token add --role ROLE); roles: viewer reads, "
                + "operator also acts on ports, sweeps and counters, admin also sets the SM and flashes firmware.");
        doc.putArray("servers").addObject().put("url", "/api/v1");
        ObjectNode components = doc.putObject("components");
        components.putObject("securitySchemes").putObject("bearer").put("type", "http").put("scheme", "bearer");
        ObjectNode error = components.putObject("schemas").putObject("Error");
        error.put("type", "object");
        error.putArray("required").add("status").add("message");
        ObjectNode props = error.putObject("properties");
        props.putObject("status").put("type", "integer");
        props.putObject("error").put("type", "string");
        props.putObject("message").put("type", "string");
        doc.putArray("security").addObject().putArray("bearer");
        Map<String, ObjectNode> paths = new TreeMap<>();
        for (Route r : routes) {
            ObjectNode item = paths.computeIfAbsent(r.path(), p -> F.objectNode());
            item.set(r.method().toLowerCase(java.util.Locale.ROOT), operation(r));
        }
        ObjectNode pathsNode = doc.putObject("paths");
        paths.forEach(pathsNode::set);
        return doc;
    }

    private static ObjectNode operation(Route r) {
        ObjectNode op = F.objectNode();
        op.put("operationId", operationId(r));
        op.put("summary", r.summary());
        op.putArray("tags").add(r.tag());
        op.put("x-required-role", r.role().id());
        ArrayNode params = op.putArray("parameters");
        for (String name : r.pathParameters()) {
            ObjectNode p = params.addObject();
            p.put("name", name);
            p.put("in", "path");
            p.put("required", true);
            p.putObject("schema").put("type", "string");
        }
        new TreeMap<>(r.query()).forEach((name, description) -> {
            ObjectNode p = params.addObject();
            p.put("name", name);
            p.put("in", "query");
            p.put("required", false);
            p.put("description", description);
            p.putObject("schema").put("type", description.startsWith("integer") ? "integer" : "string");
        });
        if (r.body() != null) {
            ObjectNode body = op.putObject("requestBody");
            body.put("required", r.body().has("required"));
            body.putObject("content").putObject(Route.JSON).set("schema", r.body());
        }
        ObjectNode responses = op.putObject("responses");
        ObjectNode ok = responses.putObject(String.valueOf(r.status()));
        ok.put("description", "success");
        ObjectNode media = ok.putObject("content").putObject(r.produces());
        media.putObject("schema").put("type", r.produces().equals(Route.JSON) ? "object" : "string");
        for (int status : new int[]{400, 401, 403, 404}) {
            ObjectNode e = responses.putObject(String.valueOf(status));
            e.put("description", Answers.reason(status));
            e.putObject("content").putObject(Route.JSON).putObject("schema").put("$ref", "#/components/schemas/Error");
        }
        return op;
    }

    private static String operationId(Route r) {
        StringBuilder id = new StringBuilder(r.method().toLowerCase(java.util.Locale.ROOT));
        for (String s : r.segments()) {
            String word = s.replaceAll("[{}]", "");
            if (word.isEmpty()) {
                continue;
            }
            String[] parts = word.split("-");
            for (String part : parts) {
                id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
            if (s.startsWith("{")) {
                id.insert(id.length() - word.length(), "By");
            }
        }
        return id.toString();
    }
}
