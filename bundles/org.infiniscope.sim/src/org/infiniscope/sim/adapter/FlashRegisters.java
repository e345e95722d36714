package org.infiniscope.sim.adapter;

/**
 * The running firmware's flash access registers, reached as mstflint reaches them on ConnectX-4 and later while the
 * firmware owns the flash: the ICMD interface of the vendor-specific capability's ICMD address space
 * ({@link #SPACE_ICMD}) runs ACCESS_REG commands whose mailbox holds an operation TLV and a register TLV.
 * <ul>
 * <li>ICMD space: {@link #CTRL} (0x0) bit 0 busy/go (written 1 with the opcode in bits 16-31 to run; the firmware
 * clears it when done), bits 8-15 the exit status (0 done); {@link #MAILBOX_SIZE} (0x1000) the mailbox's bytes;
 * {@link #MAILBOX} (0x100000) the mailbox, big-endian dwords;</li>
 * <li>semaphore space ({@link #SPACE_SEMAPHORE}) address 0: the ICMD semaphore, 0 when free; writing a non-zero
 * value to it when free takes it (read it back to see whether it was yours), writing 0 frees it;</li>
 * <li>ACCESS_REG ({@link #ACCESS_REG}, opcode 0x9001): the operation TLV (4 dwords: type 1 in bits 27-31 and length
 * 4 in bits 16-26 of dword 0, the status in bits 8-14; the register ID in bits 16-31 of dword 1, the response bit
 * 15, the method in bits 8-14, 1 query and 2 write, the class in bits 0-7, 1), then the register TLV (type 3, its
 * length in dwords with the header) and the register;</li>
 * <li>MFPA (0x9010, query): flash_num (dword 4 bits 0-3), jedec_id (dword 5 bits 0-23), sector_size (dword 6 bits
 * 0-9, in KiB here: 4);</li>
 * <li>MFBA (0x9011): fs (dword 0 bits 4-5), size (dword 1 bits 0-8, at most 256 bytes, a multiple of 4), address
 * (dword 2), data (64 dwords from dword 3): query reads, write programs (as NOR does: bits can only be cleared;
 * within one 256-byte page);</li>
 * <li>MFBE (0x9012, write): fs, and the address of the 4 KiB sector to erase (dword 2).</li>
 * </ul>
 * The registers answer only while firmware runs ({@link SimAdapter#booted()}); a register other than these, or a
 * method a register does not have, answers the status "register not supported" (4) or "method not supported"
 * (6); a bad size or address "bad parameter" (7). A flash fault ({@link AdapterFaults}) leaves the command busy
 * (the firmware hangs, nothing is done); a marginal cell flips bit 0 of its dword in MFBA reads, as through the
 * gateway.
 */
public final class FlashRegisters {

    /** The ICMD address space of the vendor-specific capability. */
    public static final int SPACE_ICMD = 3;
    /** The semaphore address space of the vendor-specific capability. */
    public static final int SPACE_SEMAPHORE = 10;
    /** ICMD control: busy, status, opcode. */
    public static final int CTRL = 0x0;
    /** ICMD mailbox size in bytes. */
    public static final int MAILBOX_SIZE = 0x1000;
    /** ICMD mailbox. */
    public static final int MAILBOX = 0x100000;
    /** The mailbox's bytes. */
    public static final int MAILBOX_BYTES = 0x400;
    /** The ACCESS_REG ICMD opcode. */
    public static final int ACCESS_REG = 0x9001;
    /** Register IDs. */
    public static final int MFPA = 0x9010;
    /** Flash block access. */
    public static final int MFBA = 0x9011;
    /** Flash block erase. */
    public static final int MFBE = 0x9012;

    private final SimAdapter adapter;
    private final int[] mailbox = new int[MAILBOX_BYTES / 4];
    private int ctrl;
    private int semaphore;

    FlashRegisters(SimAdapter adapter) {
        this.adapter = adapter;
    }

    /** Power comes back: the semaphore is free, no command is busy. */
    synchronized void reset() {
        ctrl = 0;
        semaphore = 0;
    }

