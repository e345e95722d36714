package org.infiniscope.ui.counters.internal;

import org.infiniscope.ui.counters.SmSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.osgi.framework.FrameworkUtil;

/** Which subnet manager the SM view reads and acts on: the remote runtime's when one is shown, else ours. */
final class SmSources {

    private SmSources() {
    }

    /** @param remote the remote runtime the application shows, or null */
    static SmSource of(RemoteFabric remote) {
        return remote != null
                ? new RemoteSmSource(remote)
                : new LocalSmSource(FrameworkUtil.getBundle(SmSources.class).getBundleContext());
    }
}
