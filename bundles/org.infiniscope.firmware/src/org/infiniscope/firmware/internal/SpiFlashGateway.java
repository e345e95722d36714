package org.infiniscope.firmware.internal;

import java.util.Map;

import org.infiniscope.firmware.FlashException;

/**
 * The CR-space flash gateway of ConnectX-4 and later adapters (the "4th generation" gateway of mstflint's mflash),
 * driven through the vendor-specific capability ({@link VscGateway}), and the serial NOR flash behind it:
 * <ul>
 * <li>0xF0400 command: bit 31 lock, bit 30 busy, bits 16-23 SPI opcode, bit 14 four-byte address, bit 11 chip
 * select (flash bank), bits 8-10 log2 of the data bytes, bit 5 chip-select hold, bit 4 data phase, bit 3 address
 * phase, bit 2 command phase, bit 0 read;</li>
 * <li>0xF0404 flash address; 0xF0410 to 0xF041C up to 16 data bytes, big-endian;</li>
 * <li>the lock is taken by reading the command register and finding bit 31 clear (the read sets it), kept set in
 * every command written, and freed by writing 0;</li>
 * <li>a command runs when written with the busy bit set; the gateway clears busy when done (polled, bounded);</li>
 * <li>0xF0408 / 0xF040C: the firmware's cache-replacement offset and command; non-zero means running firmware is
 * using the flash, and direct gateway access would hang it (mstflint then goes through the MFBA register, which
 * {@link RegisterFlashAccess} does: this class refuses); 0xF0420 bit 0 enables cache replacement and is cleared while the lock is
 * held.</li>
 * </ul>
 * The flash is identified by its JEDEC ID (command 0x9F) and must be a part this class knows ({@link #PARTS}); its
 * commands are the common SPI NOR set: write enable 0x06, read status 0x05 (bit 0 write in progress), read 0x03 or
 * 0x13, page program 0x02 or 0x12 (256-byte pages), 4 KiB sector erase 0x20 or 0x21 (the four-byte forms on parts
 * over 16 MiB). Waits are bounded numbers of polls, never sleeps.
 */
final class SpiFlashGateway implements FlashAccess {

    static final int CMD = 0xF0400;
    static final int ADDR = 0xF0404;
    static final int DATA = 0xF0410;
    static final int CACHE_REP_OFFSET = 0xF0408;
    static final int CACHE_REP_CMD = 0xF040C;
    static final int CACHE_REP_ENABLE = 0xF0420;

    static final int LOCK = 1 << 31;
    static final int BUSY = 1 << 30;
    static final int ADDR_4BYTE = 1 << 14;
    static final int CHIP_SELECT = 11;
    static final int CS_HOLD = 1 << 5;
    static final int DATA_PHASE = 1 << 4;
    static final int ADDR_PHASE = 1 << 3;
    static final int CMD_PHASE = 1 << 2;
    static final int READ = 1;

    static final int WREN = 0x06;
    static final int RDSR = 0x05;
    static final int JEDEC = 0x9F;
    static final int SECTOR = 4096;
    static final int PAGE = 256;
    static final int BLOCK = 16;

    /** Polls of the gateway's busy bit before giving up. */
    static final int GATEWAY_POLLS = 5000;
    /** Status polls before a page program is given up: a few ms of polling through config space. */
    static final int PROGRAM_POLLS = 20_000;
    /** Status polls before a sector erase is given up (a 4 KiB erase takes up to some 400 ms). */
    static final int ERASE_POLLS = 200_000;
    /** Tries for the gateway lock. */
    static final int LOCK_TRIES = 1024;

    /** A serial flash part: its name, capacity (bytes) and whether it needs four-byte addresses. */
    record Part(String name, int capacity) {
        boolean fourByte() {
            return capacity > 1 << 24;
        }
    }

    /**
     * The parts this gateway knows, by JEDEC ID (manufacturer, memory type, capacity as log2 of bytes): parts found
     * on ConnectX adapters and their common kin, all with 4 KiB sectors (0x20), 256-byte pages and the status
     * register's write-in-progress bit 0.
     */
    static final Map<Integer, Part> PARTS = Map.ofEntries(Map.entry(0xEF4014, new Part("Winbond W25Q80", 1 << 20)),
            Map.entry(0xEF4015, new Part("Winbond W25Q16", 1 << 21)),
            Map.entry(0xEF4016, new Part("Winbond W25Q32", 1 << 22)),
            Map.entry(0xEF4017, new Part("Winbond W25Q64", 1 << 23)),
            Map.entry(0xEF4018, new Part("Winbond W25Q128", 1 << 24)),
            Map.entry(0xEF4019, new Part("Winbond W25Q256", 1 << 25)),
            Map.entry(0x20BA18, new Part("Micron N25Q128/MT25QL128 (3 V)", 1 << 24)),
            Map.entry(0x20BA19, new Part("Micron N25Q256/MT25QL256 (3 V)", 1 << 25)),
            Map.entry(0x20BB18, new Part("Micron N25Q128/MT25QU128 (1.8 V)", 1 << 24)),
            Map.entry(0x20BB19, new Part("Micron MT25QU256 (1.8 V)", 1 << 25)),
            Map.entry(0xC22018, new Part("Macronix MX25L128", 1 << 24)),
            Map.entry(0xC22019, new Part("Macronix MX25L256", 1 << 25)),
            Map.entry(0xC22538, new Part("Macronix MX25U128 (1.8 V)", 1 << 24)),
            Map.entry(0xC22539, new Part("Macronix MX25U256 (1.8 V)", 1 << 25)),
            Map.entry(0x9D6018, new Part("ISSI IS25LP128", 1 << 24)));

