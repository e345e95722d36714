package org.infiniscope.cm;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The CMs of the hosts of the runtime's embedded simulated fabric, as a service: the fabric the runtime's SM runs on
 * (it follows the SM when the connection moves it to another simulated fabric), never a fabric that is not
 * simulated (there librdmacm is the CM). Routes come from the PathRecords of that SM's SA, as {@code rdma_cm}'s do.
 */
@ProviderType
public interface HostCms {

    /** @return the fabric whose hosts it serves, as {@code --fabric} names it */
    String fabric();

    /** @return why it serves no host, or empty when it does (a simulated fabric) */
    String unavailableReason();

    /**
     * @return the CM of a host (a CA node of the fabric), started on first use and kept while the service lives
     * @throws CmException when the fabric is not simulated or the node carries no HCA
     */
    RdmaCm host(String node) throws CmException;

    /**
     * @param fabric another simulated fabric of the runtime ({@code sim:TOPOLOGY}; an attach point is ignored)
     * @return the CM of a host of that fabric, started on first use and kept while the service lives
     * @throws CmException when the fabric is not simulated or cannot be opened, or the node carries no HCA
     */
    RdmaCm host(String fabric, String node) throws CmException;
}
