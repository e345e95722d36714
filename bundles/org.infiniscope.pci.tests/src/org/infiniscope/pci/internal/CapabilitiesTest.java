package org.infiniscope.pci.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciCapability;
import org.junit.jupiter.api.Test;

/** The capability walk on configuration spaces built for the purpose: normal, looping, pointing outside. */
class CapabilitiesTest {

    private static MemoryFunction express() throws Exception {
        MemoryFunction f = new MemoryFunction(4096);
        f.writeWord(0x06, 0x10); // status: capability list
        f.writeByte(0x34, 0x40);
        f.writeWord(0x40, 0x5009); // vendor-specific, next 0x50
        f.writeByte(0x42, 0x18);
        f.writeWord(0x50, 0x6010); // PCI Express, next 0x60
        f.writeWord(0x60, 0x0011); // MSI-X, end
        f.writeDword(0x100, 0x1 | 1 << 16 | 0x148 << 20); // AER v1, next 0x148
        f.writeDword(0x148, 0xB | 1 << 16); // vendor-specific extended, end
        return f;
    }

    @Test
    void walksStandardAndExtendedLists() throws Exception {
        assertEquals(List.of(new PciCapability(0x09, 0x40, false, 0), new PciCapability(0x10, 0x50, false, 0),
                new PciCapability(0x11, 0x60, false, 0), new PciCapability(0x01, 0x100, true, 1),
                new PciCapability(0x0B, 0x148, true, 1)), Capabilities.walk(express()));
        assertEquals(List.of(new PciCapability(0x09, 0x40, false, 0)), Capabilities.vendorSpecific(express()));
    }

    @Test
    void noListWithoutTheStatusBit() throws Exception {
        MemoryFunction f = express();
        f.writeWord(0x06, 0);
        assertEquals(List.of(), Capabilities.walk(f));
    }

    @Test
    void aLoopEndsTheWalk() throws Exception {
        MemoryFunction f = express();
        f.writeByte(0x61, 0x40); // MSI-X points back to the first
        f.writeDword(0x148, 0xB | 1 << 16 | 0x100 << 20); // and the extended list loops too
        assertEquals(5, Capabilities.walk(f).size());
    }

    @Test
    void pointersIntoTheHeaderOrOutsideEndTheWalk() throws Exception {
        MemoryFunction f = express();
        f.writeByte(0x51, 0x20); // into the header: MSI-X is not reached
        assertEquals(List.of(0x40, 0x50, 0x100, 0x148),
                Capabilities.walk(f).stream().map(PciCapability::offset).toList());
        MemoryFunction g = express();
        g.writeDword(0x100, 0x1 | 1 << 16 | 0xFFC << 20); // the last dword of the space: read, then ends
        assertEquals(List.of(0x40, 0x50, 0x60, 0x100),
                Capabilities.walk(g).stream().map(PciCapability::offset).toList());
    }

    @Test
    void aConventionalFunctionHasNoExtendedList() throws Exception {
        MemoryFunction f = new MemoryFunction(256);
        f.writeWord(0x06, 0x10);
        f.writeByte(0x34, 0x48);
        f.writeWord(0x48, 0x0010);
        assertEquals(List.of(new PciCapability(0x10, 0x48, false, 0)), Capabilities.walk(f));
    }
}
