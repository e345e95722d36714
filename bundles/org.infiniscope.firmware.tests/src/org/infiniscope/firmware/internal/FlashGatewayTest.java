package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.sim.adapter.VscFunction;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The flash gateway protocol itself, as the flasher drives it against the simulated ConnectX-5 (whose CR-space
 * implements the gateway mstflint's mflash drives on ConnectX-4 and later): the command words it writes (lock and
 * busy in every one, write enable before each erase and program, chip select held across a page program's blocks),
 * bounded polling of the gateway's busy bit and the flash's write-in-progress bit, erase before program in a burn,
 * and refusing a flash whose JEDEC ID it does not know, a held gateway lock, and firmware that uses the flash.
 */
class FlashGatewayTest {

    private static final ImageSpec NEXT = new ImageSpec(16, 35, 3004, 0x2026, 0x11, 0x30, "MT_0000000008", 0x1017,
            "next", 0x0002C90300001000L, 4, 0x0002C9001000L, 2, List.of());

    /** One gateway command as written to 0xF0400, with the flash address register's value at that time. */
    record Command(int word, int address) {
        int opcode() {
            return word >>> 16 & 0xFF;
        }

        boolean has(int bits) {
            return (word & bits) == bits;
        }
    }

    /** The simulated function, recording every gateway command written through the VSC address/data registers. */
    static class Recorder implements PciFunction {
        final PciFunction f;
        final List<Command> commands = new ArrayList<>();
        int data;
        int address;

        Recorder(PciFunction f) {
            this.f = f;
        }

        @Override
        public PciAddress address() {
            return f.address();
        }

        @Override
        public int configSize() {
            return f.configSize();
        }

        @Override
        public int readByte(int offset) throws PciException {
            return f.readByte(offset);
        }

        @Override
        public int readWord(int offset) throws PciException {
            return f.readWord(offset);
        }

        @Override
        public int readDword(int offset) throws PciException {
            return f.readDword(offset);
        }

        @Override
        public void writeByte(int offset, int value) throws PciException {
            f.writeByte(offset, value);
        }

        @Override
        public void writeWord(int offset, int value) throws PciException {
            f.writeWord(offset, value);
        }

        @Override
        public void writeDword(int offset, int value) throws PciException {
            if (offset == VscFunction.VSC + VscFunction.DATA) {
                data = value;
            } else if (offset == VscFunction.VSC + VscFunction.ADDRESS && value < 0) {
                int target = value & 0x3FFF_FFFF;
                if (target == SpiFlashGateway.ADDR) {
                    address = data;
                } else if (target == SpiFlashGateway.CMD && (data & SpiFlashGateway.BUSY) != 0) {
                    commands.add(new Command(data, address));
                }
            }
            f.writeDword(offset, value);
        }
    }

    private SimAdapter adapter;
    private Recorder recorder;

    @BeforeEach
    void factory() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        SimAdapters adapters = SimAdapters.attach(fabric, BurnTest::boots);
        adapter = adapters.all().stream().filter(a -> !a.isSwitch()).findFirst().orElseThrow();
        adapter.flash().load(0, Fs4Builder.build(Images.HCA));
        adapter.powerCycle();
        recorder = new Recorder(adapter.function());
    }

    private SpiFlashGateway open(VscGateway v) throws FlashException {
        return SpiFlashGateway.open(v, "test");
    }

    @Test
    void theFlashIsIdentifiedByItsJedecIdAndEveryCommandKeepsTheLockAndSetsBusy() throws Exception {
        try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
            assertEquals("Winbond W25Q16", g.part().name());
            assertEquals(2 * SimAdapters.SLOT_SIZE, g.part().capacity());
            assertEquals(0xEF4015, g.jedecId());
        }
        Command jedec = recorder.commands.getFirst();
        assertEquals(0x9F, jedec.opcode());
        assertTrue(jedec.has(SpiFlashGateway.READ | SpiFlashGateway.CMD_PHASE | SpiFlashGateway.DATA_PHASE));
        assertFalse(jedec.has(SpiFlashGateway.ADDR_PHASE));
        assertEquals(2, jedec.word() >>> 8 & 7, "4 data bytes");
        for (Command c : recorder.commands) {
            assertTrue(c.has(SpiFlashGateway.LOCK | SpiFlashGateway.BUSY), Integer.toHexString(c.word()));
            assertEquals(0, c.word() & 1 << SpiFlashGateway.CHIP_SELECT, "bank 0");
        }
        assertEquals(0, adapter.function().readDword(VscFunction.VSC + VscFunction.SEMAPHORE), "semaphore freed");
    }

    @Test
    void anEraseIsWriteEnableSectorEraseThenStatusPollsUntilDone() throws Exception {
        int sector = SimAdapters.SLOT_SIZE + 0x3000;
        try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
            recorder.commands.clear();
            g.eraseSector(sector);
        }
        List<Command> c = recorder.commands;
        assertEquals(0x06, c.get(0).opcode(), "write enable");
        assertEquals(SpiFlashGateway.CMD_PHASE, c.get(0).word() & 0xFFFF);
        assertEquals(0x20, c.get(1).opcode(), "4 KiB sector erase");
        assertTrue(c.get(1).has(SpiFlashGateway.CMD_PHASE | SpiFlashGateway.ADDR_PHASE));
        assertFalse(c.get(1).has(SpiFlashGateway.DATA_PHASE));
        assertEquals(sector, c.get(1).address());
        List<Command> polls = c.subList(2, c.size());
        assertEquals(org.infiniscope.sim.adapter.CrSpace.ERASE_BUSY_POLLS + 1, polls.size(),
                "read status until the write-in-progress bit clears");
        polls.forEach(p -> assertEquals(0x05, p.opcode()));
    }

    @Test
    void aPageProgramHoldsTheChipSelectAcrossItsSixteenByteBlocks() throws Exception {
        byte[] page = new byte[256];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i * 7);
        }
        int at = SimAdapters.SLOT_SIZE + 0x1100;
        try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
            g.eraseSector(at);
            recorder.commands.clear();
            g.programPage(at, page, 0, 256);
            byte[] back = new byte[256];
            g.read(at, back, 0, 256);
            assertArrayEquals(page, back);
        }
        List<Command> c = recorder.commands;
        assertEquals(0x06, c.get(0).opcode());
        Command first = c.get(1);
        assertEquals(0x02, first.opcode(), "page program");
        assertTrue(first.has(SpiFlashGateway.CMD_PHASE | SpiFlashGateway.ADDR_PHASE | SpiFlashGateway.DATA_PHASE
                | SpiFlashGateway.CS_HOLD));
        assertEquals(4, first.word() >>> 8 & 7, "16 bytes a block");
        assertEquals(at, first.address());
        for (int i = 2; i < 17; i++) {
            Command block = c.get(i);
            assertEquals(SpiFlashGateway.DATA_PHASE,
                    block.word()
                            & (SpiFlashGateway.DATA_PHASE | SpiFlashGateway.CMD_PHASE | SpiFlashGateway.ADDR_PHASE),
                    "data only: the address advances");
            assertEquals(i < 16, block.has(SpiFlashGateway.CS_HOLD), "the last block releases the chip select");
        }
        assertEquals(0x05, c.get(17).opcode(), "then status polls");
        assertThrows(IllegalArgumentException.class, () -> {
            try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
                g.programPage(at + 0xF0, page, 0, 32); // crosses a page
            }
        });
    }

    @Test
    void busyPollingIsBounded() throws Exception {
        adapter.faults().keepFlashBusy();
        FlashException erase = assertThrows(FlashException.class, () -> {
            try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
                g.eraseSector(SimAdapters.SLOT_SIZE);
            }
        });
        assertTrue(
                erase.getMessage().contains(
                        "still busy (write in progress) after " + SpiFlashGateway.ERASE_POLLS + " status polls"),
                erase.getMessage());
        adapter.powerCycle();
        adapter.faults().failNextFlashOperations(1); // the next gateway command hangs
        FlashException hung = assertThrows(FlashException.class, () -> {
            try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
                g.jedecId();
            }
        });
        assertTrue(hung.getMessage().contains("stayed busy after " + SpiFlashGateway.GATEWAY_POLLS + " polls"),
                hung.getMessage());
        try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
            assertEquals(0xEF4015, g.jedecId(), "the lock was freed after the failure");
        }
    }

    @Test
    void aBurnErasesEverySectorBeforeProgrammingItAndSwitchesByTheImageStart() throws Exception {
        new MellanoxVscFlasher().burn(recorder, Fs4Builder.build(NEXT), BurnOptions.defaults());
        Set<Integer> erased = new HashSet<>();
        int programs = 0;
        Command last = null;
        for (Command c : recorder.commands) {
            if (c.opcode() == 0x20 && c.has(SpiFlashGateway.CMD_PHASE)) {
                erased.add(c.address() / 4096);
            } else if (c.opcode() == 0x02 && c.has(SpiFlashGateway.CMD_PHASE)) {
                programs++;
                last = c;
                if (c.address() >= SimAdapters.SLOT_SIZE) {
                    assertTrue(erased.contains(c.address() / 4096),
                            "programmed 0x" + Integer.toHexString(c.address()) + " before erasing it");
                }
            }
        }
        assertTrue(programs > 50, "page programs: " + programs);
        assertEquals(0, last.address(), "the last program clears the old image's start");
        assertEquals(2, last.word() >>> 8 & 7, "one dword");
        assertEquals(0, adapter.flash().slotImage(0)[0], "slot 0's MTFW start is cleared");
        assertEquals(1, adapter.flash().activeSlot());
    }

    @Test
    void theSlotSizeIsTheRunningImagesAndAnImageDeclaringAnotherIsRefused() throws Exception {
        try (VscGateway v = VscGateway.open(recorder); SpiFlashGateway g = open(v)) {
            assertEquals(new MellanoxVscFlasher.Layout(SimAdapters.SLOT_SIZE, 0), MellanoxVscFlasher.layout(g));
        }
        byte[] image = Fs4Builder.build(NEXT);
        assertEquals(20, MellanoxVscFlasher.declaredLog2SlotSize(image));
        Be.putBits(image, Fs4Builder.TOOLS, 32, 16, 21);
        Be.put32(image, Fs4Builder.TOOLS + Fs4.TOOLS_AREA_SIZE - 4,
                Crc16.of(image, Fs4Builder.TOOLS, Fs4.TOOLS_AREA_SIZE / 4 - 1));
        byte[] before = adapter.flash().slotImage(1);
        FlashException e = assertThrows(FlashException.class,
                () -> new MellanoxVscFlasher().burn(recorder, image, BurnOptions.defaults()));
        assertTrue(
                e.getMessage().contains(
                        "the image declares slots of 0x200000 bytes, the flash holds slots of " + "0x100000 bytes"),
                e.getMessage());
        assertArrayEquals(before, adapter.flash().slotImage(1));
    }

    /**
     * The reset register is the simulated adapters' own: restart writes it only where it reads its signature, and on
     * an adapter where the address reads anything else it refuses, writing nothing there.
     */
    @Test
    void restartWritesTheResetRegisterOnlyWhereItReadsItsSignature() throws Exception {
        List<Integer> resets = new ArrayList<>();
        Recorder noReset = new Recorder(adapter.function()) {
            private int reading = -1;

            @Override
            public int readDword(int offset) throws PciException {
                int v = super.readDword(offset);
                return offset == VscFunction.VSC + VscFunction.DATA && reading == MellanoxVscFlasher.SW_RESET ? 0 : v;
            }

            @Override
            public void writeDword(int offset, int value) throws PciException {
                if (offset == VscFunction.VSC + VscFunction.ADDRESS) {
                    reading = value < 0 ? -1 : value & 0x3FFF_FFFF;
                    if (value < 0 && (value & 0x3FFF_FFFF) == MellanoxVscFlasher.SW_RESET) {
                        resets.add(value);
                    }
                }
                super.writeDword(offset, value);
            }
        };
        MellanoxVscFlasher flasher = new MellanoxVscFlasher();
        FlashException e = assertThrows(FlashException.class, () -> flasher.restart(noReset));
        assertTrue(e.getMessage().contains("no reset register this flasher knows"), e.getMessage());
        assertEquals(List.of(), resets, "the register is not written");
        flasher.restart(recorder); // the simulated adapter's register reads its signature: it restarts
    }

    @Test
    void anUnknownJedecIdIsRefusedBeforeAnythingIsWritten() throws Exception {
        adapter.flash().reportJedecId(0x123456);
        byte[] before = adapter.flash().slotImage(1);
        MellanoxVscFlasher flasher = new MellanoxVscFlasher();
        FlashException e = assertThrows(FlashException.class,
                () -> flasher.burn(recorder, Fs4Builder.build(NEXT), BurnOptions.defaults()));
        assertTrue(e.getMessage().contains("JEDEC ID reads 0x123456, a part this flasher does not know"),
                e.getMessage());
        assertArrayEquals(before, adapter.flash().slotImage(1));
        assertEquals(List.of(0x9F), recorder.commands.stream().map(Command::opcode).toList(),
                "nothing but the ID was asked");
        assertThrows(FlashException.class, () -> flasher.readActiveImage(recorder));
        assertThrows(FlashException.class, () -> flasher.restart(recorder));
        adapter.flash().reportJedecId(0xFFFFFF);
        FlashException none = assertThrows(FlashException.class, () -> flasher.readActiveImage(recorder));
        assertTrue(none.getMessage().contains("no flash answers"), none.getMessage());
    }

    @Test
    void aHeldGatewayLockIsRefusedAndFirmwareUsingTheFlashIsLeftTheGateway() throws Exception {
        MellanoxVscFlasher flasher = new MellanoxVscFlasher();
        try (VscGateway other = VscGateway.open(adapter.function())) {
            other.read(SpiFlashGateway.CMD); // another agent takes the gateway lock
        }
        FlashException held = assertThrows(FlashException.class, () -> flasher.readActiveImage(recorder));
        assertTrue(held.getMessage().contains("flash gateway lock is held by another agent"), held.getMessage());
        try (VscGateway other = VscGateway.open(adapter.function())) {
            other.write(SpiFlashGateway.CMD, 0); // it frees it
            other.write(SpiFlashGateway.CACHE_REP_CMD, 0x00AB_0000); // running firmware fetches through the gateway
        }
        try (VscGateway v = VscGateway.open(recorder)) {
            FlashException busy = assertThrows(FlashException.class, () -> SpiFlashGateway.open(v, "here"));
            assertTrue(busy.getMessage().contains("running firmware is using the flash"), busy.getMessage());
        }
        // the flasher then reads through the firmware's flash registers, never the gateway
        byte[] image = flasher.readActiveImage(recorder);
        assertEquals(Fs4Parser.parse(adapter.flash().slotImage(adapter.flash().activeSlot())).version(),
                Fs4Parser.parse(image).version());
        assertTrue(recorder.commands.isEmpty(), "no flash gateway command was sent");
    }

    /** @return a Mellanox function of the host's PCI bus with the vendor-specific capability, or null */
    private static PciFunction realMellanoxFunction() throws Exception {
        var bundle = FrameworkUtil.getBundle(FlashGatewayTest.class);
        ServiceTracker<PciBus, PciBus> tracker = new ServiceTracker<>(bundle.getBundleContext(), PciBus.class, null);
        tracker.open();
        try {
            tracker.waitForService(5000);
            for (PciBus bus : tracker.getTracked().values()) {
                if (!bus.accepts(null)) {
                    continue;
                }
                for (PciFunction f : bus.functions(null)) {
                    if (PciDevice.read(f).vendorId() == 0x15B3 && VscGateway.hasVsc(f)) {
                        return f;
                    }
                }
            }
            return null;
        } finally {
            tracker.close();
        }
    }

    /**
     * On a real ConnectX-4 or later (run as root): the same code path identifies the flash by its JEDEC ID and reads
     * the running image, or refuses in one of its clear ways. Reads only; never programs.
     */
    @Test
    @Tag("hw")
    void onARealAdapterTheSameCodeIdentifiesTheFlashAndReadsTheImage() throws Exception {
        PciFunction real = realMellanoxFunction();
        Assumptions.assumeTrue(real != null,
                "skipped: needs a Mellanox adapter (hw) whose vendor-specific capability this user may use (root)");
        try {
            byte[] image = new MellanoxVscFlasher().readActiveImage(real);
            assertFalse(BuiltInFormats.parse(image).version().isEmpty());
        } catch (FlashException refused) {
            assertTrue(refused.getMessage().matches(
                    "(?s).*(a part this flasher does not know|running firmware is using the flash|held by another).*"),
                    refused.getMessage());
        }
    }
}
