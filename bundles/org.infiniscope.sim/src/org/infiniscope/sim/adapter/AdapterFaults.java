package org.infiniscope.sim.adapter;

/**
 * Faults a test injects into one adapter: the next flash operations fail, reads of an address return a flipped
 * bit, or the adapter loses power after so many flash operations (what was programmed stays; the operation in
 * progress and all after it fail until {@link SimAdapter#powerCycle()}).
 */
public final class AdapterFaults {

    private int failNext;
    private int failAfter = -1;
    private int powerLossAfter = -1;
    private boolean powerLost;
    private int corruptAddress = -1;
    private boolean staysBusy;
    private long operations;

    /** The next {@code count} flash operations fail with the fault status. */
    public synchronized void failNextFlashOperations(int count) {
        failNext = count;
    }

    /** The flash operation after {@code operations} more succeed fails once (a write error mid-burn). */
    public synchronized void failFlashOperationAfter(int operations) {
        failAfter = operations;
    }

    /** Power is lost once {@code operations} more flash operations have run; 0 loses it at the next. */
    public synchronized void losePowerAfter(int operations) {
        powerLossAfter = operations;
    }

    /** Reads of this flash address return its dword with bit 0 flipped (a marginal cell); -1 for none. */
    public synchronized void corruptReadsAt(int address) {
        corruptAddress = address;
    }

    /** From now until a power cycle, the flash never finishes a program or erase (its status stays busy). */
    public synchronized void keepFlashBusy() {
        staysBusy = true;
    }

    synchronized boolean flashStaysBusy() {
        return staysBusy;
    }

    /** @return whether power is lost (every flash operation fails until a power cycle) */
    public synchronized boolean powerLost() {
        return powerLost;
    }

    synchronized void restorePower() {
        powerLost = false;
        powerLossAfter = -1;
        staysBusy = false;
    }

    /** @return the flash operations (gateway commands, firmware flash register commands) asked for so far */
    public synchronized long flashOperations() {
        return operations;
    }

    synchronized boolean failFlashOperation() {
        operations++;
        if (powerLossAfter == 0) {
            powerLost = true;
            powerLossAfter = -1;
        } else if (powerLossAfter > 0) {
            powerLossAfter--;
        }
        if (powerLost) {
            return true;
        }
        if (failNext > 0) {
            failNext--;
            return true;
        }
        if (failAfter == 0) {
            failAfter = -1;
            return true;
        } else if (failAfter > 0) {
            failAfter--;
        }
        return false;
    }

    synchronized int corruptRead(int address, int value) {
        return address == corruptAddress ? value ^ 1 : value;
    }
}
