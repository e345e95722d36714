package org.infiniscope.rest.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.Link;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.connection.ConnectionListener;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PerfListener;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Feeds the {@link EventHub} from the runtime: the fabric connection's phases and sweeps ({@code connection},
 * {@code fabric}: what a sweep added, removed and changed), the SM's states ({@code sm}), and the performance rules
 * ports broke ({@code perf}, as a {@link PerfListener} of the whiteboard).
 */
@Component(service = PerfListener.class, immediate = true)
public final class EventSources implements PerfListener {

    private static final Logger LOG = LoggerFactory.getLogger(EventSources.class);
    /** The changed elements an event names; the counts cover all of them. */
    private static final int MAX_NAMED = 200;

    private final EventHub hub;
    private final Map<Object, AutoCloseable> registrations = new ConcurrentHashMap<>();

    @Activate
    public EventSources(@Reference EventHub hub) {
        this.hub = hub;
    }

    @Override
    public void ruleBroken(PerfEvent event) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("port", Ids.port(event.port().nodeGuid(), event.port().port()));
        data.put("nodeName", event.nodeName());
        data.put("rule", event.rule());
        data.put("value", event.value());
        data.put("limit", event.limit());
        hub.publish("perf", data);
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindConnection(FabricConnection connection) {
        ConnectionState[] previous = {null};
        registrations.put(connection, connection.addListener(new ConnectionListener() {
            @Override
            public void stateChanged(ConnectionState state) {
                ConnectionState before = previous[0];
                previous[0] = state;
                // progress of a sweep (SMP counts) is not an event: phases and what is connected are
                if (before != null && before.phase() == state.phase()
                        && java.util.Objects.equals(before.fabric(), state.fabric())
                        && java.util.Objects.equals(before.message(), state.message())) {
                    return;
                }
                hub.publish("connection", FabricJson.state(state));
            }

            @Override
            public void swept(ConnectionState state, FabricDelta delta) {
                hub.publish("fabric", delta(state, delta));
            }
        }));
    }

    void unbindConnection(FabricConnection connection) {
        close(connection);
    }

    // every SM service as it comes (greedy, multiple): one that replaces another after a configuration change is heard
    // even while the old one is still bound
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindSubnetManager(SubnetManager sm) {
        registrations.put(sm, sm.addListener(new SmListener() {
            @Override
            public void stateChanged(SmState from, SmState to) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("from", from.name());
                data.put("to", to.name());
                hub.publish("sm", data);
            }

            @Override
            public void swept(SweepReport report) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("state", "SWEPT");
                data.set("report", SmEndpoints.reportJson(report));
                hub.publish("sm", data);
            }

            @Override
            public void subnetUp(Subnet subnet) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("state", "SUBNET_UP");
                data.put("sweep", subnet.sweep());
                data.put("nodes", subnet.nodes().size());
                data.put("smLid", subnet.smLid());
                hub.publish("sm", data);
            }
        }));
    }

    void unbindSubnetManager(SubnetManager sm) {
        close(sm);
    }

    private void close(Object service) {
        AutoCloseable r = registrations.remove(service);
        if (r != null) {
            try {
                r.close();
            } catch (Exception e) {
                LOG.debug("removing a listener failed", e);
            }
        }
    }

    /** A sweep's changes; a listener is called after the update, so only identities are read (they never change). */
    private static ObjectNode delta(ConnectionState state, FabricDelta delta) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("fabric", state.fabric());
        data.put("sweeps", state.sweeps());
        int added = 0;
        int removed = 0;
        int changed = 0;
        ArrayNode named = data.putArray("changes");
        for (ModelChange c : delta.changes()) {
            switch (c.kind()) {
                case ADDED -> added++;
                case REMOVED -> removed++;
                case CHANGED -> changed++;
            }
            if (named.size() < MAX_NAMED) {
                ObjectNode item = named.addObject();
                item.put("kind", c.kind().name());
                switch (c.element()) {
                    case Node n -> item.put("node", Ids.guid(n.getNodeGuid()));
                    case Port p when p.getNode() != null ->
                        item.put("port", Ids.port(p.getNode().getNodeGuid(), p.getNumber()));
                    case Link l -> item.put("link", FabricJson.linkId(l));
                    default -> item.put("element", c.element().eClass().getName());
                }
                ArrayNode features = item.putArray("features");
                c.features().forEach(f -> features.add(f.getName()));
            }
        }
        data.put("added", added);
        data.put("removed", removed);
        data.put("changed", changed);
        return data;
    }
}
