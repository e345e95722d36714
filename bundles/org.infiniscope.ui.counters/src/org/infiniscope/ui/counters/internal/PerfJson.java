package org.infiniscope.ui.counters.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The REST API's counters JSON ({@code /api/v1/counters}, {@code …/counters/summary}, {@code …/counters/history}) read
 * back into the performance manager's values, so that a remote runtime's counters are shown by the same code as local
 * ones. A counter label this client does not know (a newer runtime's) is left out.
 */
final class PerfJson {

    private PerfJson() {
    }

    /** @return a GUID the API wrote as {@code 0x} and hex digits */
    static long guid(String text) {
        if (!text.startsWith("0x")) {
            throw new IllegalArgumentException("not a GUID: " + text);
        }
        return Long.parseUnsignedLong(text.substring(2), 16);
    }

    /** @return a port the API wrote as {@code GUID/PORT}, or null */
    static PortKey port(JsonNode text) {
        if (text == null || text.isNull()) {
            return null;
        }
        String s = text.asText();
        int slash = s.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not a port: " + s);
        }
        return new PortKey(guid(s.substring(0, slash)), Integer.parseInt(s.substring(slash + 1)));
    }

    /** @return the path of a port's resources, {@code /api/v1/nodes/GUID/ports/N} */
    static String path(PortKey key) {
        return String.format("/api/v1/nodes/0x%016x/ports/%d", key.nodeGuid(), key.port());
    }

    static PortStats stats(JsonNode j) {
        PortKey key = new PortKey(guid(j.path("node").asText()), j.path("number").asInt());
        JsonNode ber = j.path("ber");
        BitErrorRate rates = ber.isObject()
                ? new BitErrorRate(ber.path("symbol").asDouble(Double.NaN),
                        ber.path("symbolSinceStart").asDouble(Double.NaN), ber.path("fec").asDouble(Double.NaN),
                        ber.path("fecSinceStart").asDouble(Double.NaN), ber.path("extendedSpeeds").asBoolean(),
                        ber.path("rsFec").asBoolean())
                : BitErrorRate.UNKNOWN;
        List<Counter> saturated = new ArrayList<>();
        j.path("saturated").forEach(c -> {
            Counter counter = Counter.ofLabel(c.asText());
            if (counter != null) {
                saturated.add(counter);
            }
        });
        return new PortStats(key, j.path("nodeName").asText(), j.path("isSwitch").asBoolean(),
                guid(j.path("portGuid").asText("0x0")), j.path("lid").asInt(), j.path("linkBitsPerSecond").asDouble(),
                j.path("reachable").asBoolean(), j.path("extended").asBoolean(), counters(j.path("totals")),
                counters(j.path("deltas")), saturated, j.path("resetsSeen").asInt(), j.path("seconds").asDouble(),
                j.path("xmitBytesPerSecond").asDouble(), j.path("rcvBytesPerSecond").asDouble(),
                j.path("xmitPacketsPerSecond").asDouble(), j.path("rcvPacketsPerSecond").asDouble(),
                j.path("utilisation").asDouble(), j.path("xmitWaitRatio").asDouble(), port(j.get("peer")), rates);
    }

    private static Map<Counter, Long> counters(JsonNode object) {
        Map<Counter, Long> map = new EnumMap<>(Counter.class);
        object.properties().forEach(e -> {
            Counter c = Counter.ofLabel(e.getKey());
            if (c != null) {
                map.put(c, e.getValue().asLong());
            }
        });
        return map;
    }

    /** @return the last sweep of a {@code /counters/summary} answer */
    static Optional<SweepSummary> lastSweep(JsonNode summary) {
        JsonNode s = summary.path("lastSweep");
        if (!s.isObject()) {
            return Optional.empty();
        }
        List<String> unreachable = new ArrayList<>();
        s.path("unreachable").forEach(u -> unreachable.add(u.asText()));
        return Optional.of(new SweepSummary(Instant.parse(s.path("started").asText()),
                Duration.ofNanos(Math.round(s.path("seconds").asDouble() * 1e9)), s.path("nodes").asInt(),
                s.path("ports").asInt(), unreachable, s.path("queries").asLong(), s.path("resets").asInt()));
    }

    /** @return the samples of a {@code …/counters/history} answer, oldest first */
    static List<Sample> history(JsonNode history) {
        List<Sample> samples = new ArrayList<>();
        for (JsonNode s : history.path("samples")) {
            samples.add(new Sample(Instant.parse(s.path("time").asText()).toEpochMilli(), s.path("xmitBytes").asLong(),
                    s.path("rcvBytes").asLong(), s.path("xmitPackets").asLong(), s.path("rcvPackets").asLong(),
                    s.path("errors").asLong(), s.path("xmitWait").asLong()));
        }
        return List.copyOf(samples);
    }
}
