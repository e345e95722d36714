/**
 * PCI access: the functions of a {@link org.infiniscope.pci.PciBus} (the host's through libpci or sysfs, or a
 * simulator's), their configuration space, identity, names and capabilities.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.pci;
