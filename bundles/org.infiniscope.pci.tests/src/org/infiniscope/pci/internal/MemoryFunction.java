package org.infiniscope.pci.internal;

import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;

/** A configuration space in memory, for tests of what walks it. */
final class MemoryFunction implements PciFunction {

    final byte[] space;

    MemoryFunction(int size) {
        space = new byte[size];
    }

    @Override
    public PciAddress address() {
        return new PciAddress(0, 1, 2, 3);
    }

    @Override
    public int configSize() {
        return space.length;
    }

    @Override
    public int readByte(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 1);
        return space[offset] & 0xFF;
    }

    @Override
    public int readWord(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 2);
        return (space[offset] & 0xFF) | (space[offset + 1] & 0xFF) << 8;
    }

    @Override
    public int readDword(int offset) throws PciException {
        PciFunction.checkAccess(this, offset, 4);
        return readWord(offset) | readWord(offset + 2) << 16;
    }

    @Override
    public void writeByte(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 1);
        space[offset] = (byte) value;
    }

    @Override
    public void writeWord(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 2);
        space[offset] = (byte) value;
        space[offset + 1] = (byte) (value >> 8);
    }

    @Override
    public void writeDword(int offset, int value) throws PciException {
        PciFunction.checkAccess(this, offset, 4);
        writeWord(offset, value);
        writeWord(offset + 2, value >>> 16);
    }
}
