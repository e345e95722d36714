package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.internal.FabricModelServiceImpl;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The GUI's remote client ({@link RemoteFabric}, bundle org.infiniscope.ui.remote) against the real headless runtime
 * over HTTP, without the GUI: it fills a local fabric model with what the REST API serves, a port disabled on the
 * server goes down in the client's model through the event stream, a viewer's port action is refused with the
 * server's 403 message, and a token the server does not know fails the connection without appearing in the message.
 */
class RemoteFabricIT {

    private static final Duration START = Duration.ofSeconds(90);
    private static final long LIVE_SECONDS = 60;

    private static RestRuntime runtime;
    private static String operator;
    private static String viewer;

    @BeforeAll
    static void startRuntime() throws Exception {
        Path state = Files.createTempDirectory("infiniscope-remote-it");
        String admin = RestRuntime.cli(state, "token", "add", "--role", "admin", "--label", "remote-it").strip();
        runtime = RestRuntime.start(state, RestRuntime.plainClient(), "http");
        operator = issue(admin, "operator");
        viewer = issue(admin, "viewer");
        runtime.await("/api/v1/fabric", viewer,
                r -> r.status() == 200 && r.json().at("/connection/phase").asText().equals("CONNECTED"), START);
        // the SM gives the fabric its LIDs (port actions go to LIDs); the model follows
        JsonNode sweep = runtime.call("POST", "/api/v1/sm/sweep", operator, "{\"kind\":\"heavy\"}").expect(200).json();
        assertTrue(sweep.get("up").asBoolean(), sweep.toString());
        runtime.call("POST", "/api/v1/fabric/resweep", operator, null).expect(200);
    }

    private static String issue(String admin, String role) {
        return runtime.call("POST", "/api/v1/tokens", admin, "{\"role\":\"" + role + "\",\"label\":\"remote-it\"}")
                .expect(201).json().get("token").asText();
    }

    @AfterAll
    static void stop() throws Exception {
        if (runtime != null) {
            try (RestRuntime r = runtime) {
                String stderr = r.stop();
                assertEquals(0, r.exitValue(), stderr);
            }
        }
    }

    private static RemoteFabric client(String token, FabricModelServiceImpl model) {
        return new RemoteFabric(URI.create(runtime.base), token, model, RestRuntime.plainClient());
    }

    private static List<JsonNode> all(String path) {
        List<JsonNode> items = new ArrayList<>();
        runtime.get(path + "?limit=1000", viewer).expect(200).json().get("items").forEach(items::add);
        return items;
    }

    @Test
    void theClientFillsTheLocalModelWithTheRemoteFabric() throws Exception {
        FabricModelServiceImpl model = new FabricModelServiceImpl();
        try (RemoteFabric remote = client(viewer, model)) {
            remote.connect();
            assertEquals(RemoteFabric.State.LIVE, remote.state());
            JsonNode summary = runtime.get("/api/v1/fabric", viewer).expect(200).json();
            List<JsonNode> ports = all("/api/v1/ports");
            List<JsonNode> links = all("/api/v1/links");
            assertTrue(summary.get("nodes").asInt() > 2, summary.toString());
            assertEquals(summary.get("ports").asInt(), ports.size(), "one page holds the small fabric's ports");

            Map<String, String> served = new HashMap<>();
            for (JsonNode p : ports) {
                served.put(p.get("id").asText(),
                        p.get("lid").asText() + " " + p.get("state").asText() + " " + p.get("physicalState").asText()
                                + " " + p.get("widthActive").asText() + " " + p.get("remotePort").asText());
            }
            Map<String, String> local = model.read(f -> {
                Map<String, String> m = new HashMap<>();
                for (Node n : f.getNodes()) {
                    for (Port p : n.getPorts()) {
                        Port r = p.getLink() == null
                                ? null
                                : p.getLink().getEndA() == p ? p.getLink().getEndB() : p.getLink().getEndA();
                        m.put(id(n.getNodeGuid(), p.getNumber()),
                                p.getLid() + " " + p.getState().getLiteral() + " " + p.getPhysicalState().getLiteral()
                                        + " " + p.getWidthActive() + " "
                                        + (r == null ? "null" : id(r.getNode().getNodeGuid(), r.getNumber())));
                    }
                }
                return m;
            });
            assertEquals(served, local);
            assertEquals(links.size(), (int) model.read(f -> f.getLinks().size()));
            assertEquals(summary.get("nodes").asInt(), (int) model.read(f -> f.getNodes().size()));
            assertEquals(summary.get("switches").asInt(), (int) model.read(f -> (int) f.getNodes().stream()
                    .filter(n -> n.getType() == org.infiniscope.model.NodeType.SWITCH).count()));
            assertEquals(summary.get("name").asText(), model.read(f -> f.getName()));
            assertEquals(summary.get("subnetPrefix").asText(),
                    model.read(f -> String.format("0x%016x", f.getSubnetPrefix())));
            assertEquals(summary.get("smLid").asInt(), (int) model.read(f -> f.getSmLid()));
            JsonNode firstNode = runtime.get("/api/v1/nodes?limit=1", viewer).expect(200).json().at("/items/0");
            assertEquals(firstNode.get("description").asText(),
                    model.read(f -> f.getNodes().stream()
                            .filter(n -> id(n.getNodeGuid()).equals(firstNode.get("id").asText())).findFirst()
                            .map(Node::getDescription).orElse("not in the model")));
        }
    }

