package org.infiniscope.rest.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The operations of every {@link Endpoints} group present, for the API servlet and the OpenAPI document alike: a
 * group comes and goes with the service it serves.
 */
@Component(service = RouteTable.class)
public final class RouteTable {

    private final List<Endpoints> groups = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addEndpoints(Endpoints group) {
        groups.add(group);
    }

    void removeEndpoints(Endpoints group) {
        groups.remove(group);
    }

    /** @return every operation, sorted by path and method */
    List<Route> routes() {
        List<Route> all = new ArrayList<>();
        for (Endpoints g : groups) {
            all.addAll(g.routes());
        }
        all.sort(Comparator.comparing(Route::path).thenComparing(Route::method));
        return all;
    }

    /** What the path and method found. */
    record Match(Route route, Map<String, String> parameters, boolean pathKnown) {
    }

    /** @return the operation of a method and path (below {@code /api/v1}), or how close it came */
    Match find(String method, String path) {
        List<String> segments = List.of((path.startsWith("/") ? path.substring(1) : path).split("/", -1));
        boolean pathKnown = false;
        Match best = null;
        for (Route r : routes()) {
            Map<String, String> params = r.match(segments);
            if (params == null) {
                continue;
            }
            pathKnown = true;
            if (r.method().equals(method)) {
                // a literal segment beats a parameter: /ports/x/counters/history is not /ports/{a}/{b}/{c}
                if (best == null || params.size() < best.parameters().size()) {
                    best = new Match(r, params, true);
                }
            }
        }
        return best != null ? best : new Match(null, Map.of(), pathKnown);
    }
}
