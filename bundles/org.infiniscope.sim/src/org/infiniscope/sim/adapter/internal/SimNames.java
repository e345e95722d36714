package org.infiniscope.sim.adapter.internal;

import org.infiniscope.pci.PciNames;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.sim.adapter.VscFunction;

/**
 * The names of the simulated adapters' IDs, as pci.ids has them, so that {@code lspci --fabric sim} reads as on a
 * machine with these adapters (the simulator does not depend on the host's ID database).
 */
enum SimNames implements PciNames {
    INSTANCE;

    @Override
    public String className(int deviceClass) {
        return deviceClass == 0x0207 ? "Infiniband controller [0207]" : String.format("Class [%04x]", deviceClass);
    }

    @Override
    public String deviceName(int vendorId, int deviceId) {
        String num = String.format("%04x:%04x", vendorId, deviceId);
        if (vendorId != VscFunction.MELLANOX) {
            return "Device [" + num + "]";
        }
        return switch (deviceId) {
            case SimAdapters.CONNECTX5 -> "Mellanox Technologies MT27800 Family [ConnectX-5] [" + num + "]";
            case SimAdapters.SWITCH_IB2 -> "Mellanox Technologies Switch-IB2 [" + num + "]";
            default -> "Mellanox Technologies Device [" + num + "]";
        };
    }

    @Override
    public String subsystemName(int vendorId, int deviceId, int subsystemVendorId, int subsystemId) {
        return deviceName(subsystemVendorId, subsystemId);
    }
}