    /** @return the dword at an address of the ICMD or the semaphore space */
    public synchronized int read(int space, int at) {
        if (space == SPACE_SEMAPHORE) {
            return at == 0 ? semaphore : 0;
        }
        if (at == CTRL) {
            return ctrl;
        }
        if (at == MAILBOX_SIZE) {
            return MAILBOX_BYTES;
        }
        if (at >= MAILBOX && at < MAILBOX + MAILBOX_BYTES && (at & 3) == 0) {
            return mailbox[(at - MAILBOX) / 4];
        }
        return 0;
    }

    /** Writes a dword of the ICMD or the semaphore space; writing the control register with busy set runs it. */
    public synchronized void write(int space, int at, int value) {
        if (space == SPACE_SEMAPHORE) {
            if (at == 0 && (value == 0 || semaphore == 0)) {
                semaphore = value;
            }
            return;
        }
        if (at >= MAILBOX && at < MAILBOX + MAILBOX_BYTES && (at & 3) == 0) {
            mailbox[(at - MAILBOX) / 4] = value;
        } else if (at == CTRL) {
            ctrl = value;
            if ((value & 1) != 0 && adapter.booted()) {
                int opcode = value >>> 16;
                if (opcode != ACCESS_REG) {
                    ctrl = value & ~0xFF01 | 0x01 << 8; // bad opcode
                    return;
                }
                if (adapter.faults().failFlashOperation()) {
                    return; // the firmware hangs: busy stays set
                }
                accessRegister();
                ctrl &= ~0xFF01;
            }
            // without running firmware nobody answers: busy stays set
        }
    }

    private void accessRegister() {
        int register = mailbox[1] >>> 16;
        int method = mailbox[1] >>> 8 & 0x7F;
        int status = switch (register) {
            case MFPA -> method == 1 ? mfpa() : 6;
            case MFBA -> method == 1 || method == 2 ? mfba(method == 2) : 6;
            case MFBE -> method == 2 ? mfbe() : 6;
            default -> 4;
        };
        mailbox[0] = mailbox[0] & ~0x7F00 | status << 8;
        mailbox[1] |= 1 << 15; // the response
    }

    private static final int REG = 5; // the register's first dword in the mailbox

    private int mfpa() {
        SimFlash flash = adapter.flash();
        java.util.Arrays.fill(mailbox, REG + 1, REG + 9, 0);
        mailbox[REG + 4] = 1; // flash_num
        mailbox[REG + 5] = flash.jedecId() & 0xFF_FFFF;
        mailbox[REG + 6] = 4; // sector size, KiB
        return 0;
    }

    private int mfba(boolean write) {
        SimFlash flash = adapter.flash();
        int fs = mailbox[REG] >>> 4 & 3;
        int size = mailbox[REG + 1] & 0x1FF;
        int address = mailbox[REG + 2];
        if (fs != 0 || size == 0 || size > 256 || (size & 3) != 0 || (address & 3) != 0 || address < 0
                || (long) address + size > flash.capacity()) {
            return 7;
        }
        if (write) {
            if (address / SimFlash.PAGE != (address + size - 1) / SimFlash.PAGE) {
                return 7;
            }
            if (address < 2 * flash.slotSize()) {
                adapter.touched(address);
            }
            for (int i = 0; i < size; i++) {
                flash.programByte(address + i, mailbox[REG + 3 + i / 4] >>> (24 - 8 * (i & 3)));
            }
        } else {
            for (int d = 0; d < size; d += 4) {
                int at = address + d;
                int v = flash.readByte(at) << 24 | flash.readByte(at + 1) << 16 | flash.readByte(at + 2) << 8
                        | flash.readByte(at + 3);
                mailbox[REG + 3 + d / 4] = adapter.faults().corruptRead(at, v);
            }
        }
        return 0;
    }

    private int mfbe() {
        SimFlash flash = adapter.flash();
        int fs = mailbox[REG] >>> 4 & 3;
        int address = mailbox[REG + 2];
        if (fs != 0 || address < 0 || address >= flash.capacity()) {
            return 7;
        }
        if (address < 2 * flash.slotSize()) {
            adapter.touched(address);
            flash.erase(address);
        }
        return 0;
    }
}
