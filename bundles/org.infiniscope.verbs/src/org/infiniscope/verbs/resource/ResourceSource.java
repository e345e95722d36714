package org.infiniscope.verbs.resource;

import java.io.IOException;
import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A place the resource view reads queue pairs and CM IDs from: a service. The simulated HCAs of this process are
 * one ({@code sim}), the kernel's resource tracking through RDMA netlink another ({@code netlink}); a CM bundle may
 * add its connections.
 */
@ConsumerType
public interface ResourceSource {

    /** @return a short name: {@code sim}, {@code netlink} */
    String name();

    /** @return why it cannot be read here (no RDMA netlink, no RDMA device), or empty when it can */
    String unavailableReason();

    /**
     * @return the queue pairs there are now
     * @throws IOException when they cannot be read
     */
    List<QpResource> qps() throws IOException;

    /**
     * @return the CM IDs there are now
     * @throws IOException when they cannot be read
     */
    default List<CmIdResource> cmIds() throws IOException {
        return List.of();
    }

    /**
     * Adds a listener told (on a thread of the source's, coalesced) when a QP was created, destroyed or changed
     * state; sources that cannot tell never call it.
     *
     * @return closing it removes the listener
     */
    default AutoCloseable addListener(Runnable changed) {
        return () -> {
        };
    }
}
