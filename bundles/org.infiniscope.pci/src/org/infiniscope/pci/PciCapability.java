package org.infiniscope.pci;

/**
 * One capability of a function's configuration space.
 *
 * @param id the capability ID (for example 0x09, vendor-specific; 0x10, PCI Express; 0x11, MSI-X)
 * @param offset where its header sits in configuration space
 * @param extended whether it is a PCI Express extended capability (from 0x100 on)
 * @param version an extended capability's version, 0 for a standard one
 */
public record PciCapability(int id, int offset, boolean extended, int version) {

    /** The capability ID of a vendor-specific capability (PCI 3.0 H). */
    public static final int VENDOR_SPECIFIC = 0x09;
    /** The capability ID of PCI Express. */
    public static final int PCI_EXPRESS = 0x10;
    /** The extended capability ID of a vendor-specific extended capability. */
    public static final int EXT_VENDOR_SPECIFIC = 0x0B;
}
