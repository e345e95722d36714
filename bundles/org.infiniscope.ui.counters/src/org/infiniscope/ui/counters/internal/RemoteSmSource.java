package org.infiniscope.ui.counters.internal;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.ui.counters.SmSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A remote runtime's subnet manager over the REST API: {@code GET /api/v1/sm} (with the routing chain) and the SM's
 * sweep history, {@code GET /api/v1/sm/sweeps} (newest first), read once and again after each {@code sm} event (a
 * state change, SUBNET UP, a sweep's report); each sweep's report is told from its event; Resweep and
 * Reroute are {@code POST /api/v1/sm/sweep} and {@code /sm/reroute}, which the runtime refuses with 403 to a viewer's
 * token: the action fails with that status and the server's message. A runtime without an SM answers 404: none.
 */
final class RemoteSmSource implements SmSource {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteSmSource.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteFabric remote;
    private final RemoteFabric.Listener listener;
    private final List<Consumer<Swept>> swept = new CopyOnWriteArrayList<>();
    private final List<Runnable> changed = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    /** Whether to read the status again: set by the event stream's thread, which never waits for a read. */
    private volatile boolean stale = true;
    private Status status = Status.NONE; // under lock

    RemoteSmSource(RemoteFabric remote) {
        this.remote = remote;
        this.listener = new RemoteFabric.Listener() {
            @Override
            public void event(RemoteFabric.RemoteEvent event) {
                switch (event.type()) {
                    case "sm" -> sm(event.data());
                    case "overflow", "connection" -> stale();
                    default -> {
                        // not the SM's
                    }
                }
            }

            @Override
            public void stateChanged(RemoteFabric.State state, String message) {
                if (state == RemoteFabric.State.LIVE) {
                    stale();
                }
            }
        };
        remote.addListener(listener);
    }

    private void sm(String data) {
        try {
            JsonNode json = JSON.readTree(data);
            if ("SWEPT".equals(json.path("state").asText()) && json.path("report").isObject()) {
                Swept s = swept(json.get("report"));
                swept.forEach(c -> c.accept(s));
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("an sm event that is not what this client reads: {}", e.getMessage());
        }
        stale();
    }

    private void stale() {
        stale = true;
        changed.forEach(Runnable::run);
    }

    /** @return a sweep's report as the API writes it */
    static Swept swept(JsonNode r) {
        Map<SmPhase, Duration> phases = new EnumMap<>(SmPhase.class);
        r.path("phases").properties().forEach(e -> {
            try {
                phases.put(SmPhase.valueOf(e.getKey()), seconds(e.getValue()));
            } catch (IllegalArgumentException unknown) {
                // a phase of a newer runtime
            }
        });
        JsonNode problem = r.get("problem");
        return new Swept(r.path("kind").asText().toLowerCase(java.util.Locale.ROOT), phases, r.path("smps").asLong(),
                r.path("up").asBoolean(),
                problem == null || problem.isNull() ? Optional.empty() : Optional.of(problem.asText()));
    }

    /**
     * @return the sweeps of a {@code GET /api/v1/sm/sweeps} page, as listed (newest first); a sweep of a kind this client
     *         does not know is left out
     */
    static List<SweepHistoryEntry> sweeps(JsonNode page) {
        List<SweepHistoryEntry> list = new ArrayList<>();
        for (JsonNode e : page.path("items")) {
            SweepKind kind;
            try {
                kind = SweepKind.valueOf(e.path("kind").asText());
            } catch (IllegalArgumentException unknown) {
                continue;
            }
            Map<SmPhase, Duration> phases = new EnumMap<>(SmPhase.class);
            e.path("phases").properties().forEach(p -> {
                try {
                    phases.put(SmPhase.valueOf(p.getKey()), seconds(p.getValue()));
                } catch (IllegalArgumentException newer) {
                    // a phase of a newer runtime
                }
            });
            JsonNode c = e.path("changes");
            SweepChanges changes = new SweepChanges(c.path("nodes").asInt(), c.path("nodesAdded").asInt(),
                    c.path("nodesRemoved").asInt(), c.path("lidsChanged").asInt(), c.path("portInfoSets").asInt(),
                    c.path("switchInfoSets").asInt(), c.path("lftBlocks").asInt(), c.path("pKeySets").asInt(),
                    c.path("activations").asInt());
            JsonNode problem = e.get("problem");
            list.add(new SweepHistoryEntry(e.path("number").asLong(), kind, Instant.parse(e.path("start").asText()),
                    seconds(e.path("seconds")), phases, e.path("smps").asLong(), e.path("up").asBoolean(),
                    problem == null || problem.isNull() ? Optional.empty() : Optional.of(problem.asText()), changes));
        }
        return list;
    }

    private static Duration seconds(JsonNode s) {
        return Duration.ofNanos(Math.round(s.asDouble() * 1e9));
    }

    /**
     * @return the status of a {@code GET /api/v1/sm} answer, with these sweeps (of {@code GET /api/v1/sm/sweeps})
     */
    static Status status(JsonNode j, List<SweepHistoryEntry> sweeps) {
        JsonNode s = j.get("subnet");
        Optional<SubnetFacts> subnet = Optional.empty();
        if (s != null && s.isObject()) {
            JsonNode c = s.get("routeCheck");
            Optional<RouteCheck> check = Optional.empty();
            if (c != null && c.isObject()) {
                List<Integer> layers = new ArrayList<>();
                c.path("creditLoopLayers").forEach(l -> layers.add(l.asInt()));
                check = Optional.of(new RouteCheck(c.path("pairs").asLong(), c.path("unreachable").asLong(),
                        c.path("loops").asLong(), layers));
            }
            List<KnownSmRow> known = new ArrayList<>();
            for (JsonNode k : s.path("knownSms")) {
                known.add(new KnownSmRow(PerfJson.guid(k.path("portGuid").asText()), k.path("lid").asInt(),
                        k.path("state").asText(), k.path("priority").asInt()));
            }
            subnet = Optional.of(new SubnetFacts(s.path("sweep").asLong(), s.path("smLid").asInt(),
                    PerfJson.guid(s.path("smPortGuid").asText("0x0")),
                    PerfJson.guid(s.path("subnetPrefix").asText("0x0")), s.path("nodes").asInt(),
                    s.path("switches").asInt(), s.path("links").asInt(), s.path("maxLid").asInt(),
                    s.path("routingEngine").asText("?"), check, known));
        }
        List<String> chain = new ArrayList<>();
        j.path("routingChain").forEach(e -> chain.add(e.asText()));
        return new Status(true, SmState.valueOf(j.path("state").asText()), j.path("priority").asInt(),
                PerfJson.guid(j.path("portGuid").asText("0x0")), subnet, chain, sweeps);
    }

    @Override
    public String where() {
        return remote.base().toString();
    }

    @Override
    public Status status() throws IOException {
        synchronized (lock) {
            if (stale) {
                stale = false; // an event during the read marks it stale again
                try {
                    JsonNode sm = remote.get("/api/v1/sm");
                    status = status(sm, history());
                } catch (RemoteFabricException e) {
                    if (e.status() != 404) {
                        stale = true;
                        throw new IOException(e.getMessage(), e);
                    }
                    status = Status.NONE;
                }
            }
            return status;
        }
    }

    /** @return the SM's last sweeps, newest first; none from a runtime that does not list them (404) */
    private List<SweepHistoryEntry> history() throws RemoteFabricException {
        try {
            return sweeps(remote.get("/api/v1/sm/sweeps?limit=" + SWEEPS));
        } catch (RemoteFabricException e) {
            if (e.status() == 404) {
                return List.of();
            }
            throw e;
        }
    }

    @Override
    public CompletableFuture<Swept> resweep() {
        return post("/api/v1/sm/sweep", "{\"kind\":\"heavy\"}");
    }

    @Override
    public CompletableFuture<Swept> reroute() {
        return post("/api/v1/sm/reroute", null);
    }

    private CompletableFuture<Swept> post(String path, String body) {
        CompletableFuture<Swept> result = new CompletableFuture<>();
        Thread.ofVirtual().name("remote-sm-action").start(() -> {
            try {
                result.complete(swept(remote.post(path, body)));
            } catch (RemoteFabricException e) {
                result.completeExceptionally(
                        new IOException((e.status() == 0 ? "" : "HTTP " + e.status() + ": ") + e.getMessage(), e));
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    @Override
    public void onSwept(Consumer<Swept> callback) {
        swept.add(callback);
    }

    @Override
    public void onChange(Runnable callback) {
        changed.add(callback);
    }

    @Override
    public void close() {
        remote.removeListener(listener);
        swept.clear();
        changed.clear();
    }
}
