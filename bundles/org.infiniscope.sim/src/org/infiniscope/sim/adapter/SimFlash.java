package org.infiniscope.sim.adapter;

import java.util.Arrays;

/**
 * A NOR flash of two image slots (failsafe): slot 0 at byte 0, slot 1 at {@link #slotSize()}. A write can only
 * clear bits (as NOR flash does): programming a dword that is not erased where the new value has ones fails. A
 * sector is erased to all ones. Slots are allocated on first write, so a fabric of thousands of adapters holds no
 * flash it never touched.
 * <p>
 * Which slot boots is {@link #activeSlot()}; an injected power loss ({@link #powerLoss()}) loses nothing that was
 * programmed (flash is non-volatile) but ends any operation in progress.
 */
public final class SimFlash {

    /** The erase unit. */
    public static final int SECTOR = 4096;

    private final int slotSize;
    private final byte[][] slots = new byte[2][];
    private int activeSlot;

    /** @param slotSize bytes per slot, a multiple of {@link #SECTOR} */
    public SimFlash(int slotSize) {
        if (slotSize <= 0 || slotSize % SECTOR != 0) {
            throw new IllegalArgumentException("slot size must be a positive multiple of " + SECTOR + ": " + slotSize);
        }
        this.slotSize = slotSize;
    }

    /** @return bytes per slot */
    public int slotSize() {
        return slotSize;
    }

    /** @return the slot the adapter boots from, 0 or 1 */
    public synchronized int activeSlot() {
        return activeSlot;
    }

    /** Selects the slot the adapter boots from next. */
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
