package org.infiniscope.ui.verbs.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.ui.verbs.QpSource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@link ResourceSource} services of this application, each one's changes passed on. */
final class LocalQpSource implements QpSource {

    private static final Logger LOG = LoggerFactory.getLogger(LocalQpSource.class);

    private final ServiceTracker<ResourceSource, ResourceSource> tracker;
    private final Map<ServiceReference<ResourceSource>, AutoCloseable> listeners = new ConcurrentHashMap<>();
    private final List<Runnable> changed = new CopyOnWriteArrayList<>();

    LocalQpSource(BundleContext context) {
        tracker = new ServiceTracker<>(context, ResourceSource.class, null) {
            @Override
            public ResourceSource addingService(ServiceReference<ResourceSource> reference) {
                ResourceSource s = super.addingService(reference);
                if (s != null) {
                    listeners.put(reference, s.addListener(LocalQpSource.this::changed));
                    changed();
                }
                return s;
            }

            @Override
            public void removedService(ServiceReference<ResourceSource> reference, ResourceSource service) {
                AutoCloseable l = listeners.remove(reference);
                if (l != null) {
                    try {
                        l.close();
                    } catch (Exception e) {
                        LOG.debug("removing a resource listener", e);
                    }
                }
                super.removedService(reference, service);
                changed();
            }
        };
        tracker.open();
    }

    private void changed() {
        changed.forEach(Runnable::run);
    }

    @Override
    public String where() {
        return "local";
    }

    @Override
    public List<ResourceSource> sources() {
        return new ArrayList<>(tracker.getTracked().values());
    }

    @Override
    public void onChange(Runnable callback) {
        changed.add(callback);
    }

    @Override
    public void close() {
        changed.clear();
        tracker.close();
    }
}
