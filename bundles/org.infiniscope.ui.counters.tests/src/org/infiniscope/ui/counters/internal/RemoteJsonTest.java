package org.infiniscope.ui.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.ui.counters.SmSource;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The REST API's counters and SM JSON, as the runtime writes it (copied from its answers on the simulated fat tree),
 * read back into the values the views show: 64-bit GUIDs written in hex, counters by label (one this client does not
 * know left out), unknown bit error rates written as "NaN", the peer port, a sweep's phases.
 */
class RemoteJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void aPortsCountersAsTheApiWritesThem() throws Exception {
        PortStats s = PerfJson.stats(json("""
                {"port":"0xf452140300a00001/1","node":"0xf452140300a00001","number":1,"nodeName":"leaf01 HCA-1",
                 "isSwitch":false,"portGuid":"0xf452140300a00002","lid":12,"linkBitsPerSecond":1.0E11,
                 "reachable":true,"extended":true,
                 "totals":{"SymbolErrorCounter":3,"PortXmitData":18446744073709551,"NewCounterOfANewerRuntime":9},
                 "deltas":{"SymbolErrorCounter":1},"saturated":["LinkDownedCounter"],"resetsSeen":0,"seconds":10.0,
                 "xmitBytesPerSecond":1250.5,"rcvBytesPerSecond":0.0,"xmitPacketsPerSecond":5.0,
                 "rcvPacketsPerSecond":0.0,"utilisation":0.25,"xmitWaitRatio":0.0,
                 "peer":"0xf452140300b00000/7",
                 "ber":{"symbol":"NaN","symbolSinceStart":1.5E-12,"fec":"NaN","fecSinceStart":"NaN",
                        "extendedSpeeds":false,"rsFec":false}}
                """));
        assertEquals(new PortKey(0xf452140300a00001L, 1), s.key());
        assertEquals(0xf452140300a00002L, s.portGuid());
        assertEquals("leaf01 HCA-1", s.nodeName());
        assertEquals(12, s.lid());
        assertEquals(3, s.total(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(18446744073709551L, s.total(Counter.PORT_XMIT_DATA));
        assertEquals(2, s.totals().size(), "the unknown label left out: " + s.totals());
        assertEquals(1, s.errorDelta());
        assertEquals(List.of(Counter.LINK_DOWNED_COUNTER), s.saturated());
        assertEquals(new PortKey(0xf452140300b00000L, 7), s.peer());
        assertEquals(0.25, s.utilisation());
        assertTrue(Double.isNaN(s.ber().symbol()));
        assertEquals(1.5e-12, s.ber().symbolSinceStart());
        assertNull(PerfJson.stats(json("""
                {"node":"0x0000000000000001","number":0,"portGuid":"0x0000000000000001","peer":null}""")).peer());
    }

    @Test
    void theLastSweepAndAHistory() throws Exception {
        var sweep = PerfJson.lastSweep(json("""
                {"lastSweep":{"started":"2026-11-30T01:00:00Z","seconds":0.25,"nodes":474,"ports":1296,
                 "queries":474,"resets":0,"unreachable":["sw 3"]},"rulesBroken":[]}""")).orElseThrow();
        assertEquals(Instant.parse("2026-11-30T01:00:00Z"), sweep.started());
        assertEquals(Duration.ofMillis(250), sweep.elapsed());
        assertEquals(List.of("sw 3"), sweep.unreachable());
        assertTrue(PerfJson.lastSweep(json("{\"lastSweep\":null,\"rulesBroken\":[]}")).isEmpty());

        List<Sample> history = PerfJson.history(json("""
                {"port":"0x0000000000000001/1","samples":[
                 {"time":"2026-11-30T01:00:00Z","xmitBytes":10,"rcvBytes":20,"xmitPackets":1,"rcvPackets":2,
                  "errors":0,"xmitWait":5}]}"""));
        assertEquals(List.of(new Sample(Instant.parse("2026-11-30T01:00:00Z").toEpochMilli(), 10, 20, 1, 2, 0, 5)),
                history);
        assertEquals("/api/v1/nodes/0xf452140300a00001/ports/1", PerfJson.path(new PortKey(0xf452140300a00001L, 1)));
    }

    @Test
    void theSmsStatusAndASweepsReport() throws Exception {
        SmSource.Status status = RemoteSmSource.status(json("""
                {"state":"MASTER","priority":15,"portGuid":"0xf452140300a00002","routingChain":["updn","minhop"],
                 "subnet":{"sweep":4,
                 "subnetPrefix":"0xfe80000000000000","smPortGuid":"0xf452140300a00002","smLid":1,"nodes":474,
                 "switches":42,"links":1296,"maxLid":474,"routingEngine":"minhop",
                 "routeCheck":{"ok":false,"pairs":224202,"unreachable":0,"loops":0,"creditLoopLayers":[0]},
                 "knownSms":[{"portGuid":"0xf452140300a00002","lid":1,"state":"MASTER","priority":15}]}}"""),
                List.of());
        assertTrue(status.running());
        assertEquals(SmState.MASTER, status.state());
        assertEquals(0xf452140300a00002L, status.portGuid());
        SmSource.SubnetFacts subnet = status.subnet().orElseThrow();
        assertEquals(0xfe80000000000000L, subnet.subnetPrefix());
        assertEquals(42, subnet.switches());
        assertEquals("minhop", subnet.routingEngine());
        assertEquals(List.of("updn", "minhop"), status.routingChain());
        SmSource.RouteCheck check = subnet.check().orElseThrow();
        assertFalse(check.ok(), "a credit loop in layer 0");
        assertEquals(List.of(0), check.creditLoopLayers());
        assertEquals(List.of(new SmSource.KnownSmRow(0xf452140300a00002L, 1, "MASTER", 15)), subnet.known());
        assertTrue(
                RemoteSmSource
                        .status(json("{\"state\":\"DISCOVERING\",\"priority\":0,"
                                + "\"portGuid\":\"0x0000000000000000\",\"subnet\":null}"), List.of())
                        .subnet().isEmpty());

        SmSource.Swept swept = RemoteSmSource.swept(json("""
                {"kind":"HEAVY","up":false,"smps":1234,"problem":"no LID for sw 3",
                 "phases":{"DISCOVERY":0.5,"A_PHASE_OF_A_NEWER_RUNTIME":1.0}}"""));
        assertEquals("heavy", swept.kind());
        assertEquals(1234, swept.smps());
        assertFalse(swept.up());
        assertEquals("no LID for sw 3", swept.problem().orElseThrow());
        assertEquals(java.util.Map.of(SmPhase.DISCOVERY, Duration.ofMillis(500)), swept.phases());
    }

    /** GET /sm/sweeps: the SM's history as listed, newest first; a sweep of a kind this client does not know is left out. */
    @Test
    void theSmsSweepHistory() throws Exception {
        List<SweepHistoryEntry> sweeps = RemoteSmSource.sweeps(
                json("""
                        {"total":3,"offset":0,"limit":20,"next":null,"items":[
                         {"number":7,"kind":"HEAVY","start":"2026-11-30T01:00:00.250Z","seconds":1.5,
                          "phases":{"DISCOVERY":0.5,"A_PHASE_OF_A_NEWER_RUNTIME":1.0},"smps":5000,"up":false,"result":"failed",
                          "problem":"no LID for sw 3","changes":{"nodes":474,"nodesAdded":0,"nodesRemoved":1,"lidsChanged":0,
                          "portInfoSets":2,"switchInfoSets":0,"lftBlocks":12,"pKeySets":0,"activations":0}},
                         {"number":6,"kind":"SIDEWAYS","start":"2026-11-30T00:59:00Z","seconds":0.1,"phases":{},"smps":1,
                          "up":true,"result":"up","problem":null,"changes":{"nodes":474}},
                         {"number":5,"kind":"LIGHT","start":"2026-11-30T00:58:00Z","seconds":0.125,"phases":{},"smps":42,
                          "up":true,"result":"up","problem":null,"changes":{"nodes":474,"nodesAdded":0,"nodesRemoved":0,
                          "lidsChanged":0,"portInfoSets":0,"switchInfoSets":0,"lftBlocks":0,"pKeySets":0,"activations":0}}]}"""));
        assertEquals(2, sweeps.size(), sweeps.toString());
        SweepHistoryEntry heavy = sweeps.get(0);
        assertEquals(new SweepHistoryEntry(7, SweepKind.HEAVY, Instant.parse("2026-11-30T01:00:00.250Z"),
                Duration.ofMillis(1500), java.util.Map.of(SmPhase.DISCOVERY, Duration.ofMillis(500)), 5000, false,
                java.util.Optional.of("no LID for sw 3"), new SweepChanges(474, 0, 1, 0, 2, 0, 12, 0, 0)), heavy);
        assertEquals("failed", heavy.result());
        SweepHistoryEntry light = sweeps.get(1);
        assertEquals(5, light.number());
        assertEquals(SweepKind.LIGHT, light.kind());
        assertTrue(light.up() && light.problem().isEmpty() && !light.changes().any());
        assertEquals(Duration.ofMillis(125), light.duration());
    }
}
