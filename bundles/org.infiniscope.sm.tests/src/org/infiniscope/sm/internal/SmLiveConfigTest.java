package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.subnet.Subnet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SM service takes a changed configuration (Configuration Admin calls its {@code @Modified} method) by OpenSM's
 * option names as by Declarative Services' ones: priority, sweep interval and routing engine while it runs on (its
 * sweep history goes on), any other key by a restart (a history from sweep 1 again), and a configuration in error
 * not at all.
 */
class SmLiveConfigTest {

    private static final String FABRIC = "sim:ft2:4:2:4";
    private static final int NODES = 4 + 2 + 16;

    @Test
    void priorityIntervalAndEngineChangeWhileItRunsOtherKeysRestartIt(@TempDir Path dir) throws Exception {
        try (SmServiceFixture s = new SmServiceFixture(dir.resolve("guid2lid"), FABRIC)) {
            Subnet up = s.awaitUp(NODES);
            assertEquals("minhop", up.routing().engine());
            assertEquals(List.of("minhop"), s.sm.routingChain());
            long guid = s.sm.portGuid();
            int before = s.sm.sweepHistory().size();

            s.update(Map.of("sm.priority", "9"));
            assertEquals(9, s.sm.priority());

            s.update(Map.of("routing_engine", "updn,minhop"));
            assertEquals(List.of("updn", "minhop"), s.sm.routingChain());
            // a heavy sweep that began before the change (the one after the first SUBNET UP) ends routed by min-hop
            Subnet rerouted = s.awaitUp(NODES, sub -> "updn".equals(sub.routing().engine()),
                    "the reroute the engine change asked for");
            assertEquals(List.of("updn", "minhop"), s.sm.routingChain());

            // no timer before (sweep_interval 0): a light sweep now, then one a second
            s.update(Map.of("sweep_interval", 1));
            long started = System.nanoTime();
            assertEquals(SweepKind.LIGHT, s.awaitSweep().kind());
            assertEquals(SweepKind.LIGHT, s.awaitSweep().kind());
            assertEquals(SweepKind.LIGHT, s.awaitSweep().kind());
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertTrue(took.compareTo(Duration.ofMillis(1500)) > 0 && took.compareTo(Duration.ofSeconds(30)) < 0,
                    "three light sweeps, the 2nd and 3rd a second apart, in " + took);

            List<SweepHistoryEntry> history = s.sm.sweepHistory();
            assertTrue(history.size() > before && history.get(0).number() == 1,
                    "one history, not restarted: " + history);
            assertEquals(guid, s.sm.portGuid());
            assertEquals(SmState.MASTER, s.sm.state());

            // an unknown key: refused, the SM goes on as it was
            s.update(Map.of("sm_priorty", "3"));
            assertEquals(9, s.sm.priority());
            s.config.remove("sm_priorty");

            // the LMC is not taken live: the SM restarts and sweeps from 1 again, with the live keys kept
            s.update(Map.of("lmc", "1", "sweep_interval", 0));
            Subnet restarted = s.awaitUp(NODES);
            List<SweepHistoryEntry> h = s.sm.sweepHistory();
            assertEquals(1, h.size(), "the restarted SM's history: " + h);
            assertEquals(SweepKind.HEAVY, h.get(0).kind());
            assertEquals(9, s.sm.priority());
            assertEquals(List.of("updn", "minhop"), s.sm.routingChain());
            assertEquals("updn", restarted.routing().engine());
            assertTrue(
                    restarted.nodes().stream().filter(n -> !n.isSwitch()).allMatch(
                            n -> n.ports().stream().filter(p -> p.number() > 0).allMatch(p -> p.info().lmc() == 1)),
                    "every CA port with LMC 1");
        }
    }
}
