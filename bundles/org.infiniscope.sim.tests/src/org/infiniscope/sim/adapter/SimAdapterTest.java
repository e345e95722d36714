package org.infiniscope.sim.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciCapability;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * The simulated adapters: their PCI identity and capability list, the vendor-specific capability's semaphore,
 * counter, space and address/data protocol into CR-space, the flash gateway behind it, failsafe booting, and the
 * GeneralInfo MAD that reports the running firmware in-band.
 */
class SimAdapterTest {

    private final SimFabric fabric;
    private final SimAdapters adapters;

    SimAdapterTest() throws Exception {
        fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        adapters = SimAdapters.attach(fabric, SimAdapterTest::check);
    }

    /** The test's boot ROM: an image is "FWOK" then the sub-minor version, big-endian. */
    private static Optional<FirmwareVersion> check(byte[] image) {
        if (image[0] == 'F' && image[1] == 'W' && image[2] == 'O' && image[3] == 'K') {
            return Optional.of(new FirmwareVersion(16, 40, Bits.u16(image, 4), "MT_0000000008"));
        }
        return Optional.empty();
    }

    private SimAdapter hca() {
        return adapters.all().stream().filter(a -> !a.isSwitch()).findFirst().orElseThrow();
    }

    /** The mstflint-style VSC access: take the semaphore, select the space, read or write through address/data. */
    private static final class Vsc {
        final VscFunction f;
        final int base;

        Vsc(VscFunction f) throws PciException {
            this.f = f;
            this.base = Capabilities.vendorSpecific(f).get(0).offset();
        }

        void lock() throws PciException {
            int ticket = f.readDword(base + VscFunction.COUNTER);
            f.writeDword(base + VscFunction.SEMAPHORE, ticket);
            assertEquals(ticket, f.readDword(base + VscFunction.SEMAPHORE), "the semaphore is ours");
        }

        void space(int space) throws PciException {
            f.writeDword(base + VscFunction.CONTROL, space);
        }

        int read(int address) throws PciException {
            f.writeDword(base + VscFunction.ADDRESS, address);
            assertTrue(f.readDword(base + VscFunction.ADDRESS) < 0, "the flag says the data is there");
            return f.readDword(base + VscFunction.DATA);
        }

        void write(int address, int value) throws PciException {
            f.writeDword(base + VscFunction.DATA, value);
            f.writeDword(base + VscFunction.ADDRESS, address | 1 << 31);
            assertTrue(f.readDword(base + VscFunction.ADDRESS) >= 0, "the flag clears when the write is done");
        }
    }

    @Test
    void everyNodeHasAMellanoxFunctionWithTheVendorSpecificCapability() throws Exception {
        assertEquals(fabric.topology().nodes().size(), adapters.all().size());
        for (SimAdapter a : adapters.all()) {
            PciDevice d = PciDevice.read(a.function());
            assertEquals(0x15B3, d.vendorId());
            assertEquals(a.isSwitch() ? SimAdapters.SWITCH_IB2 : SimAdapters.CONNECTX5, d.deviceId());
            assertEquals(0x0207, d.deviceClass());
            assertEquals(List.of(new PciCapability(0x09, 0x40, false, 0), new PciCapability(0x10, 0x60, false, 0),
                    new PciCapability(0x03, VscFunction.DSN, true, 1)), Capabilities.walk(a.function()));
            long serial = Integer.toUnsignedLong(a.function().readDword(VscFunction.DSN + 4))
                    | (long) a.function().readDword(VscFunction.DSN + 8) << 32;
            assertEquals(a.nodeGuid(), serial, "the Device Serial Number is the node GUID");
        }
        assertEquals(adapters.all().size(),
                adapters.all().stream().map(a -> a.function().address()).distinct().count());
    }

    @Test
    void theSemaphoreIsHeldUntilReleasedAndTheCounterMoves() throws Exception {
        VscFunction f = hca().function();
        int sem = VscFunction.VSC + VscFunction.SEMAPHORE;
        int first = f.readDword(VscFunction.VSC + VscFunction.COUNTER);
        int second = f.readDword(VscFunction.VSC + VscFunction.COUNTER);
        assertNotEquals(first, second);
        f.writeDword(sem, first);
        f.writeDword(sem, second); // another process tries
        assertEquals(first, f.readDword(sem), "the first ticket holds it");
        f.writeDword(sem, 0);
        f.writeDword(sem, second);
        assertEquals(second, f.readDword(sem));
    }

