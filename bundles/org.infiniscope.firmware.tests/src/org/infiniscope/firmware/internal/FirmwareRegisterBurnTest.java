package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.sim.adapter.FlashRegisters;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.sim.adapter.SimFlash;
import org.junit.jupiter.api.Test;

/**
 * Every burn of {@link BurnTest} — failsafe, with power loss, write errors, verify mismatches, a held semaphore and
 * cancels at every point — on an adapter whose running firmware owns the flash: the direct flash gateway is refused,
 * and the flasher goes through the firmware's flash access registers (MFPA, MFBA, MFBE by ICMD ACCESS_REG).
 */
class FirmwareRegisterBurnTest extends BurnTest {

    @Override
    void prepare(SimAdapter a) {
        a.setFirmwareOwnsFlash(true);
    }

    /**
     * Every register operation of a burn (MFPA, the layout's and the active slot's MFBA reads, the MFBE erases, the
     * MFBA programs, the verify reads, the switch) among the first and the last 64, every third between: counted on
     * a clean burn first.
     */
    @Override
    int[] powerLossPoints() throws Exception {
        int total = cleanBurnOperations();
        return java.util.stream.IntStream.rangeClosed(0, total + 1).filter(n -> n < 64 || n > total - 64 || n % 3 == 0)
                .toArray();
    }

    /** A write error at the start, in each phase, and at each of the last operations (the switch). */
    @Override
    int[] writeErrorPoints() throws Exception {
        int total = cleanBurnOperations();
        return java.util.stream.IntStream
                .concat(java.util.stream.IntStream.of(0, 1, 2, 17, total / 4, total / 2, 3 * total / 4),
                        java.util.stream.IntStream.rangeClosed(total - 8, total + 1))
                .toArray();
    }

    /** @return the register operations of a burn without faults */
    private int cleanBurnOperations() throws Exception {
        factory();
        long before = adapter().faults().flashOperations();
        burnNext();
        int total = (int) (adapter().faults().flashOperations() - before);
        assertTrue(total > 500 && total < 2000, total + " register operations for a 64 KiB image");
        return total;
    }

    @Test
    void theFirmwaresRegistersAreUsedWhenItOwnsTheFlash() throws Exception {
        try (VscGateway v = VscGateway.open(adapter().function())) {
            assertTrue(SpiFlashGateway.firmwareUsesFlash(v));
            FlashException refused = assertThrows(FlashException.class, () -> SpiFlashGateway.open(v, "here"));
            assertTrue(refused.getMessage().contains("running firmware is using the flash"), refused.getMessage());
            try (FlashAccess f = MellanoxVscFlasher.flash(v, "here")) {
                assertTrue(f instanceof RegisterFlashAccess, f.path());
                assertEquals("Winbond W25Q16", f.partName(), "MFPA's JEDEC ID names the part");
                assertEquals(2 * SimAdapters.SLOT_SIZE, f.capacity());
                byte[] head = new byte[16];
                f.read(0, head, 0, 16);
                assertEquals(SimFlash.IMAGE_START, Be.u32(head, 0));
            }
        }
        BurnResult r = burnNext();
        assertTrue(r.flashPath().contains("MFBA"), r.flashPath());
        assertEquals("16.35.3004", adapter().powerCycle().orElseThrow().version());
    }

    @Test
    void theRegistersRefuseBadParametersAndAnswerOnlyWhileFirmwareRuns() throws Exception {
        FlashRegisters regs = adapter().flashRegisters();
        // MFBA query of 300 bytes: more than a block
        int[] mailbox = {1 << 27 | 4 << 16, FlashRegisters.MFBA << 16 | 1 << 8 | 1, 0, 1, 3 << 27 | 68 << 16, 0, 300,
                0};
        for (int i = 0; i < mailbox.length; i++) {
            regs.write(FlashRegisters.SPACE_ICMD, FlashRegisters.MAILBOX + 4 * i, mailbox[i]);
        }
        regs.write(FlashRegisters.SPACE_ICMD, FlashRegisters.CTRL, FlashRegisters.ACCESS_REG << 16 | 1);
        assertEquals(0, regs.read(FlashRegisters.SPACE_ICMD, FlashRegisters.CTRL) & 1);
        assertEquals(7, regs.read(FlashRegisters.SPACE_ICMD, FlashRegisters.MAILBOX) >>> 8 & 0x7F, "bad parameter");
        // an unknown register
        regs.write(FlashRegisters.SPACE_ICMD, FlashRegisters.MAILBOX + 4, 0x9999 << 16 | 1 << 8 | 1);
        regs.write(FlashRegisters.SPACE_ICMD, FlashRegisters.CTRL, FlashRegisters.ACCESS_REG << 16 | 1);
        assertEquals(4, regs.read(FlashRegisters.SPACE_ICMD, FlashRegisters.MAILBOX) >>> 8 & 0x7F,
                "register not supported");
        // another agent holds the ICMD semaphore: the burn is refused, the old image stays
        regs.write(FlashRegisters.SPACE_SEMAPHORE, 0, 0x4242);
        FlashException held = assertThrows(FlashException.class, this::burnNext);
        assertTrue(held.getMessage().contains("ICMD semaphore is held by another agent"), held.getMessage());
        assertEquals(0x4242, regs.read(FlashRegisters.SPACE_SEMAPHORE, 0), "not ours to release");
        regs.write(FlashRegisters.SPACE_SEMAPHORE, 0, 0);
        assertEquals("16.35.2000", adapter().powerCycle().orElseThrow().version());
        burnNext();
        assertEquals(0, regs.read(FlashRegisters.SPACE_SEMAPHORE, 0), "released after the burn");
    }
}
