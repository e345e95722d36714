package org.infiniscope.ui.remote;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.ui.remote.RemoteFabric.State;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads a {@link RemoteFabric}'s fabric into the local model and keeps it up to date from the event stream. A whole
 * read takes the summary, every node, port and link page by page, and is applied to the model as a saved fabric is,
 * by identity. A {@code fabric} event that names every change it counts, all of them to nodes and ports already read,
 * reads those nodes and ports alone and applies them with the rest of the last read; any other {@code fabric} event,
 * or an {@code overflow}, reads the fabric again. The events are applied on a thread of this loader's, in their
 * order; requests for a whole read while one is queued are coalesced into it.
 */
final class FabricLoader {

    // the remote fabric's logger, so that logging configurations keep naming one class for the client
    private static final Logger LOG = LoggerFactory.getLogger(RemoteFabric.class);

    /** What the last whole read found, by ID, so that a change to a few nodes and ports is read alone (under loading). */
    private record Read(JsonNode summary, Map<String, JsonNode> nodes, Map<String, JsonNode> ports,
            List<JsonNode> links) {
    }

    private final RemoteFabric owner;
    private final RestClient rest;
    private final FabricModelService model;
    private final ExecutorService loader;
    private final AtomicBoolean reloadQueued = new AtomicBoolean();
    private final Object loading = new Object();
    private Read read; // under loading
    private volatile long patches;

