package org.infiniscope.pci;

/**
 * The identity of a PCI function, as its configuration header gives it.
 *
 * @param address where it sits
 * @param vendorId the vendor ID (offset 0x00)
 * @param deviceId the device ID (0x02)
 * @param classCode base class, sub-class and programming interface (0x09-0x0B), 24 bits
 * @param revision the revision ID (0x08)
 * @param headerType the header type without the multi-function bit (0x0E)
 * @param subsystemVendorId the subsystem vendor ID (0x2C of a type-0 header, 0 when none)
 * @param subsystemId the subsystem ID (0x2E of a type-0 header, 0 when none)
 */
public record PciDevice(PciAddress address, int vendorId, int deviceId, int classCode, int revision, int headerType,
        int subsystemVendorId, int subsystemId) {

    /** Reads the identity of a function from its configuration header. */
    public static PciDevice read(PciFunction function) throws PciException {
        int header = function.readByte(0x0E) & 0x7F;
        int subVendor = 0;
        int subId = 0;
        if (header == 0) {
            subVendor = function.readWord(0x2C);
            subId = function.readWord(0x2E);
        } else if (header == 2) { // CardBus bridge
            subVendor = function.readWord(0x40);
            subId = function.readWord(0x42);
        }
        return new PciDevice(function.address(), function.readWord(0x00), function.readWord(0x02),
                function.readDword(0x08) >>> 8, function.readByte(0x08), header, subVendor, subId);
    }

    /** @return the base class and sub-class, 16 bits, as lspci looks a class name up */
    public int deviceClass() {
        return classCode >>> 8;
    }
}
