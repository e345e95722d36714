package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** The SM's sweep history: what each sweep took, found and wrote, as {@code sm:sweeps} and the views read it. */
class SweepHistoryTest {

    @Test
    void theFirstSweepWritesEverythingALightOneNothingAndAHeavyOneAfterItNothingNew() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        int nodes = sim.topology().nodes().size();
        long endports = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).count()
                + sim.topology().nodes().stream().filter(n -> n.isSwitch()).count();
        Instant before = Instant.now();
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(null)).start()) {
            sm.awaitUp();
            // activation's link state changes may still bring a heavy sweep (traps, PortStateChange): light sweeps
            // are asked for until one stays light
            SweepHistoryEntry light = null;
            for (int i = 0; i < 5 && light == null; i++) {
                if (sm.runner.sweep(SweepKind.LIGHT).get(60, TimeUnit.SECONDS).kind() == SweepKind.LIGHT) {
                    List<SweepHistoryEntry> h = sm.runner.sweepHistory();
                    light = h.get(h.size() - 1);
                }
            }
            assertNotNull(light, "a light sweep that stayed light: " + sm.runner.sweepHistory());
            sm.runner.sweep(SweepKind.HEAVY).get(60, TimeUnit.SECONDS);
            List<SweepHistoryEntry> h = sm.runner.sweepHistory();
            for (int i = 0; i < h.size(); i++) {
                assertEquals(i + 1, h.get(i).number(), "numbered in order: " + h);
                assertFalse(i > 0 && h.get(i).start().isBefore(h.get(i - 1).start()), "in start order: " + h);
            }

            SweepHistoryEntry first = h.get(0);
            assertEquals(SweepKind.HEAVY, first.kind());
            assertTrue(first.up(), first.toString());
            assertEquals("up", first.result());
            assertFalse(first.start().isBefore(before));
            assertEquals(
                    List.of(SmPhase.DISCOVERY, SmPhase.LIDS, SmPhase.ROUTING, SmPhase.PROGRAMMING, SmPhase.ACTIVATION),
                    List.copyOf(first.phases().keySet()));
            Duration phases = first.phases().values().stream().reduce(Duration.ZERO, Duration::plus);
            assertTrue(first.duration().compareTo(phases) >= 0, first.toString());
            SweepChanges c = first.changes();
            assertEquals(nodes, c.nodes());
            assertEquals(nodes, c.nodesAdded());
            assertEquals(0, c.nodesRemoved());
            assertEquals(endports, c.lidsChanged(), "every host port and switch port 0 got its LID");
            assertTrue(c.lftBlocks() > 0 && c.switchInfoSets() > 0 && c.portInfoSets() > 0, c.toString());
            assertTrue(first.smps() > 0);

            assertTrue(light.up());
            assertTrue(light.phases().isEmpty());
            assertEquals(SweepChanges.none(nodes), light.changes());

            SweepHistoryEntry again = h.get(h.size() - 1);
            assertEquals(SweepKind.HEAVY, again.kind());
            assertTrue(again.up());
            assertEquals(nodes, again.changes().nodes());
            assertEquals(0, again.changes().nodesAdded());
            assertEquals(0, again.changes().lidsChanged());
            assertEquals(0, again.changes().lftBlocks(), "the LFTs are as the first sweep wrote them");
            assertEquals(0, again.changes().activations());

            String lines = new SmCommands(sm.runner).sweeps(2);
            assertEquals(2, lines.lines().count(), lines);
            assertTrue(
                    SmCommands.line(light).matches("#\\d+ \\S+Z light up [0-9.]+ s, \\d+ SMPs, " + nodes + " nodes\n"),
                    SmCommands.line(light));
            assertTrue(lines.endsWith(SmCommands.line(again)), lines);
            assertTrue(SmCommands.line(again)
                    .matches("#" + h.size() + " \\S+Z heavy up [0-9.]+ s \\(discovery [0-9.]+, "
                            + "lids [0-9.]+, routing [0-9.]+, programming [0-9.]+, activation [0-9.]+\\), \\d+ SMPs, "
                            + nodes + " nodes\n"),
                    SmCommands.line(again));
            assertTrue(new SmCommands(sm.runner).status().contains("last sweep: #" + h.size() + " "));
        }
    }

    @Test
    void keepsTheLastSweepsOnly() {
        SweepHistory history = new SweepHistory(3);
        SweepReport report = new SweepReport(SweepKind.LIGHT, Map.of(), 4, Optional.empty(),
                Optional.of("standing by: the master SM is 0x1"));
        for (int i = 0; i < 5; i++) {
            history.add(report, Instant.EPOCH.plusSeconds(i), Duration.ofMillis(i), SweepChanges.none(i));
        }
        List<SweepHistoryEntry> kept = history.entries();
        assertEquals(List.of(3L, 4L, 5L), kept.stream().map(SweepHistoryEntry::number).toList());
        assertEquals(Instant.EPOCH.plusSeconds(2), kept.get(0).start());
        assertEquals("standby", kept.get(0).result());
        assertEquals("failed", new SweepHistoryEntry(1, SweepKind.HEAVY, Instant.EPOCH, Duration.ZERO, Map.of(), 0,
                false, Optional.of("discovery failed: x"), SweepChanges.none(0)).result());
    }
}