    private final VscGateway vsc;
    private final String where;
    private int cacheReplacement;
    private boolean cacheReplacementSaved;
    private boolean locked;
    private Part part;

    private SpiFlashGateway(VscGateway vsc, String where) {
        this.vsc = vsc;
        this.where = where;
    }

    /**
     * Takes the gateway's lock (the VSC semaphore is already held), checks that firmware is not using the flash,
     * and identifies the flash.
     *
     * @throws FlashException when the lock is held by another agent, the firmware uses the flash, or the flash is
     *         missing or a part this class does not know
     */
    static SpiFlashGateway open(VscGateway vsc, String where) throws FlashException {
        SpiFlashGateway g = new SpiFlashGateway(vsc, where);
        try {
            g.lock();
            g.part = g.identify();
            return g;
        } catch (FlashException e) {
            g.close();
            throw e;
        }
    }

    private void lock() throws FlashException {
        for (int i = 0; i < LOCK_TRIES; i++) {
            int v = vsc.read(CMD);
            if (v == -1) {
                throw new FlashException(where + ": the flash gateway reads all ones: the function is gone");
            }
            if ((v & LOCK) == 0) {
                locked = true;
                break;
            }
            Thread.onSpinWait();
        }
        if (!locked) {
            throw new FlashException(
                    where + ": the flash gateway lock is held by another agent (tried " + LOCK_TRIES + " times)");
        }
        if (firmwareUsesFlash(vsc)) {
            throw new FlashException(where + ": running firmware is using the flash (cache replacement active); "
                    + "direct flash gateway access could hang it");
        }
        cacheReplacement = vsc.read(CACHE_REP_ENABLE);
        cacheReplacementSaved = true;
        vsc.write(CACHE_REP_ENABLE, cacheReplacement & ~1);
        gatewayIdle("taking the gateway");
    }

    /**
     * @return whether running firmware uses the flash (its cache replacement offset or command is non-zero), so that
     *         the gateway must not be driven directly
     */
    static boolean firmwareUsesFlash(VscGateway vsc) throws FlashException {
        int offset = vsc.read(CACHE_REP_OFFSET) & 0x3FF_FFFF;
        int command = vsc.read(CACHE_REP_CMD) >>> 16 & 0xFF;
        return offset != 0 || command != 0;
    }

    private Part identify() throws FlashException {
        int id = jedecId();
        Part p = PARTS.get(id);
        if (p == null) {
            throw new FlashException(String.format(
                    "%s: the flash's JEDEC ID reads 0x%06x, a part this flasher does not know (%s); not flashing it",
                    where, id, id == 0xFF_FFFF || id == 0 ? "no flash answers" : "unknown manufacturer or geometry"));
        }
        return p;
    }

    /** @return the part found */
    Part part() {
        return part;
    }

    @Override
    public String path() {
        return "CR-space flash gateway";
    }

    @Override
    public String partName() {
        return part.name();
    }

    @Override
    public int capacity() {
        return part.capacity();
    }

    /** @return the JEDEC ID of bank 0's flash: manufacturer, type and capacity bytes */
    int jedecId() throws FlashException {
        run(READ | CMD_PHASE | DATA_PHASE | log2(4) << 8 | JEDEC << 16, 0, "read JEDEC ID");
        return vsc.read(DATA) >>> 8;
    }

    /** @return the flash's status register */
    int status() throws FlashException {
        // as mflash reads it: four data bytes, the status register in the first
        run(READ | CMD_PHASE | DATA_PHASE | log2(4) << 8 | RDSR << 16, 0, "read status");
        return vsc.read(DATA) >>> 24;
    }

    private static int log2(int bytes) {
        return Integer.numberOfTrailingZeros(bytes);
    }

    private int bank(int address) {
        // one bank holds the part's capacity; the gateway addresses within it; the chip select has one bit
        int bank = Integer.divideUnsigned(address, part.capacity());
        if (bank > 1) {
            throw new IllegalArgumentException(String.format("flash address 0x%x beyond two banks", address));
        }
        return bank;
    }

    private int access(int opcode3, int opcode4) {
        return (part.fourByte() ? opcode4 << 16 | ADDR_4BYTE : opcode3 << 16) | CMD_PHASE | ADDR_PHASE;
    }

