package org.infiniscope.cm;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The connection manager of one host, in the shape of librdmacm: event channels and identifiers. The simulated
 * fabric's hosts have one each ({@code org.infiniscope.cm.sim.SimCm}); on hardware librdmacm serves it.
 */
@ProviderType
public interface RdmaCm extends AutoCloseable {

    /** @return the host it serves (a node name of the simulated fabric) */
    String host();

    /** Creates an event channel ({@code rdma_create_event_channel}). */
    CmEventChannel createEventChannel() throws CmException;

    /** Creates an identifier whose events go to {@code channel} ({@code rdma_create_id}). */
    CmId createId(CmEventChannel channel, PortSpace space) throws CmException;

    /** Destroys every identifier and stops the CM. */
    @Override
    void close();
}
