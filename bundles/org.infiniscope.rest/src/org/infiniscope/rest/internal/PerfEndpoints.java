package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.console.CommandService;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The performance manager: each port's counters now and their history, the last sweep, the rules broken. */
@Component(service = Endpoints.class)
public final class PerfEndpoints implements Endpoints {

    private static final String TAG = "counters";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final PerfManager perf;
    private final FabricConnection connection;
    private final CommandService commands;

    @Activate
    public PerfEndpoints(@Reference PerfManager perf, @Reference FabricConnection connection,
            @Reference CommandService commands) {
        this.perf = perf;
        this.connection = connection;
        this.commands = commands;
    }

    @Override
    public List<Route> routes() {
        return List.of(Route.get("/counters", Role.VIEWER, TAG, "Every port's counters from the last sweep, paged",
                Paging.QUERY, r -> Paging.page(r.json(), r, "/api/v1/counters", perf.ports(), PerfEndpoints::stats)),
                Route.get("/counters/summary", Role.VIEWER, TAG,
                        "The last counter sweep and the rules ports broke in it", Map.of(), r -> summary()),
                Route.post("/counters/sweep", Role.OPERATOR, TAG,
                        "Reads every port's counters now (one sweep of the performance manager)", null,
                        r -> sweep(r.caller())),
                Route.get("/nodes/{guid}/ports/{port}/counters", Role.VIEWER, TAG,
                        "One port's counters: 64-bit totals, last deltas, rates, bit error rates", Map.of(),
                        r -> stats(port(r))),
                Route.get("/nodes/{guid}/ports/{port}/counters/history", Role.VIEWER, TAG,
                        "One port's readings, oldest first (the history ring)", Map.of(), this::history));
    }

    private PortStats port(ApiRequest r) throws ApiException {
        PortKey key = new PortKey(r.guid("guid"), r.portNumber("port"));
        return perf.port(key).orElseThrow(() -> ApiException.notFound("no counters were read of port "
                + Ids.port(key.nodeGuid(), key.port()) + " (not in the fabric, or not swept yet)"));
    }

    private JsonNode history(ApiRequest r) throws ApiException {
        PortStats stats = port(r);
        ObjectNode json = F.objectNode();
        json.put("port", Ids.port(stats.key().nodeGuid(), stats.key().port()));
        ArrayNode samples = json.putArray("samples");
        for (Sample s : perf.history(stats.key())) {
            ObjectNode o = samples.addObject();
            o.put("time", java.time.Instant.ofEpochMilli(s.epochMillis()).toString());
            o.put("xmitBytes", s.xmitBytes());
            o.put("rcvBytes", s.rcvBytes());
            o.put("xmitPackets", s.xmitPackets());
            o.put("rcvPackets", s.rcvPackets());
            o.put("errors", s.errors());
            o.put("xmitWait", s.xmitWait());
        }
        return json;
    }

    private JsonNode summary() {
        ObjectNode json = F.objectNode();
        Optional<SweepSummary> last = perf.lastSweep();
        if (last.isPresent()) {
            SweepSummary s = last.get();
            ObjectNode sweep = json.putObject("lastSweep");
            sweep.put("started", s.started().toString());
            sweep.put("seconds", s.elapsed().toNanos() / 1e9);
            sweep.put("nodes", s.nodes());
            sweep.put("ports", s.ports());
            sweep.put("queries", s.queries());
            sweep.put("resets", s.resets());
            ArrayNode unreachable = sweep.putArray("unreachable");
            s.unreachable().forEach(unreachable::add);
        } else {
            json.putNull("lastSweep");
        }
        ArrayNode events = json.putArray("rulesBroken");
        for (PerfEvent e : perf.events()) {
            ObjectNode o = events.addObject();
            o.put("port", Ids.port(e.port().nodeGuid(), e.port().port()));
            o.put("nodeName", e.nodeName());
            o.put("rule", e.rule());
            o.put("value", e.value());
            o.put("limit", e.limit());
        }
        return json;
    }

    private JsonNode sweep(org.infiniscope.rest.TokenInfo caller) throws ApiException {
        String fabric = connection.state().fabric();
        if (fabric == null || fabric.startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
            throw ApiException.conflict("no live fabric is connected");
        }
        Commands.Outcome outcome = Commands.run(commands, List.of("perf", "--shared", "--fabric", fabric, "--json"),
                caller);
        outcome.orError("the counter sweep");
        return summary();
    }

    static ObjectNode stats(PortStats s) {
        ObjectNode json = F.objectNode();
        json.put("port", Ids.port(s.key().nodeGuid(), s.key().port()));
        json.put("node", Ids.guid(s.key().nodeGuid()));
        json.put("number", s.key().port());
        json.put("nodeName", s.nodeName());
        json.put("isSwitch", s.isSwitch());
        json.put("portGuid", Ids.guid(s.portGuid()));
        json.put("lid", s.lid());
        json.put("linkBitsPerSecond", s.linkBitsPerSecond());
        json.put("reachable", s.reachable());
        json.put("extended", s.extended());
        ObjectNode totals = json.putObject("totals");
        ObjectNode deltas = json.putObject("deltas");
        for (Counter c : Counter.values()) {
            if (s.totals().containsKey(c)) {
                totals.put(c.label(), s.total(c));
            }
            if (s.deltas().containsKey(c)) {
                deltas.put(c.label(), s.delta(c));
            }
        }
        ArrayNode saturated = json.putArray("saturated");
        s.saturated().forEach(c -> saturated.add(c.label()));
        json.put("resetsSeen", s.resetsSeen());
        json.put("seconds", s.seconds());
        json.put("xmitBytesPerSecond", s.xmitBytesPerSecond());
        json.put("rcvBytesPerSecond", s.rcvBytesPerSecond());
        json.put("xmitPacketsPerSecond", s.xmitPacketsPerSecond());
        json.put("rcvPacketsPerSecond", s.rcvPacketsPerSecond());
        json.put("utilisation", s.utilisation());
        json.put("xmitWaitRatio", s.xmitWaitRatio());
        json.put("peer", s.peer() == null ? null : Ids.port(s.peer().nodeGuid(), s.peer().port()));
        ObjectNode ber = json.putObject("ber");
        ber.put("symbol", s.ber().symbol());
        ber.put("symbolSinceStart", s.ber().symbolSinceStart());
        ber.put("fec", s.ber().fec());
        ber.put("fecSinceStart", s.ber().fecSinceStart());
        ber.put("extendedSpeeds", s.ber().extendedSpeeds());
        ber.put("rsFec", s.ber().rsFec());
        return json;
    }
}