    /** Runs one gateway command (the lock bit kept set) and waits, bounded, for the gateway to be done. */
    private void run(int command, int bank, String what) throws FlashException {
        vsc.write(CMD, command | LOCK | BUSY | bank << CHIP_SELECT);
        gatewayIdle(what);
    }

    private void gatewayIdle(String what) throws FlashException {
        for (int i = 0; i < GATEWAY_POLLS; i++) {
            if ((vsc.read(CMD) & BUSY) == 0) {
                return;
            }
        }
        throw new FlashException(
                String.format("%s: the flash gateway stayed busy after %d polls (%s)", where, GATEWAY_POLLS, what));
    }

    private void waitReady(int polls, String what) throws FlashException {
        for (int i = 0; i < polls; i++) {
            if ((status() & 1) == 0) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new FlashException(
                String.format("%s: the flash was still busy (write in progress) after %d status " + "polls (%s)", where,
                        polls, what));
    }

    private void writeEnable(int bank) throws FlashException {
        run(CMD_PHASE | WREN << 16, bank, "write enable");
    }

    /** Reads {@code out.length} bytes (a multiple of 16) from a 16-byte aligned flash address. */
    @Override
    public void read(int address, byte[] out, int offset, int length) throws FlashException {
        int bank = bank(address);
        int within = address % part.capacity();
        vsc.write(ADDR, within);
        for (int i = 0; i < length; i += BLOCK) {
            boolean first = i == 0;
            boolean last = i + BLOCK >= length;
            int c = READ | DATA_PHASE | log2(BLOCK) << 8 | (first ? access(0x03, 0x13) : 0) | (last ? 0 : CS_HOLD);
            run(c, bank, String.format("read at 0x%x", address + i));
            for (int d = 0; d < BLOCK; d += 4) {
                Be.put32(out, offset + i + d, vsc.read(DATA + d));
            }
        }
    }

    /** Erases the 4 KiB sector at a flash address and waits until the flash is done. */
    @Override
    public void eraseSector(int address) throws FlashException {
        int bank = bank(address);
        writeEnable(bank);
        vsc.write(ADDR, address % part.capacity());
        run(access(0x20, 0x21), bank, String.format("erase at 0x%x", address));
        waitReady(ERASE_POLLS, String.format("erase at 0x%x", address));
    }

    /**
     * Programs up to a page (256 bytes, within one page, a multiple of 16) from {@code data[offset..]} at a flash
     * address: write enable, then the page program command with the first 16 bytes and the chip select held, the
     * rest 16 bytes at a time (the flash's address advances by itself), the last one releasing the chip select,
     * then waits until the flash is done.
     */
    @Override
    public void programPage(int address, byte[] data, int offset, int length) throws FlashException {
        if (length <= 0 || length % BLOCK != 0 || address % BLOCK != 0
                || address / PAGE != (address + length - 1) / PAGE) {
            throw new IllegalArgumentException(String.format("0x%x bytes at 0x%x: not within a page", length, address));
        }
        int bank = bank(address);
        writeEnable(bank);
        vsc.write(ADDR, address % part.capacity());
        for (int i = 0; i < length; i += BLOCK) {
            for (int d = 0; d < BLOCK; d += 4) {
                vsc.write(DATA + d, Be.u32(data, offset + i + d));
            }
            boolean last = i + BLOCK >= length;
            int c = DATA_PHASE | log2(BLOCK) << 8 | (i == 0 ? access(0x02, 0x12) : 0) | (last ? 0 : CS_HOLD);
            run(c, bank, String.format("page program at 0x%x", address + i));
        }
        waitReady(PROGRAM_POLLS, String.format("page program at 0x%x", address));
    }

    /**
     * Starts programming one dword (4 bytes) at a 4-byte aligned address: write enable and the page program command;
     * when this returns the flash has the command ({@link #waitProgrammed(int)} waits for it to finish).
     */
    @Override
    public void startProgramDword(int address, int value) throws FlashException {
        int bank = bank(address);
        writeEnable(bank);
        vsc.write(ADDR, address % part.capacity());
        vsc.write(DATA, value);
        run(DATA_PHASE | log2(4) << 8 | access(0x02, 0x12), bank, String.format("program at 0x%x", address));
    }

    /** Waits, bounded, until the flash finished the program started at an address. */
    @Override
    public void waitProgrammed(int address) throws FlashException {
        waitReady(PROGRAM_POLLS, String.format("program at 0x%x", address));
    }

    /** Restores cache replacement and frees the gateway lock. */
    @Override
    public void close() {
        if (locked) {
            locked = false;
            try {
                if (cacheReplacementSaved) {
                    vsc.write(CACHE_REP_ENABLE, cacheReplacement);
                }
                vsc.write(CMD, 0);
            } catch (FlashException e) {
                // a function that is gone holds no lock
            }
        }
    }
}
