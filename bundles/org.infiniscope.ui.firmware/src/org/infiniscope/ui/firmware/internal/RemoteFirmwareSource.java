package org.infiniscope.ui.firmware.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.ui.firmware.FirmwareSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A remote runtime's firmware inventory: {@code GET /api/v1/firmware/inventory?refresh=true} reads every node
 * there, page by page (the later pages from the same read); a {@code connection} event that says the runtime
 * connected a fabric asks the view to read again.
 */
final class RemoteFirmwareSource implements FirmwareSource {

    private static final int PAGE = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteFabric remote;
    private final List<Consumer<String>> connected = new CopyOnWriteArrayList<>();
    private final RemoteFabric.Listener listener;

    RemoteFirmwareSource(RemoteFabric remote) {
        this.remote = remote;
        this.listener = new RemoteFabric.Listener() {
            @Override
            public void event(RemoteFabric.RemoteEvent event) {
                if (event.type().equals("connection")) {
                    try {
                        JsonNode state = JSON.readTree(event.data());
                        if (state.path("phase").asText().equals("CONNECTED") && state.path("fabric").isTextual()) {
                            connected.forEach(c -> c.accept(state.get("fabric").asText()));
                        }
                    } catch (java.io.IOException e) {
                        // not a state this client reads
                    }
                }
            }
        };
        remote.addListener(listener);
    }

    @Override
    public String where() {
        return remote.base().toString();
    }

    @Override
    public String fabric() throws IOException {
        try {
            JsonNode c = remote.get("/api/v1/fabric").path("connection");
            return c.path("phase").asText().equals("CONNECTED") && c.path("fabric").isTextual()
                    ? c.get("fabric").asText()
                    : null;
        } catch (RemoteFabricException e) {
            throw new IOException(message(e), e);
        }
    }

    @Override
    public List<NodeFirmware> read() throws IOException {
        List<NodeFirmware> nodes = new ArrayList<>();
        try {
            String query = "?refresh=true&offset=0&limit=" + PAGE;
            while (true) {
                JsonNode page = remote.get("/api/v1/firmware/inventory" + query);
                page.path("items").forEach(n -> nodes.add(node(n)));
                if (page.path("items").isEmpty() || nodes.size() >= page.path("total").asInt()) {
                    return List.copyOf(nodes);
                }
                query = "?offset=" + nodes.size() + "&limit=" + PAGE;
            }
        } catch (RemoteFabricException e) {
            throw new IOException(message(e), e);
        }
    }

    private static String message(RemoteFabricException e) {
        return (e.status() == 0 ? "" : "HTTP " + e.status() + ": ") + e.getMessage();
    }

    /** @return a node of the inventory as the API writes it */
    static NodeFirmware node(JsonNode n) {
        String guid = n.path("nodeGuid").asText("0x0");
        return new NodeFirmware(Long.parseUnsignedLong(guid.substring(2), 16), n.path("switch").asBoolean(),
                n.path("description").asText(), n.path("lid").asInt(), answer(n.path("answer").asText()),
                n.path("deviceId").asInt(), n.path("version").asText(), n.path("psid").asText(),
                n.path("detail").asText());
    }

    private static NodeFirmware.Answer answer(String name) {
        try {
            return NodeFirmware.Answer.valueOf(name);
        } catch (IllegalArgumentException e) {
            return NodeFirmware.Answer.MALFORMED;
        }
    }

    @Override
    public boolean canFlash() {
        return false;
    }

    @Override
    public void onConnected(Consumer<String> callback) {
        connected.add(callback);
    }

    @Override
    public void close() {
        remote.removeListener(listener);
        connected.clear();
    }
}
