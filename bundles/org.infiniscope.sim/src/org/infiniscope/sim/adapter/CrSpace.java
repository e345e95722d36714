package org.infiniscope.sim.adapter;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * An adapter's CR-space as the vendor-specific capability reaches it (address space 2): dword registers. The
 * hardware ID sits where mstflint reads it ({@link #HW_ID}: 0x20D for ConnectX-5, 0x24B for Switch-IB 2, mstflint's
 * IDs, which differ from the PCI device IDs). The running firmware's version registers and the reset register are
 * the simulator's own; the flash gateway is the one mstflint's mflash drives on ConnectX-4 and later ("4th
 * generation" gateway), over the adapter's serial NOR flash ({@link SimFlash}):
 * <ul>
 * <li>{@link #GW_CMD} (0xF0400): bit 31 the lock (a read that finds it clear sets it and so takes the gateway;
 * writing 0 frees it), bit 30 busy (written as 1 to run the command; reads 1 until the gateway is done), bits 16-23
 * the SPI opcode, bit 14 four-byte address, bit 11 chip select (the flash bank: only bank 0 is fitted), bits 8-10
 * log2 of the data bytes (0 to 4: 1 to 16 bytes), bit 5 chip select hold (the SPI transaction stays open, and the
 * next command with no command phase continues it at the next address), bit 4 data phase, bit 3 address phase,
 * bit 2 command phase, bit 0 read (the data phase reads the flash into the data registers);</li>
 * <li>{@link #GW_ADDR} (0xF0404): the flash address of the address phase;</li>
 * <li>{@link #GW_DATA} (0xF0410 to 0xF041C): up to 16 data bytes, the first byte in the top bits of the first
 * dword (big-endian, as images are laid out);</li>
 * <li>{@link #CACHE_REP_OFFSET} (0xF0408) and {@link #CACHE_REP_CMD} (0xF040C): non-zero while the running firmware
 * uses the flash ({@link SimAdapter#setFirmwareOwnsFlash(boolean)}), as mstflint checks before it drives the gateway;
 * the flash is then reached through the firmware's registers ({@link FlashRegisters});</li>
 * <li>{@link #SW_RESET}: writing 1 restarts the adapter (as a power cycle: it boots the active slot, failsafe): the
 * simulator's own reset register (a real adapter is reset as {@code mlxfwreset} does, which this does not model); it
 * reads {@link #SW_RESET_SIGNATURE}, by which a flasher tells that the register is there before it writes it.</li>
 * </ul>
 * The flash answers the SPI commands write enable (0x06), read status (0x05: bit 0 write in progress, bit 1 write
 * enable latch), read JEDEC ID (0x9F), read (0x03, 0x13), fast read (0x0B, 0x0C: one dummy byte), page program (0x02,
 * 0x12: up to a 256-byte page, wrapping within it, taking effect when the transaction ends) and 4 KiB sector erase
 * (0x20, 0x21); program and erase need the write enable latch, clear it, and leave the flash busy (write in progress)
 * for a few status reads, while it ignores every command but read status. A command the gateway runs without its
 * lock bit set, or on bank 1, does nothing (reads give all ones). A flash fault ({@link AdapterFaults}) leaves the
 * gateway busy; power loss hides the whole function. Other addresses are scratch registers that keep what is
 * written.
 */
public final class CrSpace {

    /** The hardware (device) ID register. */
    public static final int HW_ID = 0xF0014;
    /** Running firmware: major, minor and sub-minor version, one dword each. */
    public static final int FW_MAJOR = 0xF0800;
    /** Running firmware minor version. */
    public static final int FW_MINOR = 0xF0804;
    /** Running firmware sub-minor version. */
    public static final int FW_SUB_MINOR = 0xF0808;
    /** Flash gateway: command, lock and busy. */
    public static final int GW_CMD = 0xF0400;
    /** Flash gateway: flash address. */
    public static final int GW_ADDR = 0xF0404;
    /** Flash gateway: the first of four data registers. */
    public static final int GW_DATA = 0xF0410;
    /** Cache replacement offset: non-zero while running firmware uses the flash. */
    public static final int CACHE_REP_OFFSET = 0xF0408;
    /** Cache replacement command: non-zero (bits 16-23) while running firmware uses the flash. */
    public static final int CACHE_REP_CMD = 0xF040C;
    /** Software reset: write 1 to restart the adapter. */
    public static final int SW_RESET = 0xF0010;
    /** What {@link #SW_RESET} reads: "RST1", the sign that this adapter has the simulator's reset register. */
    public static final int SW_RESET_SIGNATURE = 0x52535431;

    /** Command register bits. */
    public static final int LOCK = 1 << 31;
    /** Busy: set to run, clear when done. */
    public static final int BUSY = 1 << 30;
    /** Four-byte address phase. */
    public static final int ADDR_4BYTE = 1 << 14;
    /** Chip select: flash bank 1. */
    public static final int BANK1 = 1 << 11;
    /** Chip select hold. */
    public static final int CS_HOLD = 1 << 5;
    /** Data phase. */
    public static final int DATA_PHASE = 1 << 4;
    /** Address phase. */
    public static final int ADDR_PHASE = 1 << 3;
    /** Command phase. */
    public static final int CMD_PHASE = 1 << 2;
    /** Read. */
    public static final int READ = 1;
    /** Status reads that an erase keeps the flash busy for. */
    public static final int ERASE_BUSY_POLLS = 3;
    /** Status reads that a page program keeps the flash busy for. */
    public static final int PROGRAM_BUSY_POLLS = 1;

    private final SimAdapter adapter;
    private final Map<Integer, Integer> scratch = new HashMap<>();
    private final int[] data = new int[4];
    private int cmd;
    private int address;
    // the SPI flash and the open transaction
    private boolean writeEnabled;
    private int busyPolls;
    private int opcode = -1;
    private int cursor;
    private final byte[] page = new byte[SimFlash.PAGE];
    private int pageBase;
    private boolean pageWritten;

    CrSpace(SimAdapter adapter) {
        this.adapter = adapter;
    }

    /** Power comes back: the gateway is free and idle, the flash not busy, its write enable latch clear. */
    synchronized void reset() {
        cmd = 0;
        writeEnabled = false;
        busyPolls = 0;
        opcode = -1;
    }

    /** @return the dword at a CR-space address; reading the gateway's command register takes its lock if free */
    public synchronized int read(int at) {
        FirmwareVersion fw = adapter.running();
        if (at >= GW_DATA && at < GW_DATA + 16 && (at & 3) == 0) {
            return data[(at - GW_DATA) / 4];
        }
        return switch (at) {
            case HW_ID -> adapter.hardwareId();
            case FW_MAJOR -> fw.major();
            case FW_MINOR -> fw.minor();
            case FW_SUB_MINOR -> fw.subMinor();
            case GW_CMD -> {
                int v = cmd;
                cmd |= LOCK;
                yield v;
            }
            case GW_ADDR -> address;
            case CACHE_REP_OFFSET -> adapter.firmwareUsesFlash() ? 0x10000 : scratch.getOrDefault(at, 0);
            case CACHE_REP_CMD -> adapter.firmwareUsesFlash() ? 0x0B << 16 : scratch.getOrDefault(at, 0);
            case SW_RESET -> SW_RESET_SIGNATURE;
            default -> scratch.getOrDefault(at, 0);
        };
    }

    /** Writes the dword at a CR-space address; a gateway command with the busy bit set runs. */
    public synchronized void write(int at, int value) {
        if (at >= GW_DATA && at < GW_DATA + 16 && (at & 3) == 0) {
            data[(at - GW_DATA) / 4] = value;
            return;
        }
        switch (at) {
            case HW_ID, FW_MAJOR, FW_MINOR, FW_SUB_MINOR -> {
                // read-only
            }
            case GW_ADDR -> address = value;
            case GW_CMD -> {
                cmd = value;
                if ((value & BUSY) != 0) {
                    if (adapter.faults().failFlashOperation()) {
                        return; // the gateway hangs: busy stays set
                    }
                    run(value);
                    cmd &= ~BUSY;
                }
            }
            case SW_RESET -> {
                if (value == 1) {
                    adapter.powerCycle();
                }
            }
            default -> scratch.put(at, value);
        }
    }

    private void run(int c) {
        boolean fitted = (c & LOCK) != 0 && (c & BANK1) == 0;
        int bytes = 1 << Math.min(c >>> 8 & 7, 4);
        boolean read = (c & READ) != 0;
        if (!fitted) {
            if (read) {
                Arrays.fill(data, -1);
            }
            endTransaction();
            return;
        }
        if ((c & CMD_PHASE) != 0) {
            endTransaction();
            opcode = c >>> 16 & 0xFF;
            if (busyPolls > 0 && opcode != 0x05) {
                opcode = -1; // the flash ignores all but read status while it is busy
            }
            int a = (c & ADDR_4BYTE) != 0 ? address : address & 0xFF_FFFF;
            cursor = (c & ADDR_PHASE) != 0 ? a : 0;
            start(c);
        }
        if ((c & DATA_PHASE) != 0 && opcode >= 0) {
            transfer(read, bytes);
        } else if ((c & DATA_PHASE) != 0 && read) {
            Arrays.fill(data, -1);
        }
        if ((c & CS_HOLD) == 0) {
            endTransaction();
        }
    }

    /** The command phase: commands without data take effect here. */
    private void start(int c) {
        SimFlash flash = adapter.flash();
        switch (opcode) {
            case 0x06 -> writeEnabled = true;
            case 0x04 -> writeEnabled = false;
            case 0x20, 0x21 -> {
                if (writeEnabled && (c & ADDR_PHASE) != 0) {
                    int sector = cursor / SimFlash.SECTOR * SimFlash.SECTOR;
                    if (sector >= 0 && sector < 2 * flash.slotSize()) {
                        adapter.touched(sector);
                        flash.erase(sector);
                    }
                    writeEnabled = false;
                    busyPolls = ERASE_BUSY_POLLS;
                }
                opcode = -1;
            }
            case 0x02, 0x12 -> {
                pageBase = cursor & ~(SimFlash.PAGE - 1);
                cursor &= SimFlash.PAGE - 1;
                pageWritten = false;
                Arrays.fill(page, (byte) 0xFF);
                if (!writeEnabled) {
                    opcode = -1;
                }
            }
            default -> {
                // data commands transfer in the data phase
            }
        }
    }

    private void transfer(boolean read, int bytes) {
        SimFlash flash = adapter.flash();
        byte[] b = new byte[16];
        Arrays.fill(b, (byte) 0xFF);
        switch (opcode) {
            case 0x05 -> {
                b[0] = (byte) ((busyPolls > 0 ? 1 : 0) | (writeEnabled ? 2 : 0));
                if (busyPolls > 0 && !adapter.faults().flashStaysBusy()) {
                    busyPolls--;
                }
                for (int i = 1; i < bytes; i++) {
                    b[i] = b[0];
                }
            }
            case 0x9F -> {
                int id = flash.jedecId();
                b[0] = (byte) (id >>> 16);
                b[1] = (byte) (id >>> 8);
                b[2] = (byte) id;
                b[3] = 0;
            }
            case 0x03, 0x13, 0x0B, 0x0C -> {
                for (int i = 0; i < bytes; i++) {
                    b[i] = (byte) flash.readByte(cursor + i);
                }
                for (int i = 0; i < bytes; i++) { // a marginal cell flips bit 0 of its dword
                    int at = cursor + i;
                    if ((at & 3) == 3 && adapter.faults().corruptRead(at & ~3, 0) != 0) {
                        b[i] ^= 1;
                    }
                }
                cursor += bytes;
            }
            case 0x02, 0x12 -> {
                if (!read) {
                    for (int i = 0; i < bytes; i++) {
                        page[cursor & (SimFlash.PAGE - 1)] &= (byte) (data[i / 4] >>> (24 - 8 * (i & 3)));
                        cursor++;
                    }
                    pageWritten = true;
                }
            }
            default -> {
            }
        }
        if (read) {
            for (int i = 0; i < 4; i++) {
                data[i] = (b[4 * i] & 0xFF) << 24 | (b[4 * i + 1] & 0xFF) << 16 | (b[4 * i + 2] & 0xFF) << 8
                        | b[4 * i + 3] & 0xFF;
            }
        }
    }

    /** The chip select is released: a page program takes effect. */
    private void endTransaction() {
        if ((opcode == 0x02 || opcode == 0x12) && pageWritten) {
            SimFlash flash = adapter.flash();
            if (pageBase >= 0 && pageBase < 2 * flash.slotSize()) {
                adapter.touched(pageBase);
                for (int i = 0; i < SimFlash.PAGE; i++) {
                    flash.programByte(pageBase + i, page[i]);
                }
            }
            writeEnabled = false;
            busyPolls = PROGRAM_BUSY_POLLS;
        }
        opcode = -1;
        pageWritten = false;
    }
}
