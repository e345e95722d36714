package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.PortState;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** Readers under {@code read} never see an update half-done; updates from two threads are serialized. */
class FabricModelConcurrencyTest {

    /** @return a fingerprint of the model: nodes, links, Active ports, and whether every link's ends agree */
    private static String view(Fabric f) {
        long active = f.getNodes().stream().flatMap(n -> n.getPorts().stream())
                .filter(p -> p.getState() == PortState.ACTIVE && p.getNumber() > 0).count();
        boolean ends = true;
        for (Link l : f.getLinks()) {
            ends &= l.getEndA().getLink() == l && l.getEndB().getLink() == l;
        }
        return f.getNodes().size() + "/" + f.getLinks().size() + "/" + active + "/" + ends;
    }

    @Test
    void readersSeeEitherTheStateBeforeOrAfterAnUpdate() throws Exception {
        FabricSnapshot whole = TopologySnapshots.of(TopologySpec.parse("ft2:8:4:8"));
        FabricSnapshot pulled = whole;
        for (int i = 0; i < 10; i++) {
            pulled = TopologySnapshots.unplug(pulled, pulled.links().get(i * 3));
        }
        FabricModelServiceImpl service = new FabricModelServiceImpl();
        service.update(whole);
        String a = service.read(FabricModelConcurrencyTest::view);
        service.update(pulled);
        String b = service.read(FabricModelConcurrencyTest::view);
        assertTrue(!a.equals(b), a);
        Set<String> allowed = Set.of(a, b);

        AtomicBoolean done = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            FabricSnapshot other = pulled;
            List<Future<Integer>> readers = List.of(pool.submit(() -> read(service, allowed, done)),
                    pool.submit(() -> read(service, allowed, done)));
            Future<?> writer = pool.submit(() -> {
                for (int i = 0; i < 100; i++) {
                    service.update(i % 2 == 0 ? whole : other, null, Instant.EPOCH.plusSeconds(i));
                }
                return null;
            });
            for (int i = 0; i < 100; i++) {
                service.update(i % 2 == 0 ? other : whole, null, Instant.EPOCH.plusSeconds(i));
            }
            writer.get(60, TimeUnit.SECONDS);
            done.set(true);
            for (Future<Integer> reader : readers) {
                assertTrue(reader.get(60, TimeUnit.SECONDS) > 0, "the reader ran");
            }
        } finally {
            done.set(true);
            pool.shutdownNow();
        }
        assertTrue(allowed.contains(service.read(FabricModelConcurrencyTest::view)));
    }

    private static int read(FabricModelServiceImpl service, Set<String> allowed, AtomicBoolean done) {
        int reads = 0;
        while (!done.get() || reads == 0) {
            String seen = service.read(FabricModelConcurrencyTest::view);
            assertTrue(allowed.contains(seen), "half an update: " + seen + " not in " + allowed);
            reads++;
        }
        return reads;
    }

    @Test
    void aListenerReadsTheStateItsDeltaLedTo() throws Exception {
        FabricSnapshot whole = TopologySnapshots.of(TopologySpec.parse("ft2:4:2:4"));
        FabricSnapshot pulled = TopologySnapshots.unplug(whole, whole.links().get(0));
        FabricModelServiceImpl service = new FabricModelServiceImpl();
        StringBuilder seen = new StringBuilder();
        service.addListener(delta -> seen.append(service.read(f -> f.getLinks().size())).append(' '));
        service.update(whole);
        service.update(pulled);
        service.update(whole);
        int n = whole.links().size();
        assertEquals(n + " " + (n - 1) + " " + n + " ", seen.toString());
    }
}
