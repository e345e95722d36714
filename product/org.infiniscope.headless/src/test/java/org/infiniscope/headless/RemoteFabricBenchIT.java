package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.infiniscope.model.internal.FabricModelServiceImpl;
import org.infiniscope.ui.remote.RemoteFabric;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How long the GUI's remote client takes to read a large fabric over the REST API into the local model: the first
 * read (every node, port and link, page by page, applied to an empty model) and a read again with nothing changed
 * (what each {@code fabric} event costs today). A benchmark, not a check: it runs only with
 * {@code -Dinfiniscope.rest.bench=true}, on the 3,456-host fat tree unless {@code infiniscope.rest.bench.fabric} names
 * another, and prints its figures.
 */
class RemoteFabricBenchIT {

    @Test
    void readingTheFt3_24FabricIntoTheLocalModel() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("infiniscope.rest.bench"),
                "a benchmark: -Dinfiniscope.rest.bench=true");
        String fabric = System.getProperty("infiniscope.rest.bench.fabric", "sim:ft3:24");
        Path state = Files.createTempDirectory("infiniscope-remote-bench");
        String token = RestRuntime.cli(state, "token", "add", "--role", "viewer").strip();
        try (RestRuntime runtime = RestRuntime.start(state, RestRuntime.plainClient(), "http",
                "-Dinfiniscope.fabric=" + fabric)) {
            runtime.await("/api/v1/fabric", token,
                    r -> r.status() == 200 && r.json().at("/connection/phase").asText().equals("CONNECTED"),
                    Duration.ofMinutes(10));
            JsonNode summary = runtime.get("/api/v1/fabric", token).expect(200).json();
            FabricModelServiceImpl model = new FabricModelServiceImpl();
            try (RemoteFabric remote = new RemoteFabric(URI.create(runtime.base), token, model,
                    RestRuntime.plainClient())) {
                long t0 = System.nanoTime();
                remote.connect();
                long first = System.nanoTime() - t0;
                assertEquals(summary.get("nodes").asInt(), (int) model.read(f -> f.getNodes().size()));
                assertEquals(summary.get("links").asInt(), (int) model.read(f -> f.getLinks().size()));
                long best = Long.MAX_VALUE;
                for (int i = 0; i < 5; i++) {
                    long t = System.nanoTime();
                    remote.load();
                    best = Math.min(best, System.nanoTime() - t);
                }
                System.out.printf(
                        "remote-fabric: %s: %d nodes, %d ports, %d links: first read %.0f ms, read again %.0f ms"
                                + " (best of 5)%n",
                        fabric, summary.get("nodes").asInt(), summary.get("ports").asInt(),
                        summary.get("links").asInt(), first / 1e6, best / 1e6);
            }
        }
    }
}
