package org.infiniscope.pci.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.infiniscope.pci.PciAddress;

/** How much configuration space the kernel shows for a function: the size of its sysfs config file. */
final class ConfigSizes {

    static final Path DEVICES = Path.of("/sys/bus/pci/devices");

    private ConfigSizes() {
    }

    /** @return 256 or 4096; 256 when sysfs does not say */
    static int of(PciAddress address) {
        try {
            long size = Files.size(DEVICES.resolve(address.toString()).resolve("config"));
            return size >= 4096 ? 4096 : 256;
        } catch (IOException e) {
            return 256;
        }
    }
}
