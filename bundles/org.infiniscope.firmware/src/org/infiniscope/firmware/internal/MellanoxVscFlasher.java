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
 * Burns Mellanox adapters through the vendor-specific capability and the CR-space flash gateway that mstflint's
 * mflash drives on ConnectX-4 and later ({@link SpiFlashGateway}), the same way on simulated and real adapters:
 * the flash is identified by its JEDEC ID (an unknown part is refused), the image goes to the inactive one of the
 * two failsafe slots (at 0 and at the slot size the running FS4 image declares in its tools area, as mstflint takes
 * it; the flash's halves when it declares none), sector by sector erased and page by page programmed, without
 * its first dword, the "MTFW" magic that marks an image start; it is read back and compared; then the magic is
 * programmed, and only then the old image's magic is cleared (programmed to 0), so that the boot ROM, which boots
 * the image start it finds, boots the old image until the new one is complete and the new one after. A power loss
 * or error at any point leaves an image start that boots.
 * <p>
 * The adapter keeps its GUIDs and MACs, as mstflint's burn does unless told {@code -use_image_guids}: they are read
 * from the image it runs and written into the new image's GUID sections (MFG_INFO, DEV_INFO; {@link ImageGuids}),
 * whose CRCs are computed again, before anything is erased; {@link BurnOptions#useImageGuids()} burns the image's.
 * A reduced image (without GUID sections) can do neither: it is refused unless forced, and a forced burn says that
 * the slot holds no GUIDs (mstflint keeps device data outside the image slots, so it burns a reduced image and
 * refuses only to take the device data from it; here the GUID sections live in the slot).
 * When running firmware uses the flash (its cache replacement registers are non-zero) the gateway is not driven
 * directly: the flash is then reached through the firmware's flash access registers ({@link RegisterFlashAccess}),
 * with the same failsafe order.
 * <p>
 * Restarting writes the simulator's reset register ({@code 0xF0010}, see the simulator's {@code CrSpace}); a real
 * adapter is restarted with {@code mlxfwreset}, which this flasher does not do: on real hardware that register is
 * not known to reset anything, so restart identifies the flash first and is honest only on the simulator.
 */
@Component(service = FirmwareFlasher.class)
public final class MellanoxVscFlasher implements FirmwareFlasher {

    static final int SW_RESET = 0xF0010;
    /** What the simulated adapters' reset register reads ("RST1"). */
    static final int SW_RESET_SIGNATURE = 0x52535431;
    static final int IMAGE_START = 0x4D544657; // "MTFW"
    static final int SECTOR = SpiFlashGateway.SECTOR;
    static final int PAGE = SpiFlashGateway.PAGE;

    @Override
    public String name() {
        return "mellanox-vsc";
    }

    @Override
    public boolean supports(PciDevice device) {
        return device.vendorId() == 0x15B3;
    }

    /** Where an image may start on the flash (mstflint's list): the boot ROM looks for the magic there. */
    static final int[] START_POSITIONS = {0, 0x10000, 0x20000, 0x40000, 0x80000, 0x100000, 0x200000, 0x400000, 0x800000,
            0x1000000, 0x2000000};

    /** The two failsafe slots (at 0 and at {@code size}) and the one whose image start boots. */
    record Layout(int size, int active) {
    }

    /**
     * @return log2 of the slot size an FS4 image declares in its tools area (as mstflint takes the slot size from
     *         it), or -1 when the image is not FS4 or does not declare a sensible one
     */
    static int declaredLog2SlotSize(byte[] image) {
        if (image.length < Fs4.HW_POINTERS + Fs4.HW_POINTERS_SIZE) {
            return -1;
        }
        for (int i = 0; i < 4; i++) {
            if (Be.u32(image, 4 * i) != Fs4.MAGIC[i]) {
                return -1;
            }
        }
        int tools = Be.u32(image, Fs4.HW_POINTERS + 8 * Fs4.PTR_TOOLS);
        if (tools <= 0 || tools > image.length - Fs4.TOOLS_AREA_SIZE) {
            return -1;
        }
        int log2 = Be.bits(image, tools, 32, 16);
        return log2 >= 16 && log2 <= 28 ? log2 : -1;
    }

    /**
     * Finds the image starts (the "MTFW" magic at mstflint's start positions): the lowest is the image that boots;
     * its FS4 tools area gives the slot size (else the slots are the flash's halves).
     *
     * @throws FlashException when an image start is not at a slot of that layout, or two slots do not fit the part
     */
    static Layout layout(FlashAccess g) throws FlashException {
        int capacity = g.capacity();
        byte[] head = new byte[16];
        int first = -1;
        for (int at : START_POSITIONS) {
            if (at <= capacity - 16) {
                g.read(at, head, 0, 16);
                if (Be.u32(head, 0) == IMAGE_START) {
                    first = at;
                    break;
                }
            }
        }
        if (first < 0) {
            return new Layout(capacity / 2, 0);
        }
        byte[] start = new byte[0x1000];
        g.read(first, start, 0, start.length);
        int log2 = declaredLog2SlotSize(start);
        int size = log2 > 0 ? 1 << log2 : capacity / 2;
        if (size > capacity / 2) {
            throw new FlashException(String.format(
                    "the running image declares slots of 0x%x bytes; two do not fit " + "the %s (0x%x bytes)", size,
                    g.partName(), capacity));
        }
        if (first != 0 && first != size) {
            throw new FlashException(String.format(
                    "the image start at 0x%x is not at a slot of the layout (0 and " + "0x%x); not flashing", first,
                    size));
        }
        return new Layout(size, first == 0 ? 0 : 1);
    }

    @Override
    public byte[] readActiveImage(PciFunction function) throws FlashException {
        try (VscGateway v = VscGateway.open(function); FlashAccess g = flash(v, function.address().toString())) {
            Layout layout = layout(g);
            return readSlot(g, layout.active(), layout.size(), layout.size());
        }
    }

    private static byte[] readSlot(FlashAccess g, int slot, int size, int span) throws FlashException {
        byte[] image = new byte[span];
        int chunk = 4096;
        for (int i = 0; i < span; i += chunk) {
            g.read(slot * size + i, image, i, Math.min(chunk, span - i));
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
        if (image.length < 16 || Be.u32(image, 0) != IMAGE_START) {
            throw new FlashException("the image does not start with the MTFW magic pattern at offset 0");
        }
        try (VscGateway v = VscGateway.open(f); FlashAccess g = flash(v, f.address().toString())) {
            Layout layout = layout(g);
            int size = layout.size();
            int declared = declaredLog2SlotSize(image);
            if (declared > 0 && 1 << declared != size) {
                throw new FlashException(String.format(
                        "the image declares slots of 0x%x bytes, the flash holds " + "slots of 0x%x bytes",
                        1 << declared, size));
            }
            if (image.length > size) {
                throw new FlashException(
                        String.format("the image (0x%x bytes) does not fit a slot of 0x%x bytes of " + "the %s",
                                image.length, size, g.partName()));
            }
            int active = layout.active();
            String previous = "";
            ImageGuids.Uids device = null;
            try {
                // the image's structures sit at its start: read as much of the active slot as the new image fills
                int span = Math.min(size, Math.max(image.length + 0xFFF & ~0xFFF, 0x10000));
                FirmwareImage running = BuiltInFormats.parse(readSlot(g, active, size, span));
                previous = running.version();
                device = running.baseGuid() == 0 ? null : ImageGuids.Uids.of(running);
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
            String guids;
            if (ImageGuids.sections(image, next) == 0) {
                // a reduced image (no device data): mstflint burns one keeping the device data it finds outside the
                // image slots, and refuses to take the device data from it; here the GUIDs live in the slot
                if (!options.force()) {
                    throw new FlashException("the image has no GUID sections (a reduced image, without MFG_INFO or "
                            + "DEV_INFO): it carries no GUIDs or MACs of its own, and "
                            + (device == null
                                    ? "the adapter's cannot be read"
                                    : "the adapter's (" + device.describe() + ") cannot be kept in it")
                            + "; the adapter would boot it without GUIDs (force to burn it anyway)");
                }
                guids = "none: the image has no GUID sections (a reduced image), so the slot holds no GUIDs or MACs"
                        + (device == null ? "" : " (the adapter had " + device.describe() + ")");
            } else if (options.useImageGuids()) {
                guids = "the image's: " + ImageGuids.Uids.of(next).describe();
            } else if (device == null) {
                throw new FlashException("the adapter's GUIDs and MACs cannot be read from the image it runs, so "
                        + "they cannot be kept (use the image's GUIDs to burn anyway)");
            } else {
                image = ImageGuids.keep(image, next, device);
                guids = "kept the adapter's: " + device.describe();
            }
            byte[] padded = java.util.Arrays.copyOf(image, (image.length + 15) & ~15);
            java.util.Arrays.fill(padded, image.length, padded.length, (byte) 0xFF);
            int target = 1 - active;
            int base = target * size;
            int sectors = (padded.length + SECTOR - 1) / SECTOR;
            long words = padded.length / 4;
            if (options.dryRun()) {
                return new BurnResult(target, previous, next.version(), 0, 0, System.nanoTime() - started, true, guids,
                        g.path());
            }
            for (int s = 0; s < sectors; s++) {
                cancelled(options);
                g.eraseSector(base + s * SECTOR);
                options.progress().update("erase", s + 1, sectors);
            }
            // the magic (first 16 bytes) stays erased until the rest is verified
            long written = 0;
            for (int p = 0; p < padded.length; p += PAGE) {
                int from = p == 0 ? 16 : p;
                int end = Math.min(p + PAGE, padded.length);
                // skip the blocks that are all ones at the page's ends: erased flash already reads so
                while (from < end && erased(padded, from)) {
                    from += 16;
                }
                while (end > from && erased(padded, end - 16)) {
                    end -= 16;
                }
                if (end > from) {
                    g.programPage(base + from, padded, from, end - from);
                    written += (end - from) / 4;
                }
                if ((p & 0xFFF) == 0) {
                    cancelled(options);
                    options.progress().update("program", p / 4 + 1, words);
                }
            }
            options.progress().update("program", words, words);
            byte[] back = new byte[padded.length];
            for (int i = 0; i < padded.length; i += 4096) {
                g.read(base + i, back, i, Math.min(4096, padded.length - i));
                options.progress().update("verify", Math.min(i + 4096, padded.length) / 4, words);
            }
            for (int i = 16; i < padded.length; i += 4) {
                if (Be.u32(back, i) != Be.u32(padded, i)) {
                    throw new FlashException(String.format(
                            "verify mismatch in slot %d at 0x%x: wrote 0x%08x, read " + "0x%08x; slot %d stays active",
                            target, i, Be.u32(padded, i), Be.u32(back, i), active));
                }
            }
            cancelled(options);
            // the switch: the new image's start, checked, then the old image's start cleared
            g.programPage(base, padded, 0, 16);
            written += 4;
            byte[] start = new byte[16];
            g.read(base, start, 0, 16);
            if (!java.util.Arrays.equals(start, 0, 16, padded, 0, 16)) {
                throw new FlashException(
                        String.format("the new image's start in slot %d reads back wrong; slot %d " + "stays active",
                                target, active));
            }
            g.startProgramDword(active * size, 0);
            boolean switched;
            try {
                g.waitProgrammed(active * size);
                g.read(active * size, start, 0, 16);
                switched = Be.u32(start, 0) != IMAGE_START;
            } catch (FlashException e) {
                // the flash has the command that clears the old start: the new image is the one that boots
                throw new FlashException(e.getMessage() + "; the new image in slot " + target + " is active", true);
            }
            if (!switched) {
                throw new FlashException(
                        "the old image's start in slot " + active + " did not clear; it stays " + "active");
            }
            options.progress().update("switch", 1, 1);
            return new BurnResult(target, previous, next.version(), written, words, System.nanoTime() - started, false,
                    guids, g.path());
        }
    }

    /**
     * The flash, directly through the CR-space flash gateway, or, when running firmware uses the flash and the
     * gateway is refused, through the firmware's flash access registers (MFBA/MFBE).
     */
    static FlashAccess flash(VscGateway v, String where) throws FlashException {
        if (!SpiFlashGateway.firmwareUsesFlash(v)) {
            return SpiFlashGateway.open(v, where);
        }
        try {
            return RegisterFlashAccess.open(v, where);
        } catch (FlashException e) {
            throw new FlashException(where + ": running firmware uses the flash, so the flash gateway is not driven "
                    + "directly; through the firmware's flash registers: " + e.getMessage());
        }
    }

    private static boolean erased(byte[] b, int at) {
        for (int i = at; i < at + 16; i++) {
            if (b[i] != (byte) 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** Restarts through the reset register the class comment names, once the flash gateway and part are known. */
    @Override
    public void restart(PciFunction function) throws FlashException {
        try (VscGateway v = VscGateway.open(function)) {
            flash(v, function.address().toString()).close();
            // a register only the simulated adapters define: written only where it reads its signature, never on
            // an adapter where the address may mean something else
            if (v.read(SW_RESET) != SW_RESET_SIGNATURE) {
                throw new FlashException(function.address() + ": this adapter has no reset register this flasher "
                        + "knows; the new image runs after mlxfwreset or a power cycle");
            }
            v.write(SW_RESET, 1);
        }
    }

    private static void cancelled(BurnOptions options) throws FlashException {
        if (options.cancelled().getAsBoolean()) {
            throw new FlashException("cancelled; the old image stays active");
        }
    }
}
