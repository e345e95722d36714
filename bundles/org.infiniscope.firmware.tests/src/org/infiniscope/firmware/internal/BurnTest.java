package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.adapter.FirmwareVersion;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Failsafe burning through the vendor-specific capability on a simulated ConnectX-5: the new image goes to the
 * inactive slot, is verified and then made active; a PSID mismatch is refused unless forced; and whatever fault
 * strikes at whatever point — power loss, a flash write error, a verify mismatch, a semaphore held by another
 * process, a cancel — the adapter boots a valid image afterwards, every time.
 */
class BurnTest {

    private static final ImageSpec NEXT = new ImageSpec(16, 35, 3004, 0x2026, 0x11, 0x30, "MT_0000000008", 0x1017,
            "next", 0x0002C90300001000L, 4, 0x0002C9001000L, 2, List.of());

    private final MellanoxVscFlasher flasher = new MellanoxVscFlasher();
    private SimAdapter adapter;

    /** The simulated boot ROM: an FS4 image that verifies boots. */
    static Optional<FirmwareVersion> boots(byte[] slot) {
        try {
            FirmwareImage i = Fs4Parser.parse(slot);
            if (!i.badSections().isEmpty()) {
                return Optional.empty();
            }
            String[] v = i.version().split("\\.");
            return Optional.of(new FirmwareVersion(Integer.parseInt(v[0]), Integer.parseInt(v[1]),
                    Integer.parseInt(v[2]), i.psid()));
        } catch (ImageFormatException e) {
            return Optional.empty();
        }
    }

