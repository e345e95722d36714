package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

/** A {@code counters} event for each new sweep of the performance manager, once, and none for an older one. */
class CounterSweepEventsTest {

    /** A performance manager whose last sweep the test sets. */
    private static final class Swept implements PerfManager {
        volatile SweepSummary last;

        @Override
        public SweepSummary sweep(MadTransport transport, FabricSnapshot fabric, PollOptions options) {
            throw new UnsupportedOperationException("the test sets the last sweep");
        }

        @Override
        public Optional<SweepSummary> lastSweep() {
            return Optional.ofNullable(last);
        }

        @Override
        public List<PortStats> ports() {
            return List.of();
        }

        @Override
        public Optional<PortStats> port(PortKey key) {
            return Optional.empty();
        }

        @Override
        public List<Sample> history(PortKey key) {
            return List.of();
        }

        @Override
        public List<PortStats> top(org.infiniscope.perf.Metric metric, int n) {
            return List.of();
        }

        @Override
        public List<PerfEvent> events() {
            return List.of();
        }

        @Override
        public void clear() {
        }
    }

    @Test
    void eachNewSweepIsOneEventAndOneDoneBeforeTheApiStartedIsNone() throws Exception {
        Swept perf = new Swept();
        Instant t0 = Instant.parse("2026-11-30T01:00:00Z");
        perf.last = new SweepSummary(t0, Duration.ofMillis(40), 38, 150, List.of(), 38, 0);
        EventHub hub = new EventHub();
        CounterSweepEvents events = new CounterSweepEvents(perf, hub);
        try {
            events.check();
            assertEquals(0, hub.lastId(), "the sweep before the API started is not news");
            perf.last = new SweepSummary(t0.plusSeconds(10), Duration.ofMillis(1500), 37, 148, List.of("sw 3"), 37, 0);
            events.check();
            events.check();
            EventHub.Batch batch = hub.after(0, 10, 0);
            assertEquals(1, batch.events().size(), "one event a sweep: " + batch.events());
            EventHub.Event e = batch.events().getFirst();
            assertEquals("counters", e.type());
            var data = new ObjectMapper().readTree(e.json());
            assertEquals("2026-11-30T01:00:10Z", data.get("started").asText());
            assertEquals(1.5, data.get("seconds").asDouble());
            assertEquals(37, data.get("nodes").asInt());
            assertEquals(148, data.get("ports").asInt());
            assertEquals(1, data.get("unreachable").asInt());
        } finally {
            events.stop();
        }
    }
}
