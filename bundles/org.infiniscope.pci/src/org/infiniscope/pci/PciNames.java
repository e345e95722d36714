package org.infiniscope.pci;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Names of vendors, devices, subsystems and classes, as the PCI ID database (pci.ids) has them. Each method
 * returns lspci's "mixed" text ({@code lspci -nn}): the name followed by the numbers in brackets, and what lspci
 * prints in place of a name it does not know.
 */
@ConsumerType
public interface PciNames {

    /** @return for example {@code Ethernet controller [0200]}, from the 16-bit class (base class, sub-class) */
    String className(int deviceClass);

    /** @return for example {@code Red Hat, Inc. Virtio 1.0 network device [1af4:1041]} */
    String deviceName(int vendorId, int deviceId);

    /** @return for example {@code Red Hat, Inc. Device [1af4:1100]}, the subsystem's name */
    String subsystemName(int vendorId, int deviceId, int subsystemVendorId, int subsystemId);
}
