package org.infiniscope.sim.adapter;

import java.util.HashMap;
import java.util.Map;

/**
 * An adapter's CR-space as the vendor-specific capability reaches it (address space 2): dword registers. The
 * hardware ID sits where mstflint reads it ({@link #HW_ID}: 0x20D for ConnectX-5, 0x24B for Switch-IB 2, mstflint's
 * IDs, which differ from the PCI device IDs); the running
 * firmware's version and the flash gateway are the simulator's own registers (a real adapter's flash controller is
 * more involved), documented here so that a flasher can drive them:
 * <ul>
 * <li>{@link #FGW_ADDR}: a flash byte address (slot 0 from 0, slot 1 from the slot size);</li>
 * <li>{@link #FGW_DATA}: the dword to program, or the dword read (big-endian, as images are laid out);</li>
 * <li>{@link #FGW_CMD}: writing {@link #CMD_READ}, {@link #CMD_PROGRAM} or {@link #CMD_ERASE} runs that operation at
 * FGW_ADDR; reading it gives the last operation's status in bits 0-7 ({@link #STATUS_OK}, {@link #STATUS_RANGE},
 * {@link #STATUS_NOT_ERASED}, {@link #STATUS_FAULT}) and bit 31 busy (never set: operations complete at once);</li>
 * <li>{@link #FGW_ACTIVE}: the slot that boots (read), or the slot to boot next (write 0 or 1);</li>
 * <li>{@link #FGW_SLOT_SIZE}: bytes per slot (read-only);</li>
 * <li>{@link #SW_RESET}: writing 1 restarts the adapter (as a power cycle: it boots the active slot, failsafe): the
 * simulator's own reset register (a real adapter is reset as {@code mlxfwreset} does, which this does not model).</li>
 * </ul>
 * Other addresses are scratch registers that keep what is written.
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
    /** Flash gateway: command and status. */
    public static final int FGW_CMD = 0xF0400;
    /** Flash gateway: byte address. */
    public static final int FGW_ADDR = 0xF0404;
    /** Flash gateway: data. */
    public static final int FGW_DATA = 0xF0408;
    /** Flash gateway: active slot. */
    public static final int FGW_ACTIVE = 0xF040C;
    /** Flash gateway: slot size. */
    public static final int FGW_SLOT_SIZE = 0xF0410;

    /** Software reset: write 1 to restart the adapter. */
    public static final int SW_RESET = 0xF0010;

    /** Command: read the dword at FGW_ADDR into FGW_DATA. */
    public static final int CMD_READ = 1;
    /** Command: program FGW_DATA at FGW_ADDR. */
    public static final int CMD_PROGRAM = 2;
    /** Command: erase the 4 KiB sector holding FGW_ADDR. */
    public static final int CMD_ERASE = 3;
    /** Status: done. */
    public static final int STATUS_OK = 0;
    /** Status: the address is outside the flash or unaligned, or the command unknown. */
    public static final int STATUS_RANGE = 1;
    /** Status: programming would set a bit that is not erased. */
    public static final int STATUS_NOT_ERASED = 2;
    /** Status: the flash failed (an injected fault). */
    public static final int STATUS_FAULT = 3;

    private final SimAdapter adapter;
    private final Map<Integer, Integer> scratch = new HashMap<>();
    private int address;
    private int data;
    private int status;

    CrSpace(SimAdapter adapter) {
        this.adapter = adapter;
    }

    /** @return the dword at a CR-space address */
    public synchronized int read(int at) {
        FirmwareVersion fw = adapter.running();
        return switch (at) {
            case HW_ID -> adapter.hardwareId();
            case FW_MAJOR -> fw.major();
            case FW_MINOR -> fw.minor();
            case FW_SUB_MINOR -> fw.subMinor();
            case FGW_CMD -> status;
            case FGW_ADDR -> address;
            case FGW_DATA -> data;
            case FGW_ACTIVE -> adapter.flash().activeSlot();
            case FGW_SLOT_SIZE -> adapter.flash().slotSize();
            default -> scratch.getOrDefault(at, 0);
        };
    }

    /** Writes the dword at a CR-space address; the gateway's command register runs the command. */
    public synchronized void write(int at, int value) {
        switch (at) {
            case HW_ID, FW_MAJOR, FW_MINOR, FW_SUB_MINOR, FGW_SLOT_SIZE -> {
                // read-only
            }
            case FGW_ADDR -> address = value;
            case FGW_DATA -> data = value;
            case FGW_ACTIVE -> {
                if (value == 0 || value == 1) {
                    adapter.flash().setActiveSlot(value);
                }
            }
            case FGW_CMD -> status = run(value);
            case SW_RESET -> {
                if (value == 1) {
                    adapter.powerCycle();
                }
            }
            default -> scratch.put(at, value);
        }
    }

    private int run(int command) {
        SimFlash flash = adapter.flash();
        if (!flash.valid(address & ~3) || command == CMD_PROGRAM && (address & 3) != 0) {
            return STATUS_RANGE;
        }
        if (adapter.faults().failFlashOperation()) {
            return STATUS_FAULT;
        }
        switch (command) {
            case CMD_READ -> data = adapter.faults().corruptRead(address, flash.read(address));
            case CMD_PROGRAM -> {
                adapter.touched(address);
                return flash.program(address, data) ? STATUS_OK : STATUS_NOT_ERASED;
            }
            case CMD_ERASE -> {
                adapter.touched(address);
                flash.erase(address);
            }
            default -> {
                return STATUS_RANGE;
            }
        }
        return STATUS_OK;
    }
}
