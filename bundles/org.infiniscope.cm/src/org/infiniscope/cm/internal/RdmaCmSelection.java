package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.HostCms;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.RdmaCms;
import org.infiniscope.cm.internal.rdmacm.NativeRdmaCm;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.rdmacore.RdmaCoreObjects;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The runtime's {@link RdmaCms}: librdmacm for the devices of the rdma-core verbs provider, the simulated host's CM
 * ({@link HostCms}) for the simulated provider's HCAs, which are named {@code sim_NODE}.
 */
@Component(service = RdmaCms.class)
public final class RdmaCmSelection implements RdmaCms {

    /** The simulated verbs provider's name ({@link Device#provider()}). */
    static final String SIM = "sim";
    private static final String SIM_DEVICE_PREFIX = "sim_";

    private final HostCms hosts;
    private NativeRdmaCm hardware;

    @Activate
    public RdmaCmSelection(@Reference HostCms hosts) {
        this.hosts = hosts;
    }

    @Override
    public RdmaCm forDevice(Device device) throws CmException {
        return switch (device.provider()) {
            case RdmaCoreObjects.PROVIDER -> hardware();
            case SIM -> {
                if (!device.name().startsWith(SIM_DEVICE_PREFIX)) {
                    throw new CmException("simulated device " + device.name() + " is not named sim_NODE");
                }
                yield hosts.host(device.name().substring(SIM_DEVICE_PREFIX.length()));
            }
            default -> throw new CmException(
                    "no CM serves devices of verbs provider \"" + device.provider() + "\" (" + device.name() + ")");
        };
    }

    private synchronized RdmaCm hardware() throws CmException {
        if (hardware == null) {
            hardware = NativeRdmaCm.load();
        }
        return hardware;
    }

    /** Destroys the channels opened through librdmacm. */
    @Deactivate
    public synchronized void close() {
        if (hardware != null) {
            hardware.close();
            hardware = null;
        }
    }
}
