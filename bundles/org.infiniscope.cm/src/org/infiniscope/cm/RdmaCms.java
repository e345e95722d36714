package org.infiniscope.cm;

import org.infiniscope.verbs.Device;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Which {@link RdmaCm} serves a device: the CM follows the verbs provider the device belongs to. A device of the
 * rdma-core provider (real hardware) is served by librdmacm, through FFM; a simulated HCA by its host's CM on the
 * simulated fabric ({@link HostCms}).
 */
@ProviderType
public interface RdmaCms {

    /**
     * @return the CM for connections through {@code device}, kept while the service lives
     * @throws CmException when no CM serves that provider here (librdmacm missing, a provider without a CM), saying
     *         why
     */
    RdmaCm forDevice(Device device) throws CmException;
}
