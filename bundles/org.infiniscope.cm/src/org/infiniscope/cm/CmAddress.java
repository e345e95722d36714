package org.infiniscope.cm;

import org.infiniscope.mad.Gid;

/**
 * Where to connect on a fabric without IPoIB: a port named by its GID, its LID or its node's name, and a service
 * port that, with the identifier's port space, makes the service ID as rdma_cm makes it
 * ({@code port space << 16 | port}).
 */
public sealed interface CmAddress {

    /** @return the service port (0..65535) */
    int servicePort();

    /** A port by GID. */
    record ByGid(Gid gid, int servicePort) implements CmAddress {
    }

    /** A port by LID. */
    record ByLid(int lid, int servicePort) implements CmAddress {
    }

    /**
     * A host by IP address (IPoIB or RoCE): what librdmacm resolves through the kernel's neighbour tables. The
     * simulated fabric has no IP addresses.
     */
    record ByIp(java.net.InetAddress address, int servicePort) implements CmAddress {
    }

    /** Port 1 of the first channel adapter of a node, by the node's name (its node description). */
    record ByNode(String node, int servicePort) implements CmAddress {
    }
}