    @BeforeEach
    void factory() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        SimAdapters adapters = SimAdapters.attach(fabric, BurnTest::boots);
        adapter = adapters.all().stream().filter(a -> !a.isSwitch()).findFirst().orElseThrow();
        adapter.flash().load(0, Fs4Builder.build(Images.HCA)); // as the factory programmed it
        prepare(adapter);
        assertEquals("16.35.2000", adapter.powerCycle().orElseThrow().version());
    }

    /** How the adapter reaches its flash: here the firmware leaves it to the flash gateway. */
    void prepare(SimAdapter a) {
        a.setFirmwareOwnsFlash(false);
    }

    /**
     * @return after how many flash operations power fails, one burn each: gateway commands here, some 100 for the
     *         erases, 4,100 reading the active slot, 5,000 programming, 4,100 verifying
     */
    int[] powerLossPoints() throws Exception {
        return java.util.stream.IntStream.iterate(0, n -> n < 40_000, n -> n + (n < 64 ? 1 : 397)).toArray();
    }

    /** @return after how many flash operations one fails (a write error), one burn each */
    int[] writeErrorPoints() throws Exception {
        return new int[]{0, 1, 15, 16, 17, 500, 4000, 20_000, 36_000};
    }

    /** @return the adapter under test */
    SimAdapter adapter() {
        return adapter;
    }

    /** @return the burn's result, as the tests below burn */
    BurnResult burnNext() throws FlashException {
        return burn(Fs4Builder.build(NEXT), BurnOptions.defaults());
    }

    private BurnResult burn(byte[] image, BurnOptions options) throws FlashException {
        return flasher.burn(adapter.function(), image, options);
    }

    @Test
    void aBurnWritesTheInactiveSlotVerifiesAndSwitches() throws Exception {
        assertTrue(flasher.supports(PciDevice.read(adapter.function())));
        List<String> phases = new ArrayList<>();
        BurnResult r = burn(Fs4Builder.build(NEXT), new BurnOptions(false, false, () -> false, (phase, done, total) -> {
            if (phases.isEmpty() || !phases.getLast().equals(phase)) {
                phases.add(phase);
            }
            assertTrue(done <= total);
        }));
        assertEquals(1, r.slot());
        assertEquals("16.35.2000", r.previousVersion());
        assertEquals("16.35.3004", r.newVersion());
        assertEquals(List.of("erase", "program", "verify", "switch"), phases);
        assertEquals(1, adapter.flash().activeSlot());
        assertEquals("16.35.2000", adapter.running().version(), "the old image runs until the adapter restarts");
        assertEquals("16.35.3004", adapter.powerCycle().orElseThrow().version());
        assertEquals("16.35.3004", Fs4Parser.parse(flasher.readActiveImage(adapter.function())).version());
        // warm: burns back and forth once the JIT has compiled the path; the median and the best of 20
        double[] warm = new double[20];
        for (int i = 0; i < warm.length; i++) {
            warm[i] = burn(Fs4Builder.build(i % 2 == 0 ? Images.HCA : NEXT), BurnOptions.defaults()).dwordsPerSecond();
            adapter.powerCycle();
        }
        java.util.Arrays.sort(warm);
        System.out.printf(
                "flash throughput through the VSC and the %s (simulated ConnectX-5, absolute): first burn %.0f "
                        + "dwords/s (%d programmed, %d read back, %.1f ms); warm, median of 20: %.0f dwords/s, best "
                        + "%.0f%n",
                r.flashPath(), r.dwordsPerSecond(), r.dwordsWritten(), r.dwordsVerified(), r.nanos() / 1e6,
                warm[warm.length / 2], warm[warm.length - 1]);
    }

    @Test
    void aRestartThroughTheGatewayRunsTheBurntImageAndTheBootRomChecksTheDevice() throws Exception {
        burn(Fs4Builder.build(NEXT), BurnOptions.defaults());
        assertEquals("16.35.2000", adapter.running().version());
        flasher.restart(adapter.function());
        assertEquals("16.35.3004", adapter.running().version(), "the reset register restarts the adapter");
        FirmwareImage next = Fs4Parser.parse(Fs4Builder.build(NEXT));
        assertEquals(Optional.of(new FirmwareVersion(16, 35, 3004, "MT_0000000008")),
                SimBootRom.bootable(next, 0x1017));
        assertEquals(Optional.empty(), SimBootRom.bootable(next, 0xCF08), "an image for another device");
    }

    @Test
    void aPsidMismatchIsRefusedUnlessForcedAndADryRunWritesNothing() throws Exception {
        ImageSpec other = new ImageSpec(16, 36, 1, 0x2026, 1, 1, "MT_0000000999", 0x1017, "", 1, 1, 1, 1, List.of());
        FlashException e = assertThrows(FlashException.class,
                () -> burn(Fs4Builder.build(other), BurnOptions.defaults()));
        assertTrue(e.getMessage().contains("PSID mismatch: the adapter has MT_0000000008, the image MT_0000000999"),
                e.getMessage());
        byte[] before = adapter.flash().slotImage(1);
        BurnResult dry = burn(Fs4Builder.build(other), new BurnOptions(true, true, () -> false, (p, d, t) -> {
        }));
        assertTrue(dry.dryRun());
        assertEquals(0, adapter.flash().activeSlot());
        assertTrue(java.util.Arrays.equals(before, adapter.flash().slotImage(1)), "a dry run writes nothing");
        assertEquals("16.36.1", burn(Fs4Builder.build(other), new BurnOptions(true, false, () -> false, (p, d, t) -> {
        })).newVersion());
    }

    @Test
    void aBrokenImageIsRefusedBeforeAnythingIsWritten() {
        byte[] image = Fs4Builder.build(NEXT);
        image[Fs4Builder.MAIN + 5] ^= 1;
        FlashException e = assertThrows(FlashException.class, () -> burn(image, BurnOptions.defaults()));
        assertTrue(e.getMessage().contains("MAIN_CODE has a wrong CRC"), e.getMessage());
        assertTrue(java.util.Arrays.equals(adapter.flash().slotImage(1), erased()));
    }

    private static byte[] erased() {
        byte[] b = new byte[SimAdapters.SLOT_SIZE];
        java.util.Arrays.fill(b, (byte) 0xFF);
        return b;
    }

    /** Burns with a fault armed; then the adapter restarts and must boot a valid image, the old one unless done. */
    private void survives(Consumer<SimAdapter> fault, String what) throws Exception {
        factory();
        fault.accept(adapter);
        boolean done;
        try {
            burn(Fs4Builder.build(NEXT), BurnOptions.defaults());
            done = true;
        } catch (FlashException e) {
            done = e.switched();
        }
        Optional<FirmwareVersion> booted = adapter.powerCycle();
        assertTrue(booted.isPresent(), what + ": the adapter boots");
        assertEquals(done ? "16.35.3004" : "16.35.2000", booted.get().version(), what);
    }

    @Test
    void powerLossAtAnyPointLeavesABootableAdapter() throws Exception {
        // gateway commands: ~100 for the erases, ~4,100 reading the active slot, ~5,000 programming, ~4,100 verifying:
        // power fails after n of them
        for (int n : powerLossPoints()) {
            int at = n;
            survives(a -> a.faults().losePowerAfter(at), "power loss after " + n + " flash operations");
        }
    }

    @Test
    void writeErrorsVerifyMismatchesAHeldSemaphoreAndCancelsLeaveTheOldImage() throws Exception {
        for (int n : writeErrorPoints()) {
            survives(a -> a.faults().failFlashOperationAfter(n), "a flash error after " + n + " operations");
        }
        for (int address : new int[]{SimAdapters.SLOT_SIZE, SimAdapters.SLOT_SIZE + Fs4Builder.IMAGE_INFO + 8,
                SimAdapters.SLOT_SIZE + 0xFFFC}) {
            survives(a -> a.faults().corruptReadsAt(address), "a marginal cell at 0x" + Integer.toHexString(address));
        }
        factory();
        adapter.function().writeDword(0x40 + 0x0C, 0x7777); // another process holds the semaphore
        FlashException held = assertThrows(FlashException.class,
                () -> burn(Fs4Builder.build(NEXT), BurnOptions.defaults()));
        assertTrue(held.getMessage().contains("held by another process"), held.getMessage());
        assertEquals(0x7777, adapter.function().readDword(0x40 + 0x0C), "not ours to release");
        adapter.function().writeDword(0x40 + 0x0C, 0);
        int[] calls = {0};
        FlashException cancel = assertThrows(FlashException.class,
                () -> burn(Fs4Builder.build(NEXT), new BurnOptions(false, false, () -> ++calls[0] > 10, (p, d, t) -> {
                })));
        assertTrue(cancel.getMessage().contains("cancelled"));
        assertFalse(cancel.switched());
        assertEquals("16.35.2000", adapter.powerCycle().orElseThrow().version());
        assertEquals(0, adapter.function().readDword(0x40 + 0x0C), "the semaphore is released after a failure");
    }
}