    /**
     * @param owner the remote fabric: its state, and its listeners told of each read applied
     * @param rest the client that reads the fabric
     * @param model the model the fabric is read into
     */
    FabricLoader(RemoteFabric owner, RestClient rest, FabricModelService model) {
        this.owner = owner;
        this.rest = rest;
        this.model = model;
        this.loader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "remote-fabric-load " + rest.base().getAuthority());
            t.setDaemon(true);
            return t;
        });
    }

    /** @return how many {@code fabric} events were applied by reading only what they named */
    long patches() {
        return patches;
    }

    /**
     * Reads the whole fabric and applies it to the model.
     *
     * @return what changed in the model
     * @throws RemoteFabricException when a request fails
     */
    FabricDelta load() throws RemoteFabricException {
        // one read at a time, each applied before the next starts: an older read never overwrites a newer one
        synchronized (loading) {
            long start = System.nanoTime();
            JsonNode summary = rest.getJson("/api/v1/fabric");
            List<JsonNode> nodes = rest.pages("/api/v1/nodes");
            List<JsonNode> ports = rest.pages("/api/v1/ports");
            List<JsonNode> links = rest.pages("/api/v1/links");
            read = new Read(summary, byId(nodes), byId(ports), links);
            return apply(start, summary, nodes, ports, links);
        }
    }

    private static Map<String, JsonNode> byId(List<JsonNode> items) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        items.forEach(i -> map.put(i.path("id").asText(), i));
        return map;
    }

    /**
     * Applies a {@code fabric} event that names every change it counts, all of them changes to nodes and ports (no
     * element added or removed, no link changed): reads those nodes and ports alone, and the summary, and applies them
     * with the rest of the last read; anything else reads the whole fabric again.
     *
     * @return whether the event was applied so
     */
    private boolean patch(JsonNode event) throws RemoteFabricException {
        synchronized (loading) {
            JsonNode changes = event.path("changes");
            if (read == null || event.path("added").asInt(-1) != 0 || event.path("removed").asInt(-1) != 0
                    || !changes.isArray() || changes.size() != event.path("changed").asInt(-1)) {
                return false;
            }
            List<String> nodeIds = new ArrayList<>();
            List<String> portIds = new ArrayList<>();
            for (JsonNode c : changes) {
                if (c.hasNonNull("node") && read.nodes().containsKey(c.get("node").asText())) {
                    nodeIds.add(c.get("node").asText());
                } else if (c.hasNonNull("port") && read.ports().containsKey(c.get("port").asText())) {
                    portIds.add(c.get("port").asText());
                } else {
                    return false; // a link, or something this read does not have
                }
            }
            long start = System.nanoTime();
            JsonNode summary = rest.getJson("/api/v1/fabric");
            Map<String, JsonNode> nodes = new LinkedHashMap<>(read.nodes());
            Map<String, JsonNode> ports = new LinkedHashMap<>(read.ports());
            try {
                for (String id : nodeIds) {
                    nodes.put(id, rest.getJson("/api/v1/nodes/" + id));
                }
                for (String id : portIds) {
                    int slash = id.indexOf('/');
                    ports.put(id, rest
                            .getJson("/api/v1/nodes/" + id.substring(0, slash) + "/ports/" + id.substring(slash + 1)));
                }
            } catch (RemoteFabricException e) {
                if (e.status() == 404) {
                    return false; // gone meanwhile: a later event says so, a whole read has it now
                }
                throw e;
            }
            read = new Read(summary, nodes, ports, read.links());
            apply(start, summary, List.copyOf(nodes.values()), List.copyOf(ports.values()), read.links());
            patches++;
            return true;
        }
    }

    /** Makes a fabric of what was read and applies it to the model; the owner's listeners are told. */
    private FabricDelta apply(long start, JsonNode summary, List<JsonNode> nodes, List<JsonNode> ports,
            List<JsonNode> links) throws RemoteFabricException {
        Fabric fabric = FabricJson.toFabric(summary, nodes, ports, links);
        ByteArrayOutputStream xmi = new ByteArrayOutputStream();
        try {
            FabricXmi.save(fabric, xmi);
            FabricDelta delta = model.load(new ByteArrayInputStream(xmi.toByteArray()));
            LOG.debug("read {} nodes, {} ports, {} links from {} in {} ms: {} changes", nodes.size(), ports.size(),
                    links.size(), rest.base(), (System.nanoTime() - start) / 1_000_000, delta.changes().size());
            owner.loaded(delta);
            return delta;
        } catch (IOException e) {
            throw new RemoteFabricException(0, "the fabric read from " + rest.base() + " could not be applied: " + e,
                    e);
        }
    }

    /** Acts on an event of the stream: what changes the model is read into it. */
    void follow(RemoteFabric.RemoteEvent event) {
        switch (event.type()) {
            // the runtime changes its model only by a sweep or a saved model read, and each is a fabric event
            case "fabric" -> requestPatch(event.data());
            case "overflow" -> requestReload();
            default -> {
                // connection (its phases; what it changed comes as a fabric event), sm, perf, action
            }
        }
    }

    /**
     * Applies a {@code fabric} event on the loader thread, in the order of the events: by reading what it names when it
     * can ({@link #patch}), else by reading the whole fabric again (coalesced).
     */
    private void requestPatch(String data) {
        if (owner.state() == State.CLOSED) {
            return;
        }
        JsonNode event;
        try {
            event = rest.parse(data);
        } catch (IOException e) {
            requestReload();
            return;
        }
        try {
            loader.execute(() -> {
                if (reloadQueued.get()) {
                    return; // a whole read is coming: it has this change too
                }
                try {
                    if (!patch(event)) {
                        requestReload();
                    }
                } catch (RemoteFabricException e) {
                    if (owner.state() != State.CLOSED) {
                        LOG.info("reading what changed in {} failed ({}): reading it all", rest.base(), e.getMessage());
                        requestReload();
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    /** Reads the fabric again on the loader thread; one read more at most while one is under way. */
    void requestReload() {
        if (owner.state() == State.CLOSED || !reloadQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            loader.execute(() -> {
                reloadQueued.set(false);
                try {
                    load();
                } catch (RemoteFabricException e) {
                    if (owner.state() != State.CLOSED) {
                        LOG.warn("reading the fabric of {} again failed: {}", rest.base(), e.getMessage());
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            reloadQueued.set(false); // closed meanwhile
        }
    }

    /** Stops the loader thread: a read under way is interrupted, nothing more is read. */
    void close() {
        loader.shutdownNow();
    }
}
