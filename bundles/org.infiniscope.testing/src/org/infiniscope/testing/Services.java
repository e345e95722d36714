package org.infiniscope.testing;

import java.time.Duration;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.util.tracker.ServiceTracker;

/**
 * For tests that run in an OSGi framework (the {@code *.tests} fragments): other bundles' services, waited for with a
 * deadline, since a lazy bundle registers its components only once it is started. Test support only: no feature
 * ships this bundle. A failure is an {@link AssertionError}, which the test reports as failed.
 */
public final class Services {

    /** How long a service may take to register. */
    public static final Duration DEADLINE = Duration.ofSeconds(30);

    private Services() {
    }

    /**
     * @param type the service interface
     * @return the service, once the bundle of its interface started and it is registered
     */
    public static <S> S get(Class<S> type) {
        Bundle provider = FrameworkUtil.getBundle(type);
        start(provider);
        // the tracker stays open: closing it would unget the service, and the object a service factory gave (as
        // Configuration Admin's is) is then dead
        ServiceTracker<S, S> tracker = new ServiceTracker<>(provider.getBundleContext(), type, null);
        tracker.open();
        try {
            S service = tracker.waitForService(DEADLINE.toMillis());
            if (service == null) {
                tracker.close();
                throw new AssertionError(type.getName() + " not registered within " + DEADLINE);
            }
            return service;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tracker.close();
            throw new AssertionError("interrupted while waiting for " + type.getName(), e);
        }
    }

    /**
     * Waits for a service of a type whose properties match an LDAP filter.
     *
     * @param type the service interface
     * @param filter the filter on its properties, such as {@code (name=x)}
     */
    public static void await(Class<?> type, String filter) {
        BundleContext context = context();
        String full = "(&(objectClass=" + type.getName() + ")" + filter + ")";
        try {
            ServiceTracker<?, ?> tracker = new ServiceTracker<>(context, context.createFilter(full), null);
            tracker.open();
            try {
                if (tracker.waitForService(DEADLINE.toMillis()) == null) {
                    throw new AssertionError(full + " not registered within " + DEADLINE);
                }
            } finally {
                tracker.close();
            }
        } catch (InvalidSyntaxException e) {
            throw new AssertionError("bad filter " + full, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + full, e);
        }
    }

    /**
     * Starts the bundles of a symbolic name (a lazy one registers its components then).
     *
     * @param symbolicName the bundle's symbolic name
     */
    public static void start(String symbolicName) {
        for (Bundle b : context().getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                start(b);
            }
        }
    }

    private static void start(Bundle bundle) {
        if (bundle.getState() != Bundle.ACTIVE) {
            try {
                bundle.start();
            } catch (BundleException e) {
                throw new AssertionError("cannot start " + bundle.getSymbolicName(), e);
            }
        }
    }

    /** @return this bundle's context (the bundle started for it: a test framework may leave it resolved only) */
    private static BundleContext context() {
        Bundle self = FrameworkUtil.getBundle(Services.class);
        start(self);
        return self.getBundleContext();
    }
}
