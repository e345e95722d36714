package org.infiniscope.console.vendor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of vendor faults, apart from {@link VendorCalls} so that bundles compiling against that class need not see
 * SLF4J.
 */
final class FaultLog {

    private static final Logger LOG = LoggerFactory.getLogger(VendorCalls.class);

    private FaultLog() {
    }

    static void warn(String bundle, String service, String reason) {
        LOG.warn("vendor bundle {}: {} {}; the core goes on without it", bundle, service, reason);
    }
}
