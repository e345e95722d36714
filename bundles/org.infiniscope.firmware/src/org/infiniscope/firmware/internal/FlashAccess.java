package org.infiniscope.firmware.internal;

import org.infiniscope.firmware.FlashException;

/**
 * A way to a Mellanox adapter's flash: directly through the CR-space flash gateway ({@link SpiFlashGateway}), or
 * through the running firmware's flash access registers ({@link RegisterFlashAccess}) when the firmware owns the
 * flash. Addresses are flash byte addresses; reads and programs are 16-byte aligned multiples of 16 bytes.
 */
interface FlashAccess extends AutoCloseable {

    /** @return how the flash is reached, for messages and measurements */
    String path();

    /** @return the flash part's name */
    String partName();

    /** @return the flash part's capacity in bytes */
    int capacity();

    /** Reads {@code length} bytes (a multiple of 16) from a 16-byte aligned flash address. */
    void read(int address, byte[] out, int offset, int length) throws FlashException;

    /** Erases the 4 KiB sector at a flash address; returns when it is erased. */
    void eraseSector(int address) throws FlashException;

    /** Programs up to a page (256 bytes, within one page, a multiple of 16); returns when it is programmed. */
    void programPage(int address, byte[] data, int offset, int length) throws FlashException;

    /** Starts programming one dword: when this returns the flash has the command. */
    void startProgramDword(int address, int value) throws FlashException;

    /** Waits, bounded, until the program started at an address is done. */
    void waitProgrammed(int address) throws FlashException;

    @Override
    void close();
}
