package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/** Other bundles' DS services, as the framework the tests run in registers them. */
final class Services {

    private static final long DEADLINE_MILLIS = 20_000;

    private Services() {
    }

    static <S> S get(Class<S> type) throws BundleException, InterruptedException {
        Bundle bundle = FrameworkUtil.getBundle(type);
        if (bundle.getState() != Bundle.ACTIVE) {
            bundle.start();
        }
        ServiceTracker<S, S> tracker = new ServiceTracker<>(bundle.getBundleContext(), type, null);
        tracker.open();
        S service = tracker.waitForService(DEADLINE_MILLIS);
        assertNotNull(service, type.getSimpleName() + " not registered within " + DEADLINE_MILLIS + " ms");
        return service;
    }
}
