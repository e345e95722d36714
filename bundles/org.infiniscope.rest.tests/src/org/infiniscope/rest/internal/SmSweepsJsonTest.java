package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/** One sweep of the SM's history as {@code GET /sm/sweeps} writes it: every field the remote SM view reads. */
class SmSweepsJsonTest {

    @Test
    void aHeavySweepWithItsPhasesResultAndChanges() {
        Map<SmPhase, Duration> phases = new LinkedHashMap<>();
        phases.put(SmPhase.DISCOVERY, Duration.ofMillis(1250));
        phases.put(SmPhase.values()[1], Duration.ofMillis(5));
        SweepHistoryEntry e = new SweepHistoryEntry(12, SweepKind.HEAVY, Instant.parse("2026-11-30T01:02:03.456Z"),
                Duration.ofMillis(1500), phases, 4321, true, Optional.empty(),
                new SweepChanges(474, 1, 2, 3, 4, 5, 6, 7, 8));
        JsonNode json = SmEndpoints.historyJson(e);
        assertEquals(12, json.get("number").asLong());
        assertEquals("HEAVY", json.get("kind").asText());
        assertEquals("2026-11-30T01:02:03.456Z", json.get("start").asText());
        assertEquals(1.5, json.get("seconds").asDouble());
        assertEquals(1.25, json.get("phases").get("DISCOVERY").asDouble());
        assertEquals(0.005, json.get("phases").get(SmPhase.values()[1].name()).asDouble());
        assertEquals(4321, json.get("smps").asLong());
        assertTrue(json.get("up").asBoolean());
        assertEquals("up", json.get("result").asText());
        assertTrue(json.get("problem").isNull());
        JsonNode c = json.get("changes");
        assertEquals(474, c.get("nodes").asInt());
        assertEquals(1, c.get("nodesAdded").asInt());
        assertEquals(2, c.get("nodesRemoved").asInt());
        assertEquals(3, c.get("lidsChanged").asInt());
        assertEquals(4, c.get("portInfoSets").asInt());
        assertEquals(5, c.get("switchInfoSets").asInt());
        assertEquals(6, c.get("lftBlocks").asInt());
        assertEquals(7, c.get("pKeySets").asInt());
        assertEquals(8, c.get("activations").asInt());
    }

    @Test
    void aStandbySweepsProblemWithoutTheKeyItNames() {
        SweepHistoryEntry e = new SweepHistoryEntry(3, SweepKind.LIGHT, Instant.EPOCH, Duration.ofMillis(20), Map.of(),
                10, false, Optional.of("standing by: the master's sm_key 0x1234 outranks us"), SweepChanges.none(9));
        JsonNode json = SmEndpoints.historyJson(e);
        assertEquals("standby", json.get("result").asText());
        assertEquals(0, json.get("phases").size());
        assertTrue(json.get("problem").asText().startsWith("standing by"), json.toString());
        assertTrue(!json.get("problem").asText().contains("0x1234"), "no key in the API: " + json);
    }
}
