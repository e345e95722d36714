package org.infiniscope.pci;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * Walks a function's capability lists: the standard list from the pointer at 0x34 (when the status register
 * says there is one) and, in a PCI Express function's 4 KiB space, the extended list from 0x100. A list that
 * loops or points outside is cut where it goes wrong, as lspci does.
 */
public final class Capabilities {

    private static final int STATUS = 0x06;
    private static final int STATUS_CAP_LIST = 0x10;

    private Capabilities() {
    }

    /** @return the function's capabilities in list order, standard first */
    public static List<PciCapability> walk(PciFunction f) throws PciException {
        List<PciCapability> found = new ArrayList<>();
        if ((f.readWord(STATUS) & STATUS_CAP_LIST) == 0) {
            return List.copyOf(found);
        }
        int header = f.readByte(0x0E) & 0x7F;
        int pointer = f.readByte(header == 2 ? 0x14 : 0x34) & 0xFC;
        BitSet seen = new BitSet(256);
        boolean express = false;
        while (pointer >= 0x40 && pointer <= 0xFC && !seen.get(pointer)) {
            seen.set(pointer);
            int id = f.readByte(pointer);
            if (id == 0xFF) {
                break; // a function that is gone reads all ones
            }
            found.add(new PciCapability(id, pointer, false, 0));
            express |= id == PciCapability.PCI_EXPRESS;
            pointer = f.readByte(pointer + 1) & 0xFC;
        }
        if (express && f.configSize() > 0x100) {
            walkExtended(f, found);
        }
        return List.copyOf(found);
    }

    private static void walkExtended(PciFunction f, List<PciCapability> found) throws PciException {
        int pointer = 0x100;
        BitSet seen = new BitSet(4096);
        while (pointer >= 0x100 && pointer + 4 <= f.configSize() && !seen.get(pointer)) {
            seen.set(pointer);
            int header = f.readDword(pointer);
            if (header == 0 || header == -1) {
                break;
            }
            found.add(new PciCapability(header & 0xFFFF, pointer, true, (header >>> 16) & 0xF));
            pointer = (header >>> 20) & 0xFFC;
        }
    }

    /** @return the vendor-specific (0x09) capabilities of a function, in list order */
    public static List<PciCapability> vendorSpecific(PciFunction f) throws PciException {
        return walk(f).stream().filter(c -> !c.extended() && c.id() == PciCapability.VENDOR_SPECIFIC).toList();
    }

    /** @return the first standard capability with an ID */
    public static Optional<PciCapability> find(PciFunction f, int id) throws PciException {
        return walk(f).stream().filter(c -> !c.extended() && c.id() == id).findFirst();
    }
}
