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

    /** Runs a flash gateway command with the lock bit and busy set, as mstflint's mflash does; returns the data. */
    private static int[] gw(Vsc v, int command) throws PciException {
        v.write(CrSpace.GW_CMD, command | CrSpace.LOCK | CrSpace.BUSY);
        assertEquals(0, v.read(CrSpace.GW_CMD) & CrSpace.BUSY, "the gateway is done");
        int[] d = new int[4];
        for (int i = 0; i < 4; i++) {
            d[i] = v.read(CrSpace.GW_DATA + 4 * i);
        }
        return d;
    }

    private static int status(Vsc v) throws PciException {
        return gw(v, CrSpace.READ | CrSpace.CMD_PHASE | CrSpace.DATA_PHASE | 0x05 << 16)[0] >>> 24;
    }

    private static int readDword(Vsc v, int address) throws PciException {
        v.write(CrSpace.GW_ADDR, address);
        return gw(v,
                CrSpace.READ | CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | CrSpace.DATA_PHASE | 2 << 8 | 0x03 << 16)[0];
    }

    private static void program(Vsc v, int address, int value) throws PciException {
        gw(v, CrSpace.CMD_PHASE | 0x06 << 16);
        v.write(CrSpace.GW_ADDR, address);
        v.write(CrSpace.GW_DATA, value);
        gw(v, CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | CrSpace.DATA_PHASE | 2 << 8 | 0x02 << 16);
    }

    @Test
    void theFlashGatewayErasesProgramsAndReadsLikeSpiNorFlash() throws Exception {
        SimAdapter a = hca();
        Vsc v = new Vsc(a.function());
        v.lock();
        v.space(VscFunction.SPACE_CR);
        assertEquals(0, v.read(CrSpace.GW_CMD) & CrSpace.LOCK, "the gateway lock was free: this read took it");
        assertEquals(CrSpace.LOCK, v.read(CrSpace.GW_CMD) & CrSpace.LOCK, "now it is held");
        assertEquals(0xEF4015_00, gw(v, CrSpace.READ | CrSpace.CMD_PHASE | CrSpace.DATA_PHASE | 2 << 8 | 0x9F << 16)[0],
                "a Winbond W25Q16 (2 MiB: two 1 MiB slots)");
        int slot1 = SimAdapters.SLOT_SIZE;
        // erase without write enable does nothing
        v.write(CrSpace.GW_ADDR, slot1);
        gw(v, CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | 0x20 << 16);
        assertEquals(0, status(v) & 1, "not busy: the erase was ignored");
        gw(v, CrSpace.CMD_PHASE | 0x06 << 16);
        assertEquals(2, status(v), "write enable latch set");
        v.write(CrSpace.GW_ADDR, slot1);
        gw(v, CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | 0x20 << 16);
        int polls = 0;
        while ((status(v) & 1) != 0) {
            polls++;
        }
        assertEquals(CrSpace.ERASE_BUSY_POLLS, polls, "busy while erasing");
        program(v, slot1, 0x46574F4B); // "FWOK"
        assertEquals(-1, readDword(v, slot1), "busy: the flash ignores the read");
        assertEquals(1, status(v) & 1, "busy for one status read");
        assertEquals(0, status(v) & 1);
        assertEquals(0x46574F4B, readDword(v, slot1));
        program(v, slot1 + 4, 0x0BB8_FFFF); // sub-minor 3000
        status(v);
        assertEquals(0x0BB8_FFFF, readDword(v, slot1 + 4));
        program(v, slot1 + 4, 0x0FFF_00FF); // programming only clears bits
        status(v);
        assertEquals(0x0BB8_00FF, readDword(v, slot1 + 4));
        // a page program with the chip select held continues at the next address
        gw(v, CrSpace.CMD_PHASE | 0x06 << 16);
        v.write(CrSpace.GW_ADDR, slot1 + 0x100);
        for (int i = 0; i < 4; i++) {
            v.write(CrSpace.GW_DATA + 4 * i, 0x1000 + i);
        }
        gw(v, CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | CrSpace.DATA_PHASE | CrSpace.CS_HOLD | 4 << 8 | 0x02 << 16);
        for (int i = 0; i < 4; i++) {
            v.write(CrSpace.GW_DATA + 4 * i, 0x2000 + i);
        }
        gw(v, CrSpace.DATA_PHASE | 4 << 8);
        status(v);
        v.write(CrSpace.GW_ADDR, slot1 + 0x100);
        int[] first = gw(v, CrSpace.READ | CrSpace.CMD_PHASE | CrSpace.ADDR_PHASE | CrSpace.DATA_PHASE | CrSpace.CS_HOLD
                | 4 << 8 | 0x03 << 16);
        int[] second = gw(v, CrSpace.READ | CrSpace.DATA_PHASE | 4 << 8);
        assertEquals(0x1003, first[3]);
        assertEquals(0x2000, second[0], "the address advanced by itself");
        assertEquals(-1,
                gw(v, CrSpace.READ | CrSpace.CMD_PHASE | CrSpace.DATA_PHASE | CrSpace.BANK1 | 2 << 8 | 0x9F << 16)[0],
                "no flash in bank 1");
        v.write(CrSpace.GW_CMD, 0);
        assertEquals(0, v.read(CrSpace.GW_CMD) & CrSpace.LOCK, "freed by writing 0");
        assertEquals("16.35.2000", a.running().version(), "the new image runs only after a power cycle");
        a.flash().setActiveSlot(1);
        assertEquals(Optional.of(new FirmwareVersion(16, 40, 3000, "MT_0000000008")), a.powerCycle());
        assertEquals(1, a.flash().activeSlot());
    }

    @Test
    void theSlotWithTheImageStartBoots() {
        SimAdapter a = hca();
        byte[] start = {'M', 'T', 'F', 'W'};
        a.flash().load(1, start);
        assertEquals(1, a.flash().activeSlot(), "only slot 1 has the MTFW start");
        a.flash().load(0, start);
        assertEquals(0, a.flash().activeSlot(), "both: the one selected (or booted) last");
        a.flash().setActiveSlot(1);
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
    void faultsHangTheGatewayAndPowerLossHidesTheFunction() throws Exception {
        SimAdapter a = hca();
        Vsc v = new Vsc(a.function());
        v.space(VscFunction.SPACE_CR);
        v.read(CrSpace.GW_CMD); // lock
        a.faults().failNextFlashOperations(1);
        v.write(CrSpace.GW_CMD, CrSpace.LOCK | CrSpace.BUSY | CrSpace.CMD_PHASE | 0x06 << 16);
        assertEquals(CrSpace.BUSY, v.read(CrSpace.GW_CMD) & CrSpace.BUSY, "the gateway hangs busy");
        a.faults().losePowerAfter(0);
        v.f.writeDword(v.base + VscFunction.DATA, CrSpace.LOCK | CrSpace.BUSY | CrSpace.CMD_PHASE | 0x06 << 16);
        v.f.writeDword(v.base + VscFunction.ADDRESS, CrSpace.GW_CMD | 1 << 31);
        assertTrue(a.faults().powerLost());
        assertEquals(-1, a.function().readDword(0), "a function without power reads all ones");
        a.powerCycle();
        assertEquals(0x15B3, a.function().readWord(0));
        assertEquals(0, v.read(CrSpace.GW_CMD), "after power comes back the gateway is free and idle");
    }
}
