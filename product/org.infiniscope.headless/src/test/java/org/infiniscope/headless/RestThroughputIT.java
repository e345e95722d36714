package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The REST API's throughput and 99th-percentile latency with the 3,456-host fat tree (ft3:24) loaded: the fabric
 * summary and one port's counters, each by CLIENTS clients for REQUESTS requests after a warm-up. A benchmark, not a
 * check: it runs only with {@code -Dinfiniscope.rest.bench=true} ({@code bench/rest-throughput.sh}) and prints
 * absolute figures (no other REST server serves this model to compare with).
 */
class RestThroughputIT {

    @Test
    void fabricSummaryAndOnePortsCountersOnTheFt3_24Fabric() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("infiniscope.rest.bench"),
                "a benchmark: run bench/rest-throughput.sh (-Dinfiniscope.rest.bench=true)");
        String fabric = System.getProperty("infiniscope.rest.bench.fabric", "sim:ft3:24");
        int clients = Integer.getInteger("infiniscope.rest.bench.clients", 8);
        int requests = Integer.getInteger("infiniscope.rest.bench.requests", 20_000);
        Path state = Files.createTempDirectory("infiniscope-rest-bench");
        String token = RestRuntime.cli(state, "token", "add", "--role", "operator").strip();
        try (RestRuntime runtime = RestRuntime.start(state, RestRuntime.plainClient(), "http",
                "-Dinfiniscope.fabric=" + fabric)) {
            runtime.await("/api/v1/fabric", token,
                    r -> r.status() == 200 && r.json().at("/connection/phase").asText().equals("CONNECTED"),
                    Duration.ofMinutes(10));
            runtime.call("POST", "/api/v1/sm/sweep", token, "{\"kind\":\"heavy\"}").expect(200);
            runtime.call("POST", "/api/v1/fabric/resweep", token, null).expect(200);
            runtime.call("POST", "/api/v1/counters/sweep", token, null).expect(200);
            JsonNode summary = runtime.get("/api/v1/fabric", token).expect(200).json();
            JsonNode ca = runtime.get("/api/v1/nodes?type=ca&limit=1&offset=1000", token).expect(200).json()
                    .at("/items/0");
            String counters = "/api/v1/nodes/" + ca.get("id").asText() + "/ports/1/counters";
            runtime.get(counters, token).expect(200);
            System.out.printf("rest-throughput: fabric %s: %d nodes (%d channel adapters), %d links; %d clients%n",
                    fabric, summary.get("nodes").asInt(), summary.get("channelAdapters").asInt(),
                    summary.get("links").asInt(), clients);
            for (String path : List.of("/api/v1/fabric", counters)) {
                run(runtime, path, token, clients, requests / 4); // warm-up (JIT)
                double[] r = run(runtime, path, token, clients, requests);
                System.out.printf("rest-throughput: GET %s: %.0f requests/s, p50 %.2f ms, p99 %.2f ms (absolute)%n",
                        path.startsWith("/api/v1/nodes") ? "/api/v1/nodes/{guid}/ports/1/counters" : path, r[0], r[1],
                        r[2]);
            }
        }
    }

    /** @return requests a second, p50 and p99 latency in ms */
    private static double[] run(RestRuntime runtime, String path, String token, int clients, int requests)
            throws Exception {
        long[] nanos = new long[requests];
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int first = c;
                done.add(pool.submit(() -> {
                    for (int i = first; i < requests; i += clients) {
                        long t = System.nanoTime();
                        assertEquals(200, runtime.get(path, token).status());
                        nanos[i] = System.nanoTime() - t;
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(nanos);
        assertTrue(nanos[0] > 0);
        return new double[]{requests / seconds, nanos[requests / 2] / 1e6, nanos[(int) (requests * 0.99)] / 1e6};
    }
}
