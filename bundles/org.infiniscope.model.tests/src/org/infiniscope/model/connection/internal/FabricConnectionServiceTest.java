package org.infiniscope.model.connection.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.ModelChange.Kind;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.infiniscope.model.connection.ConnectionListener;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.ConnectionState.Phase;
import org.infiniscope.model.connection.FabricConnectionException;
import org.infiniscope.model.internal.FabricModelServiceImpl;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.testing.Services;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The connection service outside a framework, on simulated fabrics of its own. */
class FabricConnectionServiceTest {

    private final SimFabric small = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
    private final SimFabric other = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
    private final FabricModelServiceImpl model = new FabricModelServiceImpl();
    private final FabricConnectionService service = new FabricConnectionService(Services.get(Discovery.class), model,
            "sim", new SweepOptions(16, Duration.ofMillis(200), 2), Duration.ZERO);
    private final List<ConnectionState> states = new CopyOnWriteArrayList<>();
    private final List<FabricDelta> deltas = new CopyOnWriteArrayList<>();

    FabricConnectionServiceTest() throws Exception {
        service.provide(new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.startsWith("test:");
            }

            @Override
            public MadChannel open(String fabric) throws IOException {
                return switch (fabric) {
                    case "test:small" -> small.openChannel(small.defaultAttachPoint());
                    case "test:other" -> other.openChannel(other.defaultAttachPoint());
                    default -> throw new IOException("--fabric " + fabric + ": no such test fabric");
                };
            }
        }, 1);
        service.addListener(new ConnectionListener() {
            @Override
            public void stateChanged(ConnectionState state) {
                states.add(state);
            }

            @Override
            public void swept(ConnectionState state, FabricDelta delta) {
                deltas.add(delta);
            }
        });
    }

    @AfterEach
    void stop() {
        service.deactivate();
    }

    @Test
    void itConnectsByItselfOnlyInServeAndGuiNotInAOneShotCommandNorInTheOneShotDaemon() {
        assertTrue(FabricConnectionService.shellRuntime("/w", null, null), "serve / gui");
        assertFalse(FabricConnectionService.shellRuntime("/w", "discover", null), "a one-shot command");
        assertFalse(FabricConnectionService.shellRuntime("/w", null, "/run/x.sock"),
                "the one-shot daemon: its commands sweep; a sweep of its own would compete for the port");
        assertFalse(FabricConnectionService.shellRuntime(null, null, null), "not started by the launcher (tests)");
    }

    @Test
    void connectingSweepsTheFabricIntoTheModelAndTellsEachPhase() throws Exception {
        assertEquals(Phase.IDLE, states.getFirst().phase(), "a new listener is told the state at once");
        FabricDelta delta = service.connect("test:small").get(30, TimeUnit.SECONDS);
        int nodes = small.topology().nodes().size();
        assertEquals(nodes, delta.elements(Kind.ADDED, Node.class).size());
        assertEquals(nodes, (int) model.read(f -> f.getNodes().size()));
        assertEquals("test:small", model.read(f -> f.getName()));
        List<Phase> phases = states.stream().map(ConnectionState::phase).distinct().toList();
        assertEquals(List.of(Phase.IDLE, Phase.CONNECTING, Phase.SWEEPING, Phase.CONNECTED), phases);
        ConnectionState now = service.state();
        assertEquals(Phase.CONNECTED, now.phase());
        assertEquals("test:small", now.fabric());
        assertEquals(nodes, now.nodes());
        assertEquals(1, now.sweeps());
        assertNull(now.message());
        assertEquals(List.of(delta), deltas, "swept is told the delta the future gives");
    }

    @Test
    void disconnectingClosesTheFabricStopsSweepsAndKeepsTheModel() throws Exception {
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        int nodes = model.read(f -> f.getNodes().size());
        service.disconnect().get(30, TimeUnit.SECONDS);
        ConnectionState now = service.state();
        assertEquals(Phase.IDLE, now.phase());
        assertNull(now.fabric());
        assertEquals(nodes, (int) model.read(f -> f.getNodes().size()), "the model keeps what it holds");
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> service.resweep().get(30, TimeUnit.SECONDS));
        assertEquals("no fabric is connected", e.getCause().getMessage());
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        assertEquals(Phase.CONNECTED, service.state().phase(), "and it connects again");
    }

    @Test
    void aResweepSeesADisabledPort() throws Exception {
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        String leaf = small.topology().nodes().stream().filter(n -> n.isSwitch()).findFirst().orElseThrow().name();
        int port = small.topology().links().stream().filter(l -> l.a().equals(leaf)).findFirst().orElseThrow().portA();
        small.faults().disable(leaf, port);
        FabricDelta delta = service.resweep().get(30, TimeUnit.SECONDS);
        List<Port> changed = delta.elements(Kind.CHANGED, Port.class);
        assertTrue(changed.stream().anyMatch(p -> p.getNumber() == port && p.getNode().getDescription().equals(leaf)),
                "the disabled port changed: " + changed);
        PortState state = model
                .read(f -> f.getNodes().stream().filter(n -> n.getDescription().equals(leaf)).findFirst().orElseThrow()
                        .getPorts().stream().filter(p -> p.getNumber() == port).findFirst().orElseThrow().getState());
        assertEquals(PortState.DOWN, state);
        assertEquals(2, service.state().sweeps());
    }

    @Test
    void aFabricThatCannotBeOpenedLeavesTheConnectedOneAndItsModel() throws Exception {
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        int before = model.read(f -> f.getNodes().size());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> service.connect("test:broken").get(30, TimeUnit.SECONDS));
        FabricConnectionException cause = assertInstanceOf(FabricConnectionException.class, e.getCause());
        assertEquals("cannot open test:broken: no such test fabric", cause.getMessage());
        assertEquals("test:broken", cause.fabric());
        ConnectionState now = service.state();
        assertEquals(Phase.CONNECTED, now.phase());
        assertEquals("test:small", now.fabric());
        assertEquals(cause.getMessage(), now.message());
        assertEquals(before, (int) model.read(f -> f.getNodes().size()));
        assertEquals("test:small", model.read(f -> f.getName()));
    }

    @Test
    void anUnknownFabricFailsWithTheChoicesAndNothingConnected() throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> service.connect("nowhere").get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("no installed provider handles 'nowhere'"),
                e.getCause().getMessage());
        assertEquals(Phase.FAILED, service.state().phase());
        assertNull(service.state().fabric());
    }

    @Test
    void switchingFabricsReplacesTheModelByIdentity() throws Exception {
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        FabricDelta delta = service.connect("test:other").get(30, TimeUnit.SECONDS);
        // generated fabrics name their nodes alike and give a name the same GUID: the smaller one's nodes stay
        int added = other.topology().nodes().size() - small.topology().nodes().size();
        assertEquals(added, delta.elements(Kind.ADDED, Node.class).size());
        assertEquals(other.topology().nodes().stream().map(n -> n.name()).sorted().toList(),
                model.read(f -> f.getNodes().stream().map(Node::getDescription).sorted().toList()));
        assertEquals("test:other", service.state().fabric());
    }

    @Test
    void aCancelledConnectionKeepsTheConnectedFabric() throws Exception {
        service.connect("test:small").get(30, TimeUnit.SECONDS);
        var future = service.connect("test:other");
        service.cancel();
        assertTrue(future.isCancelled());
        // the worker is serialized: a resweep queued after the cancel runs once the cancelled connection stopped
        service.resweep().get(30, TimeUnit.SECONDS);
        assertEquals("test:small", service.state().fabric());
        assertEquals(small.topology().nodes().size(), (int) model.read(f -> f.getNodes().size()));
    }

    @Test
    void anAutomaticConnectionWaitsForAProviderOfItsFabric() throws Exception {
        FabricConnectionService auto = new FabricConnectionService(Services.get(Discovery.class),
                new FabricModelServiceImpl(), "test:small", new SweepOptions(16, Duration.ofMillis(200), 2),
                Duration.ZERO, true);
        try {
            java.util.concurrent.CompletableFuture<ConnectionState> connected = new java.util.concurrent.CompletableFuture<>();
            auto.addListener(s -> {
                if (s.phase() == Phase.CONNECTED) {
                    connected.complete(s);
                }
            });
            assertEquals(Phase.IDLE, auto.state().phase(), "no provider handles test:small yet");
            auto.provide(new ChannelProvider() {
                @Override
                public boolean handles(String fabric) {
                    return fabric.equals("test:small");
                }

                @Override
                public MadChannel open(String fabric) {
                    return small.openChannel(small.defaultAttachPoint());
                }
            }, 7);
            assertEquals("test:small", connected.get(30, TimeUnit.SECONDS).fabric());
        } finally {
            auto.deactivate();
        }
    }

    @Test
    void aSavedModelOpensAsASnapshotThatIsNotSwept() throws Exception {
        service.connect("test:other").get(30, TimeUnit.SECONDS);
        java.nio.file.Path file = java.nio.file.Files.createDirectories(java.nio.file.Path.of("target", "connection"))
                .resolve("saved.xmi");
        try (var out = java.nio.file.Files.newOutputStream(file)) {
            model.save(out);
        }
        FabricModelServiceImpl other = new FabricModelServiceImpl();
        FabricConnectionService reader = new FabricConnectionService(Services.get(Discovery.class), other, "sim",
                new SweepOptions(16, Duration.ofMillis(200), 2), Duration.ZERO);
        try {
            String spec = "snapshot:" + file;
            reader.connect(spec).get(30, TimeUnit.SECONDS);
            assertEquals(model.read(f -> f.getNodes().size()), other.read(f -> f.getNodes().size()));
            assertEquals(spec, reader.state().fabric());
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> reader.resweep().get(30, TimeUnit.SECONDS));
            assertEquals(spec + " is a saved model: it is not swept", e.getCause().getMessage());
            ExecutionException missing = assertThrows(ExecutionException.class,
                    () -> reader.connect("snapshot:target/connection/none.xmi").get(30, TimeUnit.SECONDS));
            assertEquals("cannot open snapshot:target/connection/none.xmi: no file target/connection/none.xmi",
                    missing.getCause().getMessage());
            assertEquals(spec, reader.state().fabric(), "the snapshot stays");
        } finally {
            reader.deactivate();
        }
    }

    @Test
    void aResweepWithNothingConnectedFails() {
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> service.resweep().get(30, TimeUnit.SECONDS));
        assertEquals("no fabric is connected", e.getCause().getMessage());
        assertFalse(service.state().busy());
    }
}
