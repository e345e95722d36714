package org.infiniscope.pci;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One PCI function and its configuration space. Multi-byte values are little-endian, as PCI defines them; an
 * access must lie inside {@link #configSize()} and be aligned to its width.
 * <p>
 * A {@link PciBus} hands these out: the host's (libpci or sysfs) and a simulator's implement it alike, so that
 * a flasher or a test runs unchanged on either.
 */
@ConsumerType
public interface PciFunction {

    /** @return where the function sits */
    PciAddress address();

    /** @return the bytes of configuration space readable: 256, or 4096 for PCI Express */
    int configSize();

    /** @return the byte at {@code offset} */
    int readByte(int offset) throws PciException;

    /** @return the 16-bit word at {@code offset} (even) */
    int readWord(int offset) throws PciException;

    /** @return the 32-bit dword at {@code offset} (a multiple of 4) */
    int readDword(int offset) throws PciException;

    /** Writes a byte; a refusal by the platform is a {@link PciException}, never silent. */
    void writeByte(int offset, int value) throws PciException;

    /** Writes a 16-bit word at an even offset. */
    void writeWord(int offset, int value) throws PciException;

    /** Writes a 32-bit dword at an offset that is a multiple of 4. */
    void writeDword(int offset, int value) throws PciException;

    /**
     * Checks an access's offset and width against the function's configuration space.
     *
     * @throws PciException when it is outside or unaligned
     */
    static void checkAccess(PciFunction function, int offset, int width) throws PciException {
        if (offset < 0 || offset + width > function.configSize() || offset % width != 0) {
            throw new PciException(
                    String.format("%s: a %d-byte access at 0x%x is outside or unaligned (config space %d bytes)",
                            function.address(), width, offset, function.configSize()));
        }
    }
}