    @Test
    void aPortDisabledOnTheServerGoesDownInTheClientsModelThroughTheEventStream() throws Exception {
        // a CA's port 1 and the switch port at its other end, as RestApiIT picks it
        List<JsonNode> cas = new ArrayList<>();
        runtime.get("/api/v1/nodes?type=ca&limit=1000", viewer).expect(200).json().get("items").forEach(cas::add);
        String ca = cas.get(cas.size() - 1).get("id").asText();
        String[] remotePort = runtime.get("/api/v1/nodes/" + ca + "/ports/1", viewer).expect(200).json()
                .get("remotePort").asText().split("/");
        long switchGuid = Long.parseUnsignedLong(remotePort[0].substring(2), 16);
        int switchPort = Integer.parseInt(remotePort[1]);

        FabricModelServiceImpl model = new FabricModelServiceImpl();
        try (RemoteFabric remote = client(viewer, model);
                RemoteFabric operatorClient = client(operator, new FabricModelServiceImpl())) {
            remote.connect();
            String before = physicalState(model, switchGuid, switchPort);
            assertNotNull(before, "the switch port is in the model");
            long eventsBefore = remote.lastEventId();

            // the viewer's client is refused by the server, with its message; nothing changes
            RemoteFabricException refused = assertThrows(RemoteFabricException.class,
                    () -> remote.portAction(switchGuid, switchPort, "disable", false));
            assertEquals(403, refused.status());
            assertTrue(refused.getMessage().contains("needs operator"), refused.getMessage());
            assertFalse(refused.getMessage().contains(viewer.substring(viewer.indexOf('_', 4) + 1)));

            CompletableFuture<String> wentDown = new CompletableFuture<>();
            FabricModelListener watch = delta -> {
                String now = physicalState(model, switchGuid, switchPort);
                if (now != null && !now.equals(before)) {
                    wentDown.complete(now);
                }
            };
            model.addListener(watch);
            JsonNode done = RestRuntime.JSON
                    .readTree(operatorClient.portAction(switchGuid, switchPort, "disable", false));
            assertEquals(0, done.get("status").asInt(), done.toString());
            operatorClient.resweep(); // the server's model sees the port down; its fabric event reaches the client
            String down = wentDown.get(LIVE_SECONDS, TimeUnit.SECONDS);
            assertNotEquals(before, down);
            assertEquals(down, runtime
                    .get("/api/v1/nodes/" + String.format("0x%016x", switchGuid) + "/ports/" + switchPort, viewer)
                    .expect(200).json().get("physicalState").asText());
            assertTrue(remote.lastEventId() > eventsBefore, "events came through the stream");
            model.removeListener(watch);

            // and back: enabled by the operator, it comes up again in the viewer's model
            CompletableFuture<String> cameBack = new CompletableFuture<>();
            model.addListener(delta -> {
                if (before.equals(physicalState(model, switchGuid, switchPort))) {
                    cameBack.complete(before);
                }
            });
            operatorClient.portAction(switchGuid, switchPort, "enable", false);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIVE_SECONDS);
            while (!cameBack.isDone() && System.nanoTime() < deadline) {
                operatorClient.resweep(); // the link trains again within a few sweeps
                try {
                    cameBack.get(2, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    // not yet: sweep again
                }
            }
            assertEquals(before, cameBack.getNow("still " + physicalState(model, switchGuid, switchPort)));
        }
    }

