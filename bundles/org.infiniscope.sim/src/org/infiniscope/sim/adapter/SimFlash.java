package org.infiniscope.sim.adapter;

import java.util.Arrays;

/**
 * A serial NOR flash of two image slots (failsafe): slot 0 at byte 0, slot 1 at {@link #slotSize()}, as a real part
 * ({@link #jedecId()}: a Winbond W25Q of the smallest capacity that holds both slots, 4 KiB sectors, 256-byte
 * pages). A write can only clear bits (as NOR flash does); a sector is erased to all ones. Slots are allocated on
 * first write, so a fabric of thousands of adapters holds no flash it never touched. Bytes of the part beyond the two
 * slots are not modelled: they read erased and keep nothing.
 * <p>
 * Which slot boots is {@link #activeSlot()}: the boot ROM looks for an image start, the "MTFW" magic dword
 * ({@link #IMAGE_START}) at the start of a slot; when exactly one slot has it, that slot; otherwise the slot last
 * selected ({@link #setActiveSlot(int)}). A burn therefore switches slots as mstflint's failsafe burn does: it
 * writes the new image's magic last and then clears the old image's first dword. An injected power loss loses
 * nothing that was programmed (flash is non-volatile) but ends any operation in progress.
 */
public final class SimFlash {

    /** The erase unit (the 4 KiB sector of SPI command 0x20). */
    public static final int SECTOR = 4096;
    /** The page-program unit. */
    public static final int PAGE = 256;
    /** The first dword of an image ("MTFW"), which the boot ROM looks for at the start of a slot. */
    public static final int IMAGE_START = 0x4D544657;
    /** Winbond's JEDEC manufacturer ID and the W25Q (3 V, SPI) memory type: the ID is 0xEF40 then log2(bytes). */
    private static final int WINBOND_W25Q = 0xEF40;

    private final int slotSize;
    private final byte[][] slots = new byte[2][];
    private int activeSlot;
    private int jedecId;

    /** @param slotSize bytes per slot, a power of two from 512 KiB to 1 GiB: the slots are the part's two halves */
    public SimFlash(int slotSize) {
        if (slotSize < 1 << 19 || slotSize > 1 << 30 || Integer.bitCount(slotSize) != 1) {
            throw new IllegalArgumentException("slot size must be a power of two from 512 KiB to 1 GiB: " + slotSize);
        }
        this.slotSize = slotSize;
        int log2 = 32 - Integer.numberOfLeadingZeros(2 * slotSize - 1);
        this.jedecId = WINBOND_W25Q << 8 | Math.max(log2, 0x14); // W25Q80 (1 MiB) and larger
    }

    /**
     * @return the part's JEDEC ID as the Read JEDEC ID command (0x9F) returns it: manufacturer, memory type and
     *         capacity (log2 of bytes), one byte each
     */
    public synchronized int jedecId() {
        return jedecId;
    }

    /** Makes the part answer another JEDEC ID (a test's unknown part); its geometry stays as it is. */
    public synchronized void reportJedecId(int id) {
        jedecId = id & 0xFF_FFFF;
    }

    /** @return the part's capacity in bytes, from its JEDEC ID */
    public synchronized int capacity() {
        int log2 = jedecId & 0xFF;
        return log2 >= 31 ? Integer.MAX_VALUE : 1 << log2;
    }

    /** @return bytes per slot */
    public int slotSize() {
        return slotSize;
    }

    /** @return the slot the adapter boots from, 0 or 1 (see the class comment) */
    public synchronized int activeSlot() {
        boolean start0 = read(0) == IMAGE_START;
        boolean start1 = read(slotSize) == IMAGE_START;
        return start0 != start1 ? start0 ? 0 : 1 : activeSlot;
    }

    /** Selects the slot the adapter boots from when both slots, or neither, hold an image start. */
    public synchronized void setActiveSlot(int slot) {
        checkSlot(slot);
        activeSlot = slot;
    }

    private static void checkSlot(int slot) {
        if (slot != 0 && slot != 1) {
            throw new IllegalArgumentException("slot " + slot + ": there are two, 0 and 1");
        }
    }

    private byte[] slot(int address) {
        int s = address / slotSize;
        if (slots[s] == null) {
            slots[s] = new byte[slotSize];
            Arrays.fill(slots[s], (byte) 0xFF);
        }
        return slots[s];
    }

    /** @return whether a dword address lies in the flash and is aligned */
    public boolean valid(int address) {
        return address >= 0 && address <= 2 * slotSize - 4 && (address & 3) == 0;
    }

    /** @return the dword at a byte address, big-endian as the image is laid out; all ones where never written */
    public synchronized int read(int address) {
        checkAddress(address);
        byte[] s = slots[address / slotSize];
        if (s == null) {
            return -1;
        }
        int o = address % slotSize;
        return (s[o] & 0xFF) << 24 | (s[o + 1] & 0xFF) << 16 | (s[o + 2] & 0xFF) << 8 | (s[o + 3] & 0xFF);
    }

    /**
     * Programs a dword.
     *
     * @return whether it took: false when the value would set a bit that is not erased
     */
    public synchronized boolean program(int address, int value) {
        checkAddress(address);
        int old = read(address);
        if ((value & ~old) != 0) {
            return false;
        }
        byte[] s = slot(address);
        int o = address % slotSize;
        s[o] = (byte) (value >>> 24);
        s[o + 1] = (byte) (value >>> 16);
        s[o + 2] = (byte) (value >>> 8);
        s[o + 3] = (byte) value;
        return true;
    }

    /** @return the byte at an address of the part (all ones beyond the slots) */
    public synchronized int readByte(int address) {
        if (address < 0 || address >= 2 * slotSize) {
            return 0xFF;
        }
        byte[] s = slots[address / slotSize];
        return s == null ? 0xFF : s[address % slotSize] & 0xFF;
    }

    /** Programs a byte as NOR flash does: bits that are 0 in the value become 0, the others stay. */
    public synchronized void programByte(int address, int value) {
        if (address < 0 || address >= 2 * slotSize || (value & 0xFF) == 0xFF) {
            return;
        }
        byte[] s = slot(address);
        s[address % slotSize] &= (byte) value;
    }

    /** Erases the sector holding a byte address to all ones. */
    public synchronized void erase(int address) {
        checkAddress(address & ~3);
        byte[] s = slot(address);
        int start = address % slotSize / SECTOR * SECTOR;
        Arrays.fill(s, start, start + SECTOR, (byte) 0xFF);
    }

    /** @return a copy of a slot's bytes (all ones where never written) */
    public synchronized byte[] slotImage(int slot) {
        checkSlot(slot);
        if (slots[slot] == null) {
            byte[] erased = new byte[slotSize];
            Arrays.fill(erased, (byte) 0xFF);
            return erased;
        }
        return slots[slot].clone();
    }

    /** Loads a whole image into a slot, as a factory programmer does (the rest of the slot erased). */
    public synchronized void load(int slot, byte[] image) {
        checkSlot(slot);
        if (image.length > slotSize) {
            throw new IllegalArgumentException("image of " + image.length + " bytes exceeds the slot of " + slotSize);
        }
        byte[] s = new byte[slotSize];
        Arrays.fill(s, (byte) 0xFF);
        System.arraycopy(image, 0, s, 0, image.length);
        slots[slot] = s;
    }

    private void checkAddress(int address) {
        if (!valid(address)) {
            throw new IllegalArgumentException(
                    String.format("flash address 0x%x outside 2 x 0x%x or unaligned", address, slotSize));
        }
    }
}
