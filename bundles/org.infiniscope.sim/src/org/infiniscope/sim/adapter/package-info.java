/**
 * Simulated adapters: each node of a simulated fabric carries a Mellanox PCI function whose vendor-specific
 * capability (0x09) reaches a CR-space, behind which the flash gateway of ConnectX-4 and later (as mstflint's mflash
 * drives it) reaches a serial NOR flash whose two halves are the failsafe image slots;
 * the running image's version is answered in-band by the GeneralInfo vendor MAD (class 0x0A, attribute 0x17).
 * {@link org.infiniscope.sim.adapter.SimAdapters} holds a fabric's adapters; the simulator's
 * {@link org.infiniscope.pci.PciBus} lists their functions for {@code --fabric sim…}.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.sim.adapter;
