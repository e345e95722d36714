package org.infiniscope.model.connection.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.connection.ConnectionState.Phase;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.model.connection.FabricConnectionException;
import org.infiniscope.testing.Services;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The registered connection service on the embedded simulator's channel provider: a generator fabric, a topology
 * file, a malformed one (the old fabric stays), and the SM's configuration following the simulated fabric.
 */
class FabricConnectionOsgiTest {

    private static FabricConnection connection;
    private static FabricModelService model;

    @BeforeAll
    static void services() {
        Services.start("org.apache.felix.configadmin");
        Services.start("org.infiniscope.sim");
        Services.await(org.infiniscope.mad.transport.ChannelProvider.class,
                "(component.name=org.infiniscope.sim.internal.SimChannelProvider)");
        connection = Services.get(FabricConnection.class);
        model = Services.get(FabricModelService.class);
    }

    @Test
    void aGeneratedFabricIsSweptIntoTheModelAndTheSmFollowsIt() throws Exception {
        connection.connect("sim:ft2:2:1:3").get(60, TimeUnit.SECONDS);
        assertEquals(Phase.CONNECTED, connection.state().phase());
        assertEquals("sim:ft2:2:1:3", connection.state().fabric());
        assertEquals(2 + 1 + 6, (int) model.read(f -> f.getNodes().size()));
        ConfigurationAdmin admin = Services.get(ConfigurationAdmin.class);
        Object fabric = admin.getConfiguration(SmFollower.SM_PID, "?").getProperties().get("fabric");
        assertEquals("sim:ft2:2:1:3", fabric, "the SM's configuration names the simulated fabric");
    }

    @Test
    void aConfiguredPerformancePollerFollowsTheConnectedFabric() throws Exception {
        ConfigurationAdmin admin = Services.get(ConfigurationAdmin.class);
        var poller = admin.getConfiguration(SmFollower.POLLER_PID, "?");
        var props = new java.util.Hashtable<String, Object>();
        props.put("fabric", "sim");
        props.put("intervalSeconds", 0); // configured, yet off: this test needs no polling, only its fabric
        poller.update(props);
        try {
            connection.connect("sim:ft2:2:1:2").get(60, TimeUnit.SECONDS);
            assertEquals("sim:ft2:2:1:2",
                    admin.getConfiguration(SmFollower.POLLER_PID, "?").getProperties().get("fabric"));
            assertEquals(0, admin.getConfiguration(SmFollower.POLLER_PID, "?").getProperties().get("intervalSeconds"),
                    "the other settings stay");
        } finally {
            admin.getConfiguration(SmFollower.POLLER_PID, "?").delete();
        }
    }

    @Test
    void aMalformedTopologyFileFailsNamingItsLineAndTheConnectedFabricStays() throws Exception {
        connection.connect("sim:ft2:2:1:2").get(60, TimeUnit.SECONDS);
        Path dir = Files.createDirectories(Path.of("target", "connection"));
        Path bad = dir.resolve("bad.net");
        Files.writeString(bad, """
                # one host, one switch
                Switch\t4 "s1"
                [1]\t"h1"[1]
                [9]\t"h1"[2]

                Hca\t2 "h1"
                [1]\t"s1"[1]
                """);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> connection.connect("sim:" + bad).get(60, TimeUnit.SECONDS));
        FabricConnectionException cause = assertInstanceOf(FabricConnectionException.class, e.getCause());
        assertTrue(cause.getMessage().startsWith("cannot open sim:" + bad + ": " + bad + ":"), cause.getMessage());
        assertTrue(cause.getMessage().matches(".*bad\\.net:[0-9]+: .*"), "names the line: " + cause.getMessage());
        assertEquals("sim:ft2:2:1:2", connection.state().fabric());
        assertEquals(Phase.CONNECTED, connection.state().phase());
        assertEquals(2 + 1 + 4, (int) model.read(f -> f.getNodes().size()));
    }

    @Test
    void aTopologyFileOpens() throws Exception {
        Path file = Path.of("target", "connection", "ft2-16.net");
        Files.createDirectories(file.getParent());
        try (var in = FabricConnectionOsgiTest.class
                .getResourceAsStream("/org/infiniscope/model/connection/fabrics/ft2-16.net")) {
            assertNotNull(in, "the test fabric is a resource");
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        connection.connect("sim:" + file.toAbsolutePath()).get(60, TimeUnit.SECONDS);
        assertEquals(16 + 6, (int) model.read(f -> f.getNodes().size()));
        connection.resweep().get(60, TimeUnit.SECONDS);
        assertEquals(2, connection.state().sweeps(), "a resweep of a topology file's fabric");
    }
}
