package org.infiniscope.rest.internal;

import java.util.List;

import org.infiniscope.console.CommandService;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An operator's port actions, as the GUI's port menu runs them: {@code portstate LID PORT enable|disable|reset} and
 * {@code perfquery -R LID PORT} through the console's {@link CommandService}, on the connected fabric.
 */
@Component(service = Endpoints.class)
public final class PortActionEndpoints implements Endpoints {

    private final FabricModelService model;
    private final FabricConnection connection;
    private final CommandService commands;

    @Activate
    public PortActionEndpoints(@Reference FabricModelService model, @Reference FabricConnection connection,
            @Reference CommandService commands) {
        this.model = model;
        this.connection = connection;
        this.commands = commands;
    }

    static ObjectNode actionSchema() {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        schema.put("type", "object");
        schema.putArray("required").add("action");
        ObjectNode properties = schema.putObject("properties");
        ObjectNode action = properties.putObject("action");
        action.put("type", "string");
        action.putArray("enum").add("enable").add("disable").add("reset").add("clear-counters");
        properties.putObject("force").put("type", "boolean").put("description",
                "change a port on the runtime's own or the SM's path too");
        return schema;
    }

    @Override
    public List<Route> routes() {
        return List.of(Route.post("/nodes/{guid}/ports/{port}/actions", Role.OPERATOR, FabricEndpoints.TAG,
                "Enables, disables or resets a port, or clears its counters", actionSchema(), this::act));
    }

    private JsonNode act(ApiRequest r) throws ApiException {
        long guid = r.guid("guid");
        int number = r.portNumber("port");
        ObjectNode body = r.body();
        String action = ApiRequest.text(body, "action");
        boolean force = ApiRequest.flag(body, "force");
        if (!List.of("enable", "disable", "reset", "clear-counters").contains(action)) {
            throw ApiException.badRequest("unknown action '" + action + "': enable, disable, reset or clear-counters");
        }
        int[] lid = model.read(f -> {
            Node node = FabricEndpoints.nodeOf(f.getNodes(), guid);
            if (node == null) {
                return null;
            }
            Port port = node.getPorts().stream().filter(p -> p.getNumber() == number).findFirst().orElse(null);
            if (port == null) {
                return new int[]{-1};
            }
            return new int[]{node.getType() == NodeType.SWITCH ? node.getLid() : port.getLid()};
        });
        if (lid == null) {
            throw ApiException.notFound("no node of GUID " + Ids.guid(guid) + " in the fabric");
        }
        if (lid[0] < 0) {
            throw ApiException.notFound("node " + Ids.guid(guid) + " has no port " + number);
        }
        if (lid[0] == 0) {
            throw ApiException.conflict("port " + Ids.port(guid, number) + " has no LID yet (no SM has run)");
        }
        ConnectionState state = connection.state();
        if (state.fabric() == null || state.fabric().startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
            throw ApiException.conflict("no live fabric is connected");
        }
        List<String> argv = action.equals("clear-counters")
                ? List.of("perfquery", "--fabric", state.fabric(), "-R", String.valueOf(lid[0]), String.valueOf(number))
                : force
                        ? List.of("portstate", "--fabric", state.fabric(), "--force", String.valueOf(lid[0]),
                                String.valueOf(number), action)
                        : List.of("portstate", "--fabric", state.fabric(), String.valueOf(lid[0]),
                                String.valueOf(number), action);
        Commands.Outcome outcome = Commands.run(commands, argv, r.caller())
                .orError(action + " of port " + Ids.port(guid, number));
        ObjectNode json = outcome.json();
        json.put("port", Ids.port(guid, number));
        json.put("action", action);
        return json;
    }
}
