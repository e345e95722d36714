package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciFunction;
import org.osgi.service.component.annotations.Component;

/**
 * Burns Mellanox adapters through the vendor-specific capability's CR-space gateway, failsafe: the image goes to
 * the inactive slot, is read back and compared, and only then is that slot made active.
 * <p>
 * The flash gateway in CR-space is the simulated adapters' ({@code FGW_*} below, documented with the simulator's
 * {@code CrSpace}); a real ConnectX's flash controller is reached through other registers, which this flasher does
 * not know: on real hardware it refuses, because the gateway's slot-size register does not read back sensibly.
 */
@Component(service = FirmwareFlasher.class)
public final class MellanoxVscFlasher implements FirmwareFlasher {

    static final int FGW_CMD = 0xF0400;
    static final int FGW_ADDR = 0xF0404;
    static final int FGW_DATA = 0xF0408;
    static final int FGW_ACTIVE = 0xF040C;
    static final int FGW_SLOT_SIZE = 0xF0410;
    static final int SW_RESET = 0xF0010;
    static final int CMD_READ = 1;
    static final int CMD_PROGRAM = 2;
    static final int CMD_ERASE = 3;
    static final int SECTOR = 4096;

    @Override
    public String name() {
        return "mellanox-vsc";
    }

    @Override
    public boolean supports(PciDevice device) {
        return device.vendorId() == 0x15B3;
    }

    private static int slotSize(VscGateway g, PciFunction f) throws FlashException {
        int size = g.read(FGW_SLOT_SIZE);
        if (size <= 0 || size % SECTOR != 0 || size > 1 << 26) {
            throw new FlashException(
                    String.format("%s: the flash gateway's slot size reads 0x%x: not a gateway this " + "flasher knows",
                            f.address(), size));
        }
        return size;
    }

    private static void command(VscGateway g, PciFunction f, int command, int address) throws FlashException {
        g.write(FGW_ADDR, address);
        g.write(FGW_CMD, command);
        int status = g.read(FGW_CMD) & 0xFF;
        if (status != 0) {
            String what = switch (command) {
                case CMD_ERASE -> "erase";
                case CMD_PROGRAM -> "program";
                default -> "read";
            };
            throw new FlashException(
                    String.format("%s: flash %s at 0x%x failed (status %d)", f.address(), what, address, status));
        }
    }

    private static int readFlash(VscGateway g, PciFunction f, int address) throws FlashException {
        command(g, f, CMD_READ, address);
        return g.read(FGW_DATA);
    }

    @Override
    public byte[] readActiveImage(PciFunction function) throws FlashException {
        try (VscGateway g = VscGateway.open(function)) {
            int size = slotSize(g, function);
            return readSlot(g, function, g.read(FGW_ACTIVE) & 1, size, size);
        }
    }

    private static byte[] readSlot(VscGateway g, PciFunction f, int slot, int size, int span) throws FlashException {
        byte[] image = new byte[span];
        int base = slot * size;
        for (int i = 0; i < span; i += 4) {
            Be.put32(image, i, readFlash(g, f, base + i));
        }
        return image;
    }

    @Override
    public BurnResult burn(PciFunction f, byte[] image, BurnOptions options) throws FlashException {
        long started = System.nanoTime();
        FirmwareImage next;
        try {
            next = BuiltInFormats.parse(image);
        } catch (ImageFormatException e) {
            throw new FlashException("the image is refused: " + e.getMessage());
        }
        if (!next.badSections().isEmpty()) {
            throw new FlashException(
                    "the image does not verify: " + next.badSections().get(0).name() + " has a wrong CRC");
        }
        try (VscGateway g = VscGateway.open(f)) {
            int size = slotSize(g, f);
            if (image.length > size || image.length % 4 != 0) {
                throw new FlashException(
                        String.format("the image (0x%x bytes) does not fit a slot of 0x%x bytes", image.length, size));
            }
            int active = g.read(FGW_ACTIVE) & 1;
            String previous = "";
            try {
                // the image's structures sit at its start: read as much of the active slot as the new image fills
                int span = Math.min(size, Math.max(image.length, 0x10000));
                FirmwareImage running = BuiltInFormats.parse(readSlot(g, f, active, size, span));
                previous = running.version();
                if (!options.force() && !running.psid().equals(next.psid())) {
                    throw new FlashException(
                            String.format("PSID mismatch: the adapter has %s, the image %s (force to " + "burn anyway)",
                                    running.psid(), next.psid()));
                }
            } catch (ImageFormatException unreadable) {
                if (!options.force()) {
                    throw new FlashException("the active image cannot be read (" + unreadable.getMessage()
                            + "), so its PSID cannot be checked (force to burn anyway)");
                }
            }
            int target = 1 - active;
            int base = target * size;
            int sectors = (image.length + SECTOR - 1) / SECTOR;
            long words = image.length / 4;
            if (options.dryRun()) {
                return new BurnResult(target, previous, next.version(), 0, 0, System.nanoTime() - started, true);
            }
            for (int s = 0; s < sectors; s++) {
                cancelled(options);
                command(g, f, CMD_ERASE, base + s * SECTOR);
                options.progress().update("erase", s + 1, sectors);
            }
            long written = 0;
            for (int i = 0; i < image.length; i += 4) {
                int v = Be.u32(image, i);
                if (v != -1) { // erased flash already reads all ones
                    g.write(FGW_DATA, v);
                    command(g, f, CMD_PROGRAM, base + i);
                    written++;
                }
                if ((i & 0xFFF) == 0) {
                    cancelled(options);
                    options.progress().update("program", i / 4 + 1, words);
                }
            }
            options.progress().update("program", words, words);
            for (int i = 0; i < image.length; i += 4) {
                int back = readFlash(g, f, base + i);
                if (back != Be.u32(image, i)) {
                    throw new FlashException(String.format(
                            "verify mismatch in slot %d at 0x%x: wrote 0x%08x, read " + "0x%08x; slot %d stays active",
                            target, i, Be.u32(image, i), back, active));
                }
                if ((i & 0xFFF) == 0) {
                    options.progress().update("verify", i / 4 + 1, words);
                }
            }
            options.progress().update("verify", words, words);
            cancelled(options);
            g.write(FGW_ACTIVE, target);
            if ((g.read(FGW_ACTIVE) & 1) != target) {
                throw new FlashException(
                        "the switch to slot " + target + " did not take; slot " + active + " stays active");
            }
            options.progress().update("switch", 1, 1);
            return new BurnResult(target, previous, next.version(), written, words, System.nanoTime() - started, false);
        }
    }

    /** Restarts through the simulated gateway's reset register (a gateway it knows: its slot size reads sensibly). */
    @Override
    public void restart(PciFunction function) throws FlashException {
        try (VscGateway g = VscGateway.open(function)) {
            slotSize(g, function);
            g.write(SW_RESET, 1);
        }
    }

    private static void cancelled(BurnOptions options) throws FlashException {
        if (options.cancelled().getAsBoolean()) {
            throw new FlashException("cancelled; the old image stays active");
        }
    }
}
