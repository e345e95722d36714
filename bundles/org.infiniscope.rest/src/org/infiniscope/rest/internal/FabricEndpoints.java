package org.infiniscope.rest.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The fabric model: its summary, nodes, ports and links (paged), and a resweep. */
@Component(service = Endpoints.class)
public final class FabricEndpoints implements Endpoints {

    static final String TAG = "fabric";
    private static final long RESWEEP_SECONDS = 300;

    private final FabricModelService model;
    private final FabricConnection connection;

    /** The summary of one version of the model: counting every port of a large fabric per request is the cost. */
    private record Summary(long version, ObjectNode json) {
    }

    private final AtomicLong version = new AtomicLong();
    private final AtomicReference<Summary> summary = new AtomicReference<>(new Summary(-1, null));
    private final FabricModelListener changed = delta -> version.incrementAndGet();

    @Activate
    public FabricEndpoints(@Reference FabricModelService model, @Reference FabricConnection connection) {
        this.model = model;
        this.connection = connection;
        model.addListener(changed);
    }

    @Deactivate
    void deactivate() {
        model.removeListener(changed);
    }

    @Override
    public List<Route> routes() {
        return List.of(
                Route.get("/fabric", Role.VIEWER, TAG, "The fabric: its name, sweep, counts and connection state",
                        Map.of(), r -> summary()),
                Route.post("/fabric/resweep", Role.OPERATOR, TAG, "Sweeps the fabric again and answers what changed",
                        null, r -> resweep()),
                Route.get("/nodes", Role.VIEWER, TAG, "The nodes, paged; type=switch or ca filters",
                        withType(Paging.QUERY), this::nodes),
                Route.get("/nodes/{guid}", Role.VIEWER, TAG, "One node with its ports", Map.of(), r -> found(r,
                        model.read(f -> nodeOf(f.getNodes(), guid(r)) == null
                                ? null
                                : FabricJson.node(nodeOf(f.getNodes(), guid(r)), true)),
                        "node " + r.path("guid"))),
                Route.get("/ports", Role.VIEWER, TAG, "Every port of every node, paged", Paging.QUERY, this::ports),
                Route.get("/nodes/{guid}/ports/{port}", Role.VIEWER, TAG, "One port", Map.of(), this::port),
                Route.get("/links", Role.VIEWER, TAG, "The links, paged", Paging.QUERY, r -> {
                    Paging.window(r);
                    return model.read(f -> pageOrError(r, "/api/v1/links", f.getLinks(), FabricJson::link));
                }));
    }

    private static Map<String, String> withType(Map<String, String> query) {
        Map<String, String> all = new java.util.HashMap<>(query);
        all.put("type", "switch or ca: only nodes of that type");
        return all;
    }

    private JsonNode summary() {
        long now = version.get();
        Summary cached = summary.get();
        if (cached.version() != now) {
            // a summary computed while an update ran is stored under the version read before it: the next call,
            // seeing the listener's newer version, computes it again
            cached = new Summary(now, model.read(FabricJson::summary));
            summary.set(cached);
        }
        ObjectNode json = cached.json().deepCopy();
        json.set("connection", FabricJson.state(connection.state()));
        return json;
    }

    private JsonNode resweep() throws ApiException {
        try {
            FabricDelta delta = connection.resweep().get(RESWEEP_SECONDS, TimeUnit.SECONDS);
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("added", delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.ADDED).count());
            json.put("removed", delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.REMOVED).count());
            json.put("changed", delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.CHANGED).count());
            json.set("connection", FabricJson.state(connection.state()));
            return json;
        } catch (ExecutionException e) {
            throw ApiException
                    .conflict("the resweep failed: " + Secrets.scrub(String.valueOf(e.getCause().getMessage())));
        } catch (TimeoutException e) {
            throw new ApiException(504, "the resweep did not end within " + RESWEEP_SECONDS + " s; it goes on");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted while waiting for the resweep");
        }
    }

    private JsonNode nodes(ApiRequest r) throws ApiException {
        String type = r.query("type");
        NodeType wanted;
        if (type == null || type.isEmpty()) {
            wanted = null;
        } else if (type.equals("switch")) {
            wanted = NodeType.SWITCH;
        } else if (type.equals("ca")) {
            wanted = NodeType.CA;
        } else {
            throw ApiException.badRequest("query parameter 'type' must be switch or ca, not '" + type + "'");
        }
        Paging.window(r); // bad paging parameters are a 400 before the model is read
        return model.read(f -> {
            List<Node> nodes = wanted == null
                    ? f.getNodes()
                    : f.getNodes().stream().filter(n -> n.getType() == wanted).toList();
            return pageOrError(r, "/api/v1/nodes", nodes, n -> FabricJson.node(n, false));
        });
    }

    private JsonNode ports(ApiRequest r) throws ApiException {
        Paging.window(r);
        return model.read(f -> {
            List<Port> ports = new ArrayList<>();
            f.getNodes().forEach(n -> ports.addAll(n.getPorts()));
            return pageOrError(r, "/api/v1/ports", ports, FabricJson::port);
        });
    }

    private JsonNode port(ApiRequest r) throws ApiException {
        long guid = r.guid("guid");
        int number = r.portNumber("port");
        JsonNode json = model.read(f -> {
            Node node = nodeOf(f.getNodes(), guid);
            if (node == null) {
                return null;
            }
            Port port = node.getPorts().stream().filter(p -> p.getNumber() == number).findFirst().orElse(null);
            return port == null ? JsonNodeFactory.instance.textNode("no-port") : FabricJson.port(port);
        });
        if (json == null) {
            throw ApiException.notFound("no node of GUID " + Ids.guid(guid) + " in the fabric");
        }
        if (json.isTextual()) {
            throw ApiException.notFound("node " + Ids.guid(guid) + " has no port " + number);
        }
        return json;
    }

    /** Paging inside a model read: the window was checked before, so this cannot fail. */
    private static <T> JsonNode pageOrError(ApiRequest r, String path, List<T> all,
            java.util.function.Function<T, JsonNode> item) {
        try {
            return Paging.page(r.json(), r, path, all, item);
        } catch (ApiException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long guid(ApiRequest r) {
        try {
            return r.guid("guid");
        } catch (ApiException e) {
            return -1;
        }
    }

    private static JsonNode found(ApiRequest r, JsonNode json, String what) throws ApiException {
        r.guid("guid"); // a malformed GUID is a 400, not a 404
        if (json == null) {
            throw ApiException.notFound("no " + what + " in the fabric");
        }
        return json;
    }

    static Node nodeOf(List<Node> nodes, long guid) {
        for (Node n : nodes) {
            if (n.getNodeGuid() == guid) {
                return n;
            }
        }
        return null;
    }
}
