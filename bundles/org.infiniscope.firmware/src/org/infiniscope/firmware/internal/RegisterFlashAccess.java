package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FlashException;

/**
 * The flash reached through the running firmware's flash access registers, as mstflint's mflash does when the
 * firmware owns the flash (ConnectX-4 and later): MFPA (0x9010) to identify the flash, MFBA (0x9011) to read and
 * program blocks of up to 256 bytes, MFBE (0x9012) to erase a 4 KiB sector, each sent as an ACCESS_REG command
 * (0x9001) through the ICMD interface of the vendor-specific capability (its ICMD address space 3: control at 0x0,
 * mailbox size at 0x1000, mailbox at 0x100000), under the ICMD semaphore (semaphore space 10, address 0). The
 * register layouts are mstflint's (register_access_open): MFBA fs in dword 0 bits 4-5, size in dword 1 bits 0-8,
 * address in dword 2, data from dword 3; MFPA's jedec_id in dword 5; MFBE's address in dword 2. The mailbox holds
 * the operation TLV (4 dwords), the register TLV header and the register. Every wait is a bounded number of polls.
 */
final class RegisterFlashAccess implements FlashAccess {

    static final int SPACE_ICMD = 3;
    static final int SPACE_SEMAPHORE = 10;
    static final int CTRL = 0x0;
    static final int MAILBOX_SIZE = 0x1000;
    static final int MAILBOX = 0x100000;
    static final int ACCESS_REG = 0x9001;
    static final int MFPA = 0x9010;
    static final int MFBA = 0x9011;
    static final int MFBE = 0x9012;
    static final int QUERY = 1;
    static final int WRITE = 2;
    /** The largest MFBA transfer. */
    static final int BLOCK = 256;
    /** Polls of the ICMD busy bit before giving up (an erase may take the firmware some 400 ms). */
    static final int ICMD_POLLS = 200_000;
    static final int SEMAPHORE_TRIES = 1024;
    /** Dwords before the register in the mailbox: the operation TLV and the register TLV header. */
    private static final int REG = 5;

    private static final String[] STATUS = {"ok", "busy", "bad version", "unknown TLV", "register not supported",
            "class not supported", "method not supported", "bad parameter", "resource not available",
            "message receipt acknowledged"};

    private final VscGateway vsc;
    private final String where;
    private final int semaphoreId;
    private boolean locked;
    private int jedecId;
    private String partName;
    private int capacity;
    private long tid;

    private RegisterFlashAccess(VscGateway vsc, String where) {
        this.vsc = vsc;
        this.where = where;
        this.semaphoreId = (int) (ProcessHandle.current().pid() & 0x7FFF_FFFF) | 1;
    }

    /**
     * Takes the ICMD semaphore and asks the firmware which flash it has (MFPA).
     *
     * @throws FlashException when the ICMD space is missing, its semaphore is held, the firmware does not answer or
     *         has no flash this class can use
     */
    static RegisterFlashAccess open(VscGateway vsc, String where) throws FlashException {
        RegisterFlashAccess r = new RegisterFlashAccess(vsc, where);
        try {
            r.lock();
            vsc.select(SPACE_ICMD);
            int mailbox = vsc.read(MAILBOX_SIZE);
            if (mailbox < 4 * (REG + 3 + BLOCK / 4)) {
                throw new FlashException(
                        String.format("%s: the ICMD mailbox (0x%x bytes) cannot hold an MFBA block", where, mailbox));
            }
            int[] mfpa = r.access(MFPA, QUERY, new int[9]);
            r.jedecId = mfpa[5] & 0xFF_FFFF;
            SpiFlashGateway.Part p = SpiFlashGateway.PARTS.get(r.jedecId);
            int log2 = r.jedecId & 0xFF;
            if (p == null && (log2 < 16 || log2 > 30)) {
                throw new FlashException(String.format(
                        "%s: the firmware reports the flash's JEDEC ID as 0x%06x, whose capacity this flasher does "
                                + "not know; not flashing it",
                        where, r.jedecId));
            }
            r.partName = p != null ? p.name() : String.format("flash 0x%06x", r.jedecId);
            r.capacity = p != null ? p.capacity() : 1 << log2;
            return r;
        } catch (FlashException e) {
            r.close();
            throw e;
        }
    }

    private void lock() throws FlashException {
        vsc.select(SPACE_SEMAPHORE);
        for (int i = 0; i < SEMAPHORE_TRIES; i++) {
            int v = vsc.read(0);
            if (v == -1) {
                throw new FlashException(where + ": the ICMD semaphore reads all ones: the function is gone");
            }
            if (v == 0) {
                vsc.write(0, semaphoreId);
                if (vsc.read(0) == semaphoreId) {
                    locked = true;
                    return;
                }
            }
            Thread.onSpinWait();
        }
        throw new FlashException(
                where + ": the ICMD semaphore is held by another agent (tried " + SEMAPHORE_TRIES + " times)");
    }

