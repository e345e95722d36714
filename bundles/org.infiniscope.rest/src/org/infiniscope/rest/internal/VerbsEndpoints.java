package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;

import org.infiniscope.console.CommandService;
import org.infiniscope.rest.Role;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.Verbs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * RDMA devices (the verbs service) and their queue pairs: the QP list is what the console's {@code qp list --json}
 * prints, so that the API, the CLI and the GUI show one view of them.
 */
@Component(service = Endpoints.class)
public final class VerbsEndpoints implements Endpoints {

    private static final String TAG = "verbs";

    private final Verbs verbs;
    private final CommandService commands;

    @Activate
    public VerbsEndpoints(@Reference Verbs verbs, @Reference CommandService commands) {
        this.verbs = verbs;
        this.commands = commands;
    }

    @Override
    public List<Route> routes() {
        return List.of(
                Route.get("/verbs/devices", Role.VIEWER, TAG, "The RDMA devices of the runtime's host", Map.of(),
                        r -> devices()),
                Route.get("/qps", Role.VIEWER, TAG,
                        "The queue pairs of the host's RDMA devices (qp list --json); 501 until that command is installed",
                        Map.of(), this::qps));
    }

    private JsonNode devices() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode list = json.putArray("devices");
        for (Device d : verbs.devices()) {
            ObjectNode o = list.addObject();
            o.put("name", d.name());
            o.put("nodeGuid", Ids.guid(d.nodeGuid()));
            o.put("provider", d.provider());
        }
        json.put("emptyReason", verbs.devices().isEmpty() ? verbs.emptyReason() : null);
        return json;
    }

    private JsonNode qps(ApiRequest r) throws ApiException {
        Commands.Outcome outcome = Commands.run(commands, List.of("qp", "list", "--json"), r.caller())
                .orError("qp list");
        try {
            return r.json().readTree(outcome.out());
        } catch (JsonProcessingException e) {
            throw new ApiException(502, "qp list --json did not print JSON: " + e.getOriginalMessage());
        }
    }
}
