package org.infiniscope.ui.counters.internal;

import org.infiniscope.ui.counters.PerfSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.osgi.framework.FrameworkUtil;

/** Which performance manager the views read: the remote runtime's when one is shown (File › Connect…), else ours. */
final class PerfSources {

    private PerfSources() {
    }

    /** @param remote the remote runtime the application shows, or null */
    static PerfSource of(RemoteFabric remote) {
        return remote != null
                ? new RemotePerfSource(remote)
                : new LocalPerfSource(FrameworkUtil.getBundle(PerfSources.class).getBundleContext());
    }
}
