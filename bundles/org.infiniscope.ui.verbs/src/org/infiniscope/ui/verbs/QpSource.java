package org.infiniscope.ui.verbs;

import java.util.List;

import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where the queue pair view reads QPs and CM IDs: the resource sources of this application (its OSGi services: the
 * simulated HCAs, the host's RDMA netlink), or one that reads a remote headless runtime's ({@code GET /api/v1/qps},
 * File › Connect…).
 */
@ProviderType
public interface QpSource extends AutoCloseable {

    /** @return what is read, for the view: {@code local} or the runtime's address */
    String where();

    /** @return the resource sources to read now */
    List<ResourceSource> sources();

    /** Tells this callback, on any thread, when a source came, went or changed; otherwise the view polls. */
    void onChange(Runnable changed);

    /** Stops following. */
    @Override
    void close();
}
