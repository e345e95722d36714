package org.infiniscope.ui.internal.session;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.swt.widgets.Display;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.ui.remote.RemoteFabric;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts the {@link FabricSession} into the application's context once the fabric connection and model services are
 * there (they are Declarative Services components of lazily started bundles), and connects to the default fabric —
 * without waiting: the status bar shows the progress, the UI thread never waits on a sweep.
 */
public final class SessionAddon {

    private ServiceTracker<FabricConnection, FabricConnection> tracker;
    private FabricSession session;
    private RemoteFabric remote;
    private Runnable unfollow;

    /** The remote runtime shown (File › Connect…): its own events join the session's while it is shown. */
    @Inject
    @Optional
    void remote(@Optional RemoteFabric remote) {
        if (remote == this.remote) {
            return;
        }
        this.remote = remote;
        followRemote();
    }

    private void followRemote() {
        if (unfollow != null) {
            unfollow.run();
            unfollow = null;
        }
        if (session != null && remote != null) {
            unfollow = session.follow(remote);
        }
    }

    @PostConstruct
    public void start(IEclipseContext appContext) {
        Display display = Display.getCurrent();
        BundleContext bundles = FrameworkUtil.getBundle(SessionAddon.class).getBundleContext();
        tracker = new ServiceTracker<>(bundles, FabricConnection.class, null) {
            @Override
            public FabricConnection addingService(ServiceReference<FabricConnection> reference) {
                FabricConnection connection = super.addingService(reference);
                display.asyncExec(() -> attach(appContext, bundles, connection));
                return connection;
            }
        };
        tracker.open();
    }

    private void attach(IEclipseContext context, BundleContext bundles, FabricConnection connection) {
        if (session != null || connection == null) {
            return;
        }
        ServiceReference<FabricModelService> modelRef = bundles.getServiceReference(FabricModelService.class);
        if (modelRef == null) {
            return; // the connection references the model: it cannot be there without it
        }
        ServiceReference<PerfManager> perfRef = bundles.getServiceReference(PerfManager.class);
        session = new FabricSession(Display.getCurrent(), connection, bundles.getService(modelRef),
                perfRef == null ? null : bundles.getService(perfRef));
        session.start(bundles);
        context.set(FabricSession.class, session);
        followRemote();
        if (UiPreferences.getBoolean(UiPreferences.CONNECT_ON_START, true)) {
            String fabric = UiPreferences.get(UiPreferences.DEFAULT_FABRIC, "").strip();
            String spec = fabric.isEmpty() ? connection.configuredFabric() : fabric;
            ConnectionState s = connection.state();
            boolean already = s.busy() && spec.equals(s.target())
                    || s.phase() == ConnectionState.Phase.CONNECTED && spec.equals(s.fabric());
            if (!already) {
                session.connect(spec); // a failure shows in the status bar and the events
            }
        }
    }

    @PreDestroy
    public void stop() {
        if (tracker != null) {
            tracker.close();
        }
        if (unfollow != null) {
            unfollow.run();
        }
        if (session != null) {
            session.dispose();
        }
    }
}
