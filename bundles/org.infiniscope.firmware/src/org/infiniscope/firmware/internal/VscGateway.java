package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FlashException;
import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciCapability;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;

/**
 * CR-space access through a Mellanox adapter's vendor-specific capability, as mstflint's pciconf access does it:
 * take the semaphore with a ticket from the counter, select the address space in the control register (its status
 * bits say whether the space is supported), then read by writing the address with the flag clear and waiting for
 * the flag, or write by loading the data register and writing the address with the flag set and waiting for it to
 * clear. Waits are bounded by a number of polls, never by sleeping.
 */
final class VscGateway implements AutoCloseable {

    static final int CONTROL = 0x04;
    static final int COUNTER = 0x08;
    static final int SEMAPHORE = 0x0C;
    static final int ADDRESS = 0x10;
    static final int DATA = 0x14;
    static final int SPACE_CR = 2;
    private static final int POLLS = 4096;
    private static final int SEMAPHORE_TRIES = 64;

    private final PciFunction f;
    private final int base;
    private boolean locked;

    private VscGateway(PciFunction f, int base) {
        this.f = f;
        this.base = base;
    }

    /**
     * Finds the capability, takes the semaphore and selects CR-space.
     *
     * @throws FlashException when the function has no vendor-specific capability, the semaphore stays held by
     *         another process, or CR-space is not supported
     */
    static VscGateway open(PciFunction f) throws FlashException {
        try {
            var caps = Capabilities.vendorSpecific(f);
            if (caps.isEmpty()) {
                throw new FlashException(f.address() + ": no vendor-specific capability (0x09)");
            }
            VscGateway g = new VscGateway(f, caps.get(0).offset());
            g.lock();
            try {
                g.space(SPACE_CR);
            } catch (FlashException e) {
                g.close();
                throw e;
            }
            return g;
        } catch (PciException e) {
            throw new FlashException(e.getMessage());
        }
    }

    static boolean hasVsc(PciFunction f) {
        try {
            return Capabilities.find(f, PciCapability.VENDOR_SPECIFIC).isPresent();
        } catch (PciException e) {
            return false;
        }
    }

    private void lock() throws FlashException, PciException {
        for (int i = 0; i < SEMAPHORE_TRIES; i++) {
            if (f.readDword(base + SEMAPHORE) != 0) {
                Thread.onSpinWait();
                continue;
            }
            int ticket = f.readDword(base + COUNTER);
            f.writeDword(base + SEMAPHORE, ticket);
            if (f.readDword(base + SEMAPHORE) == ticket) {
                locked = true;
                return;
            }
        }
        throw new FlashException(f.address() + ": the gateway semaphore is held by another process (tried "
                + SEMAPHORE_TRIES + " times)");
    }

    /** Selects an address space (CR-space, ICMD, semaphore) for the reads and writes that follow. */
    void select(int space) throws FlashException {
        try {
            space(space);
        } catch (PciException e) {
            throw new FlashException(e.getMessage());
        }
    }

    private void space(int space) throws FlashException, PciException {
        f.writeDword(base + CONTROL, space);
        if (f.readDword(base + CONTROL) >>> 29 == 0) {
            throw new FlashException(f.address() + ": address space " + space + " is not supported");
        }
    }

    /** @return the CR-space dword at an address */
    int read(int address) throws FlashException {
        try {
            f.writeDword(base + ADDRESS, address & 0x3FFF_FFFF);
            for (int i = 0; i < POLLS; i++) {
                if (f.readDword(base + ADDRESS) < 0) {
                    return f.readDword(base + DATA);
                }
            }
        } catch (PciException e) {
            throw new FlashException(e.getMessage());
        }
        throw new FlashException(String.format("%s: CR-space read of 0x%x did not complete", f.address(), address));
    }

    /** Writes a CR-space dword. */
    void write(int address, int value) throws FlashException {
        try {
            f.writeDword(base + DATA, value);
            f.writeDword(base + ADDRESS, address & 0x3FFF_FFFF | 1 << 31);
            for (int i = 0; i < POLLS; i++) {
                if (f.readDword(base + ADDRESS) >= 0) {
                    return;
                }
            }
        } catch (PciException e) {
            throw new FlashException(e.getMessage());
        }
        throw new FlashException(String.format("%s: CR-space write of 0x%x did not complete", f.address(), address));
    }

    @Override
    public void close() {
        if (locked) {
            try {
                f.writeDword(base + SEMAPHORE, 0);
            } catch (PciException e) {
                // a function that is gone holds no semaphore
            }
            locked = false;
        }
    }
}