    @Test
    void onlyCrSpaceIsSupportedAndItHoldsTheHardwareIdAndScratchRegisters() throws Exception {
        Vsc v = new Vsc(hca().function());
        v.lock();
        v.space(0x7);
        assertEquals(0, v.f.readDword(v.base + VscFunction.CONTROL) >>> 29, "space 7 unsupported");
        v.space(VscFunction.SPACE_CR);
        assertNotEquals(0, v.f.readDword(v.base + VscFunction.CONTROL) >>> 29, "CR-space supported");
        assertEquals(0x20D, v.read(CrSpace.HW_ID), "the ConnectX-5 hardware ID, not its PCI device ID");
        assertEquals(16, v.read(CrSpace.FW_MAJOR));
        v.write(0x1234, 0xCAFE);
        assertEquals(0xCAFE, v.read(0x1234));
        v.write(CrSpace.HW_ID, 0); // read-only
        assertEquals(0x20D, v.read(CrSpace.HW_ID), "the ConnectX-5 hardware ID, not its PCI device ID");
    }

    @Test
    void theFlashGatewayErasesProgramsAndReadsLikeNorFlash() throws Exception {
        SimAdapter a = hca();
        Vsc v = new Vsc(a.function());
        v.lock();
        v.space(VscFunction.SPACE_CR);
        int slot1 = v.read(CrSpace.FGW_SLOT_SIZE);
        assertEquals(SimAdapters.SLOT_SIZE, slot1);
        v.write(CrSpace.FGW_ADDR, slot1);
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_ERASE);
        v.write(CrSpace.FGW_DATA, 0x46574F4B); // "FWOK"
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_PROGRAM);
        assertEquals(CrSpace.STATUS_OK, v.read(CrSpace.FGW_CMD));
        v.write(CrSpace.FGW_ADDR, slot1 + 4);
        v.write(CrSpace.FGW_DATA, 0x0BB8_FFFF); // sub-minor 3000
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_PROGRAM);
        v.write(CrSpace.FGW_DATA, 0xFFFF_FFFF);
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_READ);
        assertEquals(0x0BB8_FFFF, v.read(CrSpace.FGW_DATA));
        v.write(CrSpace.FGW_DATA, 0x0FFF_FFFF); // sets bits that are programmed to 0
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_PROGRAM);
        assertEquals(CrSpace.STATUS_NOT_ERASED, v.read(CrSpace.FGW_CMD));
        v.write(CrSpace.FGW_ADDR, 2 * slot1);
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_READ);
        assertEquals(CrSpace.STATUS_RANGE, v.read(CrSpace.FGW_CMD));
        assertEquals("16.35.2000", a.running().version(), "the new image runs only after a power cycle");
        v.write(CrSpace.FGW_ACTIVE, 1);
        assertEquals(Optional.of(new FirmwareVersion(16, 40, 3000, "MT_0000000008")), a.powerCycle());
        assertEquals(1, a.flash().activeSlot());
    }

    @Test
    void aBadActiveSlotBootsTheOtherOneAndNeitherMeansNoBoot() throws Exception {
        SimAdapter a = hca();
        a.flash().load(1, new byte[]{'B', 'A', 'D', '!'});
        a.flash().setActiveSlot(1);
        assertEquals(Optional.of(new FirmwareVersion(16, 35, 2000, "MT_0000000008")), a.powerCycle(),
                "slot 0 still holds the factory image");
        assertEquals(0, a.flash().activeSlot());
        a.flash().load(0, new byte[]{'B', 'A', 'D', '!'});
        assertEquals(Optional.empty(), a.powerCycle());
        assertFalse(a.booted());
    }

    @Test
    void faultsFailFlashOperationsAndPowerLossHidesTheFunction() throws Exception {
        SimAdapter a = hca();
        Vsc v = new Vsc(a.function());
        v.space(VscFunction.SPACE_CR);
        a.faults().failNextFlashOperations(1);
        v.write(CrSpace.FGW_ADDR, 0);
        v.write(CrSpace.FGW_CMD, CrSpace.CMD_ERASE);
        assertEquals(CrSpace.STATUS_FAULT, v.read(CrSpace.FGW_CMD));
        a.faults().losePowerAfter(0);
        v.f.writeDword(v.base + VscFunction.DATA, CrSpace.CMD_ERASE);
        v.f.writeDword(v.base + VscFunction.ADDRESS, CrSpace.FGW_CMD | 1 << 31);
        assertTrue(a.faults().powerLost());
        assertEquals(-1, a.function().readDword(0), "a function without power reads all ones");
        a.powerCycle();
        assertEquals(0x15B3, a.function().readWord(0));
    }
}
