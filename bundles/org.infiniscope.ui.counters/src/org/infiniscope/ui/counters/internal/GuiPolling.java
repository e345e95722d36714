package org.infiniscope.ui.counters.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Optional;

import org.infiniscope.model.connection.ConnectionListener;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.counters.CounterPolling;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The desktop's counter polling: writes the perf poller's configuration for the fabric the {@link FabricConnection}
 * connected (a saved model is not polled: the poller then keeps the fabric it had), marked as the desktop's so that
 * an operator's own is never overwritten. Configuration Admin is written from a thread of its own, never from the
 * connection's.
 */
@Component(service = CounterPolling.class, immediate = true, configurationPid = GuiPolling.PID)
@Designate(ocd = GuiPolling.Config.class)
public final class GuiPolling implements CounterPolling {

    private static final Logger LOG = LoggerFactory.getLogger(GuiPolling.class);

    static final String PID = "org.infiniscope.ui.counters";
    static final String POLLER_PID = "org.infiniscope.perf.poller";
    /** The property that marks a poller configuration as written by the desktop. */
    static final String OWNER = "infiniscope.owner";

    /** The desktop's polling settings. */
    @ObjectClassDefinition(name = "Infiniscope desktop counter polling")
    public @interface Config {
        @AttributeDefinition(description = "seconds between the end of a counter sweep and the start of the next")
        int intervalSeconds() default 2;

        @AttributeDefinition(description = "PMA queries in flight")
        int inFlight() default 64;
    }

    private final ConfigurationAdmin admin;
    private final Config config;
    private final java.util.concurrent.ExecutorService writer = java.util.concurrent.Executors
            .newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("ui-counter-polling").unstarted(r));
    private final java.util.Map<FabricConnection, AutoCloseable> connections = new java.util.concurrent.ConcurrentHashMap<>();

    @Activate
    public GuiPolling(@Reference ConfigurationAdmin admin, Config config) {
        this.admin = admin;
        this.config = config;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addConnection(FabricConnection connection) {
        connections.put(connection, connection.addListener(new ConnectionListener() {
            @Override
            public void stateChanged(ConnectionState state) {
                String fabric = state.fabric();
                if (state.phase() == ConnectionState.Phase.CONNECTED && fabric != null
                        && !fabric.startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
                    followLater(fabric);
                }
            }
        }));
    }

    void removeConnection(FabricConnection connection) {
        AutoCloseable listener = connections.remove(connection);
        if (listener != null) {
            try {
                listener.close();
            } catch (Exception e) {
                LOG.debug("removing the connection listener", e);
            }
        }
    }

    private void followLater(String fabric) {
        if (writer.isShutdown()) {
            return;
        }
        writer.execute(() -> {
            try {
                follow(fabric);
            } catch (IOException e) {
                LOG.warn("cannot configure the counter poller for {}: {}", fabric, e.getMessage());
            }
        });
    }

    @Deactivate
    void deactivate() {
        writer.shutdownNow();
    }

    private Optional<Dictionary<String, Object>> current() throws IOException {
        Configuration c = admin.getConfiguration(POLLER_PID, "?");
        return Optional.ofNullable(c.getProperties());
    }

    @Override
    public synchronized void follow(String fabric) throws IOException {
        Configuration c = admin.getConfiguration(POLLER_PID, "?");
        Dictionary<String, Object> now = c.getProperties();
        if (now != null && !PID.equals(now.get(OWNER))) {
            LOG.info("the counter poller is configured by someone else ({}): left alone", now.get("fabric"));
            return;
        }
        if (now != null && fabric.equals(now.get("fabric"))
                && Integer.valueOf(config.intervalSeconds()).equals(now.get("intervalSeconds"))) {
            return;
        }
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("fabric", fabric);
        props.put("intervalSeconds", config.intervalSeconds());
        props.put("inFlight", config.inFlight());
        props.put(OWNER, PID);
        c.update(props);
        LOG.info("counters polled on {} every {} s", fabric, config.intervalSeconds());
    }

    @Override
    public Optional<String> fabric() {
        try {
            return current().filter(d -> PID.equals(d.get(OWNER))).map(d -> (String) d.get("fabric"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
