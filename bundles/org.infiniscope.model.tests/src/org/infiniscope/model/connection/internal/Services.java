package org.infiniscope.model.connection.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/** Services of the test framework. */
final class Services {

    private Services() {
    }

    /** @return the service, once its (lazy) bundle started and registered it */
    static <T> T get(Class<T> type) {
        BundleContext context = FrameworkUtil.getBundle(Services.class).getBundleContext();
        try {
            Bundle provider = FrameworkUtil.getBundle(type);
            if (provider.getState() != Bundle.ACTIVE) {
                provider.start();
            }
            ServiceTracker<T, T> tracker = new ServiceTracker<>(context, type, null);
            tracker.open();
            try {
                T service = tracker.waitForService(30_000);
                assertNotNull(service, type.getName() + " is registered");
                return service;
            } finally {
                tracker.close();
            }
        } catch (Exception e) {
            throw new AssertionError("no " + type.getName() + " service", e);
        }
    }

    /** Waits for a service matching an LDAP filter. */
    static void await(Class<?> type, String filter) {
        BundleContext context = FrameworkUtil.getBundle(Services.class).getBundleContext();
        try {
            ServiceTracker<?, ?> tracker = new ServiceTracker<>(context,
                    context.createFilter("(&(objectClass=" + type.getName() + ")" + filter + ")"), null);
            tracker.open();
            try {
                assertNotNull(tracker.waitForService(30_000), type.getName() + " " + filter + " is registered");
            } finally {
                tracker.close();
            }
        } catch (Exception e) {
            throw new AssertionError("no " + type.getName() + " " + filter, e);
        }
    }

    /** Starts a bundle (lazy ones register their components then). */
    static void start(String symbolicName) {
        BundleContext context = FrameworkUtil.getBundle(Services.class).getBundleContext();
        for (Bundle b : context.getBundles()) {
            if (b.getSymbolicName().equals(symbolicName) && b.getState() != Bundle.ACTIVE) {
                try {
                    b.start();
                } catch (Exception e) {
                    throw new AssertionError("cannot start " + symbolicName, e);
                }
            }
        }
    }
}