    @Test
    void aDroppedStreamResumesAfterTheLastEventAndLosesNone() throws Exception {
        FabricModelServiceImpl model = new FabricModelServiceImpl();
        List<Long> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicLong wanted = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
        CompletableFuture<Long> first = new CompletableFuture<>();
        CompletableFuture<Long> reached = new CompletableFuture<>();
        try (RemoteFabric remote = client(viewer, model)) {
            remote.addListener(new RemoteFabric.Listener() {
                @Override
                public void event(RemoteFabric.RemoteEvent e) {
                    ids.add(e.id());
                    first.complete(e.id());
                    if (e.id() >= wanted.get()) {
                        reached.complete(e.id());
                    }
                }
            });
            remote.connect();
            runtime.call("POST", "/api/v1/fabric/resweep", operator, null).expect(200); // an action event at least
            long start = first.get(LIVE_SECONDS, TimeUnit.SECONDS);
            assertEquals(1, remote.streamsOpened());

            remote.dropStream();
            // made while the stream is down or opening again: they come after Last-Event-ID
            for (int i = 0; i < 3; i++) {
                runtime.call("POST", "/api/v1/fabric/resweep", operator, null).expect(200);
            }
            long newest = runtime.get("/api/v1/events?after=" + start + "&limit=1000", viewer).expect(200).json()
                    .get("last").asLong();
            assertTrue(newest >= start + 3, "three action events at least after " + start + ": " + newest);
            wanted.set(newest);
            if (remote.lastEventId() >= newest) {
                reached.complete(remote.lastEventId());
            }
            reached.get(LIVE_SECONDS, TimeUnit.SECONDS);
            assertEquals(2, remote.streamsOpened(), "the stream was opened again once");
            List<Long> seen = List.copyOf(ids);
            for (int i = 0; i < seen.size(); i++) {
                assertEquals(seen.get(0) + i, seen.get(i), "no event lost or repeated: " + seen);
            }
        }
    }

    @Test
    void aTokenTheServerDoesNotKnowFailsTheConnectionWithoutShowingIt() {
        String unknown = "isc_0123456789ab_" + "A".repeat(43);
        FabricModelServiceImpl model = new FabricModelServiceImpl();
        try (RemoteFabric remote = client(unknown, model)) {
            RemoteFabricException e = assertThrows(RemoteFabricException.class, remote::connect);
            assertEquals(401, e.status());
            assertFalse(e.getMessage().contains("AAAAAAAA"), e.getMessage());
            assertEquals(RemoteFabric.State.FAILED, remote.state());
            assertEquals(0, (int) model.read(f -> f.getNodes().size()), "nothing read");
        }
    }

    private static String physicalState(FabricModelServiceImpl model, long guid, int number) {
        return model.read(f -> f.getNodes().stream().filter(n -> n.getNodeGuid() == guid)
                .flatMap(n -> n.getPorts().stream()).filter(p -> p.getNumber() == number).findFirst()
                .map(p -> p.getPhysicalState().getLiteral()).orElse(null));
    }

    private static String id(long guid) {
        return String.format("0x%016x", guid);
    }

    private static String id(long guid, int port) {
        return id(guid) + "/" + port;
    }
}
