package org.infiniscope.console.internal;

import java.util.Map;
import java.util.Optional;

/**
 * Tool names that the command-line contract reserves for bundles of the product, so that a runtime
 * without one of them says where the tool lives instead of "unknown command".
 */
final class ReservedTools {

    private static final Map<String, String> PROVIDERS = Map.ofEntries(
            Map.entry("discover", "org.infiniscope.discovery"), Map.entry("linkinfo", "org.infiniscope.discovery"),
            Map.entry("hosts", "org.infiniscope.discovery"), Map.entry("switches", "org.infiniscope.discovery"),
            Map.entry("check", "org.infiniscope.discovery"), Map.entry("trace", "org.infiniscope.diag"),
            Map.entry("errors", "org.infiniscope.diag"), Map.entry("portstate", "org.infiniscope.diag"),
            Map.entry("perfquery", "org.infiniscope.diag"), Map.entry("smpquery", "org.infiniscope.diag"),
            Map.entry("saquery", "org.infiniscope.diag"), Map.entry("route", "org.infiniscope.diag"),
            Map.entry("sminfo", "org.infiniscope.diag"), Map.entry("stat", "org.infiniscope.diag"),
            Map.entry("vendorquery", "org.infiniscope.diag"), Map.entry("sm", "org.infiniscope.sm"),
            Map.entry("fw", "org.infiniscope.firmware"), Map.entry("qp", "org.infiniscope.verbs"),
            Map.entry("perftest", "org.infiniscope.verbs"), Map.entry("ibv_devices", "org.infiniscope.verbs"),
            Map.entry("simulate", "org.infiniscope.sim"), Map.entry("lspci", "org.infiniscope.pci"),
            Map.entry("token", "org.infiniscope.rest"), Map.entry("rdma", "org.infiniscope.verbs"),
            Map.entry("cm", "org.infiniscope.verbs.cm"));

    private ReservedTools() {
    }

    /** @return the bundle that provides a reserved tool, empty when the name is not reserved */
    static Optional<String> providerOf(String name) {
        return Optional.ofNullable(PROVIDERS.get(name));
    }
}
