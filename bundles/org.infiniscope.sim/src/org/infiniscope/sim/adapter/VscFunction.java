package org.infiniscope.sim.adapter;

import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;

/**
 * A simulated adapter's PCI function: a type-0 header (Mellanox, the adapter's device ID, class InfiniBand
 * controller), a capability list of the vendor-specific capability at {@link #VSC} and PCI Express at 0x60, and
 * the extended Device Serial Number at {@link #DSN} holding the node GUID (as a ConnectX's does: the base GUID of
 * the firmware it booted, so an adapter that boots an image with another GUID reports it from then on), and
 * the vendor-specific capability's registers as mstflint's pciconf access drives them (offsets from the
 * capability):
 * <ul>
 * <li>+0x04 control: the address space in bits 0-15; reading back gives a status in bits 29-31 that is non-zero
 * when the space is supported ({@link #SPACE_CR}, and the ICMD and semaphore spaces of
 * {@link FlashRegisters});</li>
 * <li>+0x08 counter: each read returns the next ticket;</li>
 * <li>+0x0C semaphore: 0 when free; writing a ticket to a free semaphore takes it (read it back to see whether it
 * was yours), writing 0 frees it;</li>
 * <li>+0x10 address: bits 0-29 the address in the space, bit 31 the flag. Writing the address with the flag clear
 * reads the space into the data register and sets the flag; writing it with the flag set writes the data register
 * to the space and clears the flag;</li>
 * <li>+0x14 data.</li>
 * </ul>
 * While the adapter has lost power, every read returns all ones and writes are lost, as for a function that is gone.
 */
public final class VscFunction implements PciFunction {

    /** Where the vendor-specific capability sits. */
    public static final int VSC = 0x40;
    /** The CR-space address space. */
    public static final int SPACE_CR = 2;
    /** Register offsets from the capability. */
    public static final int CONTROL = 0x04;
    /** Counter register. */
    public static final int COUNTER = 0x08;
    /** Semaphore register. */
    public static final int SEMAPHORE = 0x0C;
    /** Address register. */
    public static final int ADDRESS = 0x10;
    /** Data register. */
    public static final int DATA = 0x14;
    /** The Device Serial Number extended capability: its serial is the node GUID of the running firmware. */
    public static final int DSN = 0x100;
    /** The Mellanox vendor ID. */
    public static final int MELLANOX = 0x15B3;

    private final SimAdapter adapter;
    private final PciAddress address;
    private final byte[] header = new byte[4096];
    private int space;
    private int counter;
    private int semaphore;
    private int addressRegister;
    private int data;

    VscFunction(SimAdapter adapter, PciAddress address) {
        this.adapter = adapter;
        this.address = address;
        put(0x00, MELLANOX, 2);
        put(0x02, adapter.deviceId(), 2);
        put(0x04, 0x0006, 2); // memory space, bus master
        put(0x06, 0x0010, 2); // capability list
        put(0x08, 0x00, 1); // revision
        put(0x09, 0x020700, 3); // InfiniBand controller
        put(0x2C, MELLANOX, 2);
        put(0x2E, adapter.isSwitch() ? 0x0001 : 0x0008, 2);
        put(0x34, VSC, 1);
        put(VSC, 0x09 | 0x60 << 8 | 0x18 << 16, 4); // vendor-specific, next 0x60, length 0x18
        put(0x60, 0x10 | 0x0002 << 16, 4); // PCI Express v2, end of list
        // extended: Device Serial Number v1 (end of list), which Mellanox adapters fill with their node GUID (read
        // live: it follows the GUID of the image the adapter booted)
        put(DSN, 0x0003 | 1 << 16, 4);
    }

    private void put(int at, int value, int width) {
        for (int i = 0; i < width; i++) {
            header[at + i] = (byte) (value >>> (8 * i));
        }
    }

    @Override
    public PciAddress address() {
        return address;
    }

    @Override
    public int configSize() {
        return 4096;
    }

    private synchronized int dword(int at) {
        if (adapter.faults().powerLost()) {
            return -1;
        }
        if (at == DSN + 4) {
            return (int) adapter.nodeGuid();
        }
        if (at == DSN + 8) {
            return (int) (adapter.nodeGuid() >>> 32);
        }
        return switch (at - VSC) {
            case CONTROL -> space | (supported(space) ? 1 << 29 : 0);
            case COUNTER -> ++counter;
            case SEMAPHORE -> semaphore;
            case ADDRESS -> addressRegister;
            case DATA -> data;
            default -> (header[at] & 0xFF) | (header[at + 1] & 0xFF) << 8 | (header[at + 2] & 0xFF) << 16
                    | (header[at + 3] & 0xFF) << 24;
        };
    }

    private synchronized void writeDwordAt(int at, int value) {
        if (adapter.faults().powerLost()) {
            return;
        }
        switch (at - VSC) {
            case CONTROL -> space = value & 0xFFFF;
            case SEMAPHORE -> {
                if (value == 0 || semaphore == 0) {
                    semaphore = value;
                }
            }
            case DATA -> data = value;
            case ADDRESS -> {
                int target = value & 0x3FFF_FFFF;
                boolean write = value < 0;
                if (write) {
                    if (space == SPACE_CR) {
                        adapter.crSpace().write(target, data);
                    } else if (supported(space)) {
                        adapter.flashRegisters().write(space, target, data);
                    }
                    addressRegister = target;
                } else {
                    data = space == SPACE_CR
                            ? adapter.crSpace().read(target)
                            : supported(space) ? adapter.flashRegisters().read(space, target) : 0;
                    addressRegister = target | 1 << 31;
                }
            }
            default -> {
                if (at == 0x3C) { // Interrupt Line: a scratch byte
                    header[at] = (byte) value;
                }
            }
        }
    }

    private static boolean supported(int space) {
        return space == SPACE_CR || space == FlashRegisters.SPACE_ICMD || space == FlashRegisters.SPACE_SEMAPHORE;
    }

    @Override
    public int readByte(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 1);
        return dword(offset & ~3) >>> (8 * (offset & 3)) & 0xFF;
    }

    @Override
    public int readWord(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 2);
        return dword(offset & ~3) >>> (8 * (offset & 3)) & 0xFFFF;
    }

    @Override
    public int readDword(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 4);
        return dword(offset);
    }

    @Override
    public void writeByte(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 1);
        if (offset == 0x3C) {
            writeDwordAt(offset, value);
        }
    }

    @Override
    public void writeWord(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 2);
    }

    @Override
    public void writeDword(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 4);
        writeDwordAt(offset, value);
    }
}
