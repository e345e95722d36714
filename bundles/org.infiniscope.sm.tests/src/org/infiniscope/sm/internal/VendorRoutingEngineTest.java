package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.internal.routing.TopologyGraphs;
import org.infiniscope.sm.internal.routing.UpDownEngine;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A vendor's routing engine is called through VendorCalls: one that throws, or hangs without heeding interrupts, costs
 * the SM one bounded wait, is quarantined, and the next engine of the chain routes the subnet; one that refuses with a
 * RoutingException is asked again at the next sweep.
 */
class VendorRoutingEngineTest {

    private static final RoutingRequest REQUEST = new RoutingRequest(Set.of(), 8, Map.of());
    private final CountDownLatch release = new CountDownLatch(1);

    /** A vendor engine that counts its calls and misbehaves as told. */
    private final class Misbehaving implements RoutingEngine {
        final AtomicInteger calls = new AtomicInteger();
        final String how;

        Misbehaving(String how) {
            this.how = how;
        }

        @Override
        public String name() {
            return "vendor-" + how;
        }

        @Override
        public RoutingResult route(RoutingGraph graph, RoutingRequest request) throws RoutingException {
            calls.incrementAndGet();
            switch (how) {
                case "throws" -> throw new IllegalStateException("vendor bug");
                case "refuses" -> throw new RoutingException("the subnet has no fat-tree shape");
                default -> {
                    // hangs, deaf to interrupts, until the test ends
                    while (true) {
                        try {
                            if (release.await(1, TimeUnit.MINUTES)) {
                                throw new RoutingException("released");
                            }
                        } catch (InterruptedException ignored) {
                            // a hung vendor engine does not stop when asked
                        }
                    }
                }
            }
        }
    }

    @AfterEach
    void releaseHungEngines() {
        release.countDown();
    }

    private static RoutingGraph graph() throws Exception {
        return TopologyGraphs.sequential(TopologySpec.parse("ft2:2:2:2"), 0);
    }

    private RoutingEngines engines(RoutingEngine vendorEngine) {
        RoutingEngines engines = new RoutingEngines(new VendorCalls(Duration.ofSeconds(5)), e -> e == vendorEngine);
        engines.add(vendorEngine, 0, 1);
        engines.add(new UpDownEngine(), 0, 2);
        engines.add(new MinHopEngine(), 0, 3);
        return engines;
    }

    @Test
    void aThrowingVendorEngineIsQuarantinedAndTheNextEngineRoutes() throws Exception {
        Misbehaving vendor = new Misbehaving("throws");
        RoutingEngines engines = engines(vendor);
        RoutingGraph graph = graph();
        RoutingEngines.Routed first = engines.route(List.of(vendor.name(), "updn"), graph, REQUEST);
        assertEquals("updn", first.result().engine());
        assertEquals(1, first.fallbacks().size(), first.fallbacks().toString());
        assertTrue(
                first.fallbacks().get(0).startsWith("vendor-throws: ")
                        && first.fallbacks().get(0).contains("threw java.lang.IllegalStateException: vendor bug"),
                first.fallbacks().toString());
        RoutingEngines.Routed second = engines.route(List.of(vendor.name(), "updn"), graph, REQUEST);
        assertEquals("updn", second.result().engine());
        assertTrue(second.fallbacks().get(0).contains("is not called since it threw"), second.fallbacks().toString());
        assertEquals(1, vendor.calls.get(), "a quarantined engine is not called again");
    }

    @Test
    void aHungVendorEngineCostsOneBoundedWaitAndMinHopRoutes() throws Exception {
        Misbehaving vendor = new Misbehaving("hangs");
        RoutingEngines engines = engines(vendor);
        RoutingGraph graph = graph();
        long start = System.nanoTime();
        RoutingEngines.Routed first = engines.route(List.of(vendor.name()), graph, REQUEST, Duration.ofMillis(300));
        long firstMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals("minhop", first.result().engine());
        assertTrue(first.fallbacks().get(0).contains("gave no answer to route within 300 ms"),
                first.fallbacks().toString());
        assertTrue(firstMillis >= 300, "the chain waited for the engine's bound: " + firstMillis + " ms");
        // the SM has no routing time limit: the engine is still not called (quarantined), nothing waits
        RoutingEngines.Routed second = engines.route(List.of(vendor.name()), graph, REQUEST);
        assertEquals("minhop", second.result().engine());
        assertTrue(second.fallbacks().get(0).contains("is not called since it gave no answer"),
                second.fallbacks().toString());
        assertEquals(1, vendor.calls.get());
    }

    @Test
    void aVendorEnginesOwnRefusalIsItsAnswerAndItIsAskedAgain() throws Exception {
        Misbehaving vendor = new Misbehaving("refuses");
        RoutingEngines engines = engines(vendor);
        RoutingGraph graph = graph();
        for (int sweep = 1; sweep <= 2; sweep++) {
            RoutingEngines.Routed r = engines.route(List.of(vendor.name()), graph, REQUEST);
            assertEquals("minhop", r.result().engine());
            assertEquals(List.of("vendor-refuses: the subnet has no fat-tree shape"), r.fallbacks());
        }
        assertEquals(2, vendor.calls.get());
    }
}
