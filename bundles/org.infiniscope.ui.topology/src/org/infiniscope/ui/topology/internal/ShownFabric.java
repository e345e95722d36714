package org.infiniscope.ui.topology.internal;

import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The specification of the fabric the model shows, to open a transport of the view's own on it: the fabric
 * connection's, else the runtime's configured fabric ({@code infiniscope.fabric}), else the built-in simulator.
 */
final class ShownFabric {

    private ShownFabric() {
    }

    static String specification(BundleContext context) {
        ServiceReference<FabricConnection> ref = context.getServiceReference(FabricConnection.class);
        if (ref != null) {
            FabricConnection connection = context.getService(ref);
            try {
                if (connection != null) {
                    ConnectionState state = connection.state();
                    if (state.fabric() != null) {
                        return state.fabric();
                    }
                    return connection.configuredFabric();
                }
            } finally {
                context.ungetService(ref);
            }
        }
        String configured = context.getProperty("infiniscope.fabric");
        return configured == null || configured.isBlank() ? "sim" : configured;
    }

    /** @return why a path cannot be traced on this fabric, or null when it can */
    static String whyNoLiveFabric(String fabric) {
        return fabric.startsWith(FabricConnection.SNAPSHOT_PREFIX)
                ? "the fabric shown is a saved snapshot: there are no switches to read routes from"
                : null;
    }
}
