package org.infiniscope.rest.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.rest.Role;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The subnet manager: its status, sweeps and rerouting (operator), its priority (admin). No key is ever shown. */
@Component(service = Endpoints.class)
public final class SmEndpoints implements Endpoints {

    private static final String TAG = "sm";
    private static final long SWEEP_SECONDS = 300;

    private final SubnetManager sm;
    private final Object checking = new Object();
    // under checking: the route check of the last subnet asked about (a subnet is immutable)
    private Subnet checked;
    private RouteChecker.Report check;

    @Activate
    public SmEndpoints(@Reference SubnetManager sm) {
        this.sm = sm;
    }

    @Override
    public List<Route> routes() {
        return List.of(Route.get("/sm", Role.VIEWER, TAG,
                "The SM's state, priority, port, routing engine chain and last subnet", Map.of(), r -> status()),
                Route.get("/sm/sweeps", Role.VIEWER, TAG,
                        "The SM's sweep history, newest first, paged: each sweep's number, start, kind, phase times,"
                                + " SMPs, result and what it changed",
                        Paging.QUERY, this::sweeps),
                Route.post("/sm/sweep", Role.OPERATOR, TAG, "Asks the SM for a sweep and answers its report",
                        Schemas.object().property("kind", "string", "light or heavy (default heavy)", false).build(),
                        this::sweep),
                Route.post("/sm/reroute", Role.OPERATOR, TAG, "Recomputes and programs the routes", null,
                        r -> report(sm.reroute())),
                Route.post("/sm/priority", Role.ADMIN, TAG, "Sets the SM's priority (0..15)",
                        Schemas.object().property("priority", "integer", "0..15", true).build(), this::priority)
                        .withMethod("PUT"));
    }

    private JsonNode status() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("state", sm.state().name());
        json.put("priority", sm.priority());
        json.put("portGuid", Ids.guid(sm.portGuid()));
        ArrayNode chain = json.putArray("routingChain");
        sm.routingChain().forEach(chain::add);
        Subnet subnet = sm.subnet().orElse(null);
        if (subnet == null) {
            json.putNull("subnet");
        } else {
            ObjectNode s = json.putObject("subnet");
            s.put("sweep", subnet.sweep());
            s.put("subnetPrefix", Ids.guid(subnet.subnetPrefix()));
            s.put("smPortGuid", Ids.guid(subnet.smPortGuid()));
            s.put("smLid", subnet.smLid());
            s.put("nodes", subnet.nodes().size());
            s.put("switches", subnet.nodes().stream().filter(n -> n.isSwitch()).count());
            s.put("links", subnet.links().size());
            s.put("maxLid", subnet.graph().maxLid());
            s.put("routingEngine", subnet.routing().engine());
            ObjectNode c = s.putObject("routeCheck");
            RouteChecker.Report report = check(subnet);
            c.put("ok", report.ok());
            c.put("pairs", report.pairs());
            c.put("unreachable", report.unreachable());
            c.put("loops", report.loops());
            ArrayNode layers = c.putArray("creditLoopLayers");
            report.creditLoopLayers().forEach(layers::add);
            ArrayNode known = s.putArray("knownSms");
            for (KnownSm k : subnet.sms()) {
                ObjectNode o = known.addObject();
                o.put("portGuid", Ids.guid(k.portGuid()));
                o.put("lid", k.lid());
                o.put("state", stateName(k.info().smState(), k.info().stateName()));
                o.put("priority", k.info().priority());
            }
        }
        return json;
    }

    private static String stateName(int smState, String fallback) {
        try {
            return SmState.of(smState).name();
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    /** @return the route check of a subnet, made once for each subnet the SM publishes */
    private RouteChecker.Report check(Subnet subnet) {
        synchronized (checking) {
            if (subnet != checked) {
                check = RouteChecker.check(subnet.graph(), subnet.routing());
                checked = subnet;
            }
            return check;
        }
    }

    private JsonNode sweeps(ApiRequest r) throws ApiException {
        List<SweepHistoryEntry> history = new ArrayList<>(sm.sweepHistory());
        Collections.reverse(history);
        return Paging.page(r.json(), r, "/api/v1/sm/sweeps", history, SmEndpoints::historyJson);
    }

    /** @return one sweep of the SM's history as the API writes it */
    static ObjectNode historyJson(SweepHistoryEntry e) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("number", e.number());
        json.put("kind", e.kind().name());
        json.put("start", e.start().toString());
        json.put("seconds", e.duration().toNanos() / 1e9);
        ObjectNode phases = json.putObject("phases");
        e.phases().forEach((phase, took) -> phases.put(phase.name(), took.toNanos() / 1e9));
        json.put("smps", e.smps());
        json.put("up", e.up());
        json.put("result", e.result());
        json.put("problem", e.problem().map(Secrets::scrub).orElse(null));
        SweepChanges c = e.changes();
        ObjectNode changes = json.putObject("changes");
        changes.put("nodes", c.nodes());
        changes.put("nodesAdded", c.nodesAdded());
        changes.put("nodesRemoved", c.nodesRemoved());
        changes.put("lidsChanged", c.lidsChanged());
        changes.put("portInfoSets", c.portInfoSets());
        changes.put("switchInfoSets", c.switchInfoSets());
        changes.put("lftBlocks", c.lftBlocks());
        changes.put("pKeySets", c.pKeySets());
        changes.put("activations", c.activations());
        return json;
    }

    private JsonNode sweep(ApiRequest r) throws ApiException {
        ObjectNode body = r.body();
        SweepKind kind = SweepKind.HEAVY;
        if (body.has("kind")) {
            String text = ApiRequest.text(body, "kind");
            kind = switch (text) {
                case "light" -> SweepKind.LIGHT;
                case "heavy" -> SweepKind.HEAVY;
                default -> throw ApiException.badRequest("'kind' must be light or heavy, not '" + text + "'");
            };
        }
        return report(sm.sweep(kind));
    }

    private JsonNode priority(ApiRequest r) throws ApiException {
        JsonNode value = r.body().get("priority");
        if (value == null || !value.isInt() || value.asInt() < 0 || value.asInt() > 15) {
            throw ApiException.badRequest("'priority' must be a whole number 0..15");
        }
        sm.setPriority(value.asInt());
        return status();
    }

    private static JsonNode report(CompletableFuture<SweepReport> future) throws ApiException {
        SweepReport report;
        try {
            report = future.get(SWEEP_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw ApiException
                    .conflict("the sweep failed: " + Secrets.scrub(String.valueOf(e.getCause().getMessage())));
        } catch (TimeoutException e) {
            throw new ApiException(504, "the sweep did not end within " + SWEEP_SECONDS + " s; it goes on");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted while waiting for the sweep");
        }
        return reportJson(report);
    }

    /** @return a sweep's report as the API writes it (the sweep's answer, and the {@code sm} event of each sweep) */
    static ObjectNode reportJson(SweepReport report) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("kind", report.kind().name());
        json.put("up", report.up());
        json.put("smps", report.smps());
        json.put("problem", report.problem().map(Secrets::scrub).orElse(null));
        ObjectNode phases = json.putObject("phases");
        report.phases().forEach((phase, took) -> phases.put(phase.name(), took.toNanos() / 1e9));
        return json;
    }
}
