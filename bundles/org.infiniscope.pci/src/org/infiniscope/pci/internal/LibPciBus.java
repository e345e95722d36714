package org.infiniscope.pci.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;

/**
 * The host's functions through libpci. The bus is scanned once, when first asked: a rescan would hand out new
 * {@code pci_dev} pointers while callers hold the old ones.
 */
final class LibPciBus implements PciBus, PciNames, AutoCloseable {

    private final LibPci lib;
    private final List<PciFunction> functions;

    LibPciBus(LibPci lib) {
        this.lib = lib;
        List<PciFunction> list = new ArrayList<>();
        for (LibPci.Device d : lib.devices()) {
            list.add(new LibPciFunction(lib, d));
        }
        list.sort(Comparator.comparing(PciFunction::address));
        this.functions = List.copyOf(list);
    }

    /** Opens libpci and scans. */
    static LibPciBus open() throws PciException {
        return new LibPciBus(LibPci.open(true));
    }

    @Override
    public String name() {
        return "libpci";
    }

    @Override
    public boolean accepts(String fabric) {
        return HostBuses.isHost(fabric);
    }

    @Override
    public List<PciFunction> functions(String fabric) {
        return functions;
    }

    @Override
    public PciNames names() {
        return this;
    }

    @Override
    public String className(int deviceClass) {
        return lib.lookup(LibPci.LOOKUP_CLASS | LibPci.LOOKUP_MIXED, deviceClass);
    }

    @Override
    public String deviceName(int vendorId, int deviceId) {
        return lib.lookup(LibPci.LOOKUP_VENDOR | LibPci.LOOKUP_DEVICE | LibPci.LOOKUP_MIXED, vendorId, deviceId);
    }

    @Override
    public String subsystemName(int vendorId, int deviceId, int subsystemVendorId, int subsystemId) {
        return lib.lookup(LibPci.LOOKUP_SUBSYSTEM | LibPci.LOOKUP_VENDOR | LibPci.LOOKUP_DEVICE | LibPci.LOOKUP_MIXED,
                vendorId, deviceId, subsystemVendorId, subsystemId);
    }

    @Override
    public void close() {
        lib.close();
    }

    /** A function of the scanned list. */
    private static final class LibPciFunction implements PciFunction {

        private final LibPci lib;
        private final LibPci.Device device;
        private final int configSize;

        LibPciFunction(LibPci lib, LibPci.Device device) {
            this.lib = lib;
            this.device = device;
            this.configSize = ConfigSizes.of(device.address());
        }

        @Override
        public PciAddress address() {
            return device.address();
        }

        @Override
        public int configSize() {
            return configSize;
        }

        @Override
        public int readByte(int offset) throws PciException {
            PciFunction.checkAccess(this, offset, 1);
            return lib.read(device, offset, 1);
        }

        @Override
        public int readWord(int offset) throws PciException {
            PciFunction.checkAccess(this, offset, 2);
            return lib.read(device, offset, 2);
        }

        @Override
        public int readDword(int offset) throws PciException {
            PciFunction.checkAccess(this, offset, 4);
            return lib.read(device, offset, 4);
        }

        @Override
        public void writeByte(int offset, int value) throws PciException {
            PciFunction.checkAccess(this, offset, 1);
            lib.write(device, offset, 1, value);
        }

        @Override
        public void writeWord(int offset, int value) throws PciException {
            PciFunction.checkAccess(this, offset, 2);
            lib.write(device, offset, 2, value);
        }

        @Override
        public void writeDword(int offset, int value) throws PciException {
            PciFunction.checkAccess(this, offset, 4);
            lib.write(device, offset, 4, value);
        }
    }
}
