package org.infiniscope.rest.internal;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The firmware every node of the connected fabric runs, read in-band ({@code fw inventory}): the last read is kept and
 * served page by page, so that the pages of one list come from one read; it is read again when asked
 * ({@code refresh=true}) or when the fabric is another than the one read.
 */
@Component(service = Endpoints.class)
public final class FirmwareInventoryEndpoints implements Endpoints {

    private static final String TAG = "firmware";
    private static final int WINDOW = 64;
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final int RETRIES = 3;

    /** One read of the fabric's firmware. */
    private record Read(String fabric, Instant at, List<NodeFirmware> nodes) {
    }

    private final FirmwareInventory inventory;
    private final FabricConnection connection;
    private final Object reading = new Object();
    private Read last; // under reading

    @Activate
    public FirmwareInventoryEndpoints(@Reference FirmwareInventory inventory, @Reference FabricConnection connection) {
        this.inventory = inventory;
        this.connection = connection;
    }

    @Override
    public List<Route> routes() {
        Map<String, String> query = new HashMap<>(Paging.QUERY);
        query.put("refresh",
                "boolean: read every node's firmware again now (default: the last read, if of this fabric)");
        return List.of(Route.get("/firmware/inventory", Role.VIEWER, TAG,
                "Every node's firmware (version, PSID, device), read in-band; paged", Map.copyOf(query), this::list));
    }

    private JsonNode list(ApiRequest r) throws ApiException {
        Paging.window(r); // a bad page is refused before the fabric is read
        Read read = read("true".equals(r.query("refresh")));
        ObjectNode page = Paging.page(r.json(), r, "/api/v1/firmware/inventory", read.nodes(),
                FirmwareInventoryEndpoints::node);
        page.put("fabric", read.fabric());
        page.put("read", read.at().toString());
        return page;
    }

    private Read read(boolean refresh) throws ApiException {
        String fabric = connection.state().fabric();
        if (fabric == null || fabric.startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
            throw ApiException.conflict("no live fabric is connected: a saved snapshot has no firmware to read");
        }
        synchronized (reading) {
            if (refresh || last == null || !last.fabric().equals(fabric)) {
                try {
                    last = new Read(fabric, Instant.now(), inventory.read(fabric, WINDOW, TIMEOUT, RETRIES));
                } catch (IOException e) {
                    throw ApiException.conflict("the firmware of " + fabric + " cannot be read: "
                            + Secrets.scrub(String.valueOf(e.getMessage())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw ApiException.unavailable("interrupted while reading the firmware");
                }
            }
            return last;
        }
    }

    static ObjectNode node(NodeFirmware n) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("nodeGuid", Ids.guid(n.nodeGuid()));
        json.put("switch", n.switchNode());
        json.put("description", n.description());
        json.put("lid", n.lid());
        json.put("answer", n.answer().name());
        json.put("deviceId", n.deviceId());
        json.put("version", n.version());
        json.put("psid", n.psid());
        json.put("detail", n.detail());
        return json;
    }
}
