package org.infiniscope.ui.internal.session;

import java.io.IOException;
import java.time.Instant;

import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.internal.session.FabricEvent.Severity;
import org.infiniscope.ui.remote.RemoteFabric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The events view's remote source: a remote runtime's own events (its event stream, {@code /api/v1/events/stream})
 * as lines of the view, as the local services' would be. What changed in the fabric is not among them: the model
 * read from the runtime tells the session of that as a local sweep does. One line a rule broken ({@code perf}), SM
 * state change, SUBNET UP or failed sweep ({@code sm}), operator action ({@code action}), connection phase or failure
 * of the runtime's fabric ({@code connection}) and events lost to the ring ({@code overflow}).
 */
final class RemoteEvents implements RemoteFabric.Listener {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FabricSession session;
    private final String where;

    RemoteEvents(FabricSession session, String where) {
        this.session = session;
        this.where = where;
    }

    @Override
    public void event(RemoteFabric.RemoteEvent event) {
        FabricEvent line = of(event, Instant.now());
        if (line != null) {
            session.logLater(line);
        }
    }

    /** @return the line of the events view for a runtime's event, or null for one the view shows otherwise or not */
    static FabricEvent of(RemoteFabric.RemoteEvent event, Instant now) {
        JsonNode d;
        try {
            d = JSON.readTree(event.data());
        } catch (IOException e) {
            return null;
        }
        if (d == null) {
            return null;
        }
        return switch (event.type()) {
            case "perf" -> {
                FabricRef.PortRef port = port(d.path("port").asText());
                yield new FabricEvent(now, Severity.WARNING, "counter",
                        d.path("nodeName").asText() + " port " + (port == null ? "?" : port.port()) + ": "
                                + d.path("rule").asText() + " (" + number(d.path("value").asDouble()) + ")",
                        port);
            }
            case "sm" -> sm(d, now);
            case "action" ->
                new FabricEvent(now, d.path("status").asInt() / 100 == 2 ? Severity.INFO : Severity.WARNING, "action",
                        d.path("action").asText() + " by token " + d.path("token").asText() + " ("
                                + d.path("role").asText() + "): " + d.path("status").asInt() + " "
                                + d.path("result").asText(),
                        null);
            case "connection" -> {
                String message = d.path("message").isTextual() ? d.get("message").asText() : null;
                yield message != null
                        ? new FabricEvent(now, Severity.ERROR, "connection", "runtime: " + message, null)
                        : new FabricEvent(now, Severity.INFO, "connection",
                                "runtime: " + d.path("description").asText(d.path("phase").asText()), null);
            }
            case "overflow" -> new FabricEvent(now, Severity.WARNING, "events",
                    d.path("missed").asLong() + " events of the runtime were missed", null);
            default -> null; // fabric: the model's delta tells; counters: the counters views read it
        };
    }

    private static FabricEvent sm(JsonNode d, Instant now) {
        String state = d.path("state").asText();
        if (d.has("from")) {
            return new FabricEvent(now, Severity.INFO, "sm",
                    "SM " + d.path("from").asText() + " → " + d.path("to").asText(), null);
        }
        if ("SUBNET_UP".equals(state)) {
            return new FabricEvent(now, Severity.INFO, "sm", "SUBNET UP: sweep " + d.path("sweep").asLong() + ", "
                    + d.path("nodes").asInt() + " nodes, SM LID " + d.path("smLid").asInt(), null);
        }
        if ("SWEPT".equals(state) && !d.path("report").path("up").asBoolean()) {
            return new FabricEvent(now, Severity.ERROR, "sm",
                    "SM sweep not up: " + d.path("report").path("problem").asText("no reason given"), null);
        }
        return null; // a sweep that brought the subnet up: its SUBNET UP says so
    }

    private static FabricRef.PortRef port(String text) {
        int slash = text.indexOf('/');
        if (!text.startsWith("0x") || slash < 0) {
            return null;
        }
        try {
            return new FabricRef.PortRef(Long.parseUnsignedLong(text.substring(2, slash), 16),
                    Integer.parseInt(text.substring(slash + 1)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format("%.1f", value);
    }

    @Override
    public String toString() {
        return "events of " + where;
    }
}