    /**
     * Sends one ACCESS_REG command and waits, bounded, for the firmware's answer.
     *
     * @param register its dwords (the data sent; for a query, its size)
     * @param sendDwords how many of them to write into the mailbox
     * @return the register as the firmware answered it
     */
    private int[] access(int id, int method, int[] register, int sendDwords, int readDwords) throws FlashException {
        int[] header = {1 << 27 | 4 << 16, id << 16 | method << 8 | 1, (int) (tid >>> 32), (int) ++tid,
                3 << 27 | (register.length + 1) << 16};
        for (int i = 0; i < REG; i++) {
            vsc.write(MAILBOX + 4 * i, header[i]);
        }
        for (int i = 0; i < sendDwords; i++) {
            vsc.write(MAILBOX + 4 * (REG + i), register[i]);
        }
        vsc.write(CTRL, ACCESS_REG << 16 | 1);
        int ctrl = -1;
        for (int i = 0; i < ICMD_POLLS && (ctrl & 1) != 0; i++) {
            ctrl = vsc.read(CTRL);
            if (ctrl == -1) {
                throw new FlashException(where + ": the ICMD interface reads all ones: the function is gone");
            }
        }
        String what = String.format("%s %s", name(id), method == QUERY ? "query" : "write");
        if ((ctrl & 1) != 0) {
            throw new FlashException(
                    String.format("%s: the firmware did not finish the %s after %d polls", where, what, ICMD_POLLS));
        }
        int exit = ctrl >>> 8 & 0xFF;
        if (exit != 0) {
            throw new FlashException(
                    String.format("%s: ICMD ACCESS_REG (%s) failed with exit status 0x%x", where, what, exit));
        }
        int op = vsc.read(MAILBOX);
        int status = op >>> 8 & 0x7F;
        if (status != 0) {
            throw new FlashException(String.format("%s: the firmware answered the %s with status %d (%s)", where, what,
                    status, status < STATUS.length ? STATUS[status] : "unknown"));
        }
        int[] answer = register.clone();
        for (int i = 0; i < readDwords; i++) {
            answer[i] = vsc.read(MAILBOX + 4 * (REG + i));
        }
        return answer;
    }

    private int[] access(int id, int method, int[] register) throws FlashException {
        return access(id, method, register, register.length, register.length);
    }

    private static String name(int id) {
        return switch (id) {
            case MFPA -> "MFPA";
            case MFBA -> "MFBA";
            case MFBE -> "MFBE";
            default -> String.format("register 0x%x", id);
        };
    }

    @Override
    public String path() {
        return "firmware flash registers (MFBA/MFBE through ICMD)";
    }

    @Override
    public String partName() {
        return partName;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void read(int address, byte[] out, int offset, int length) throws FlashException {
        for (int i = 0; i < length; i += BLOCK) {
            int n = Math.min(BLOCK, length - i);
            int[] mfba = new int[3 + BLOCK / 4];
            mfba[1] = n;
            mfba[2] = address + i;
            // a query sends the header only; the answer's data is read back
            int[] answer = access(MFBA, QUERY, mfba, 3, 3 + n / 4);
            for (int d = 0; d < n; d += 4) {
                Be.put32(out, offset + i + d, answer[3 + d / 4]);
            }
        }
    }

    @Override
    public void eraseSector(int address) throws FlashException {
        access(MFBE, WRITE, new int[]{0, 0, address}, 3, 0);
    }

    @Override
    public void programPage(int address, byte[] data, int offset, int length) throws FlashException {
        if (length <= 0 || length > BLOCK || length % 4 != 0 || address % 4 != 0
                || address / BLOCK != (address + length - 1) / BLOCK) {
            throw new IllegalArgumentException(String.format("0x%x bytes at 0x%x: not within a page", length, address));
        }
        int[] mfba = new int[3 + length / 4];
        mfba[1] = length;
        mfba[2] = address;
        for (int d = 0; d < length; d += 4) {
            mfba[3 + d / 4] = Be.u32(data, offset + d);
        }
        access(MFBA, WRITE, mfba, mfba.length, 0);
    }

    @Override
    public void startProgramDword(int address, int value) throws FlashException {
        access(MFBA, WRITE, new int[]{0, 4, address, value}, 4, 0);
    }

    /** The firmware answers an MFBA write once it is programmed: nothing is left to wait for. */
    @Override
    public void waitProgrammed(int address) {
        // done when the write was answered
    }

    @Override
    public void close() {
        if (locked) {
            locked = false;
            try {
                vsc.select(SPACE_SEMAPHORE);
                vsc.write(0, 0);
                vsc.select(VscGateway.SPACE_CR);
            } catch (FlashException e) {
                // a function that is gone holds no semaphore
            }
        }
    }
}
