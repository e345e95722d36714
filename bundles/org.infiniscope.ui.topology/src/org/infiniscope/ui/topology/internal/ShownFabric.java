package org.infiniscope.ui.topology.internal;

import org.osgi.framework.BundleContext;

/** The specification of the fabric the model shows, to open a transport of the view's own on it. */
final class ShownFabric {

    private ShownFabric() {
    }

    static String specification(BundleContext context) {
        String configured = context.getProperty("infiniscope.fabric");
        return configured == null || configured.isBlank() ? "sim" : configured;
    }
}
