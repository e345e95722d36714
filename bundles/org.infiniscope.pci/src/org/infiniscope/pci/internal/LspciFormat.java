package org.infiniscope.pci.internal;

import java.util.List;

import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciCapability;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;

/** Prints functions as {@code lspci -nn} (and {@code -n}, {@code -x}…) prints them. */
final class LspciFormat {

    private final PciNames names;
    private final boolean numeric;
    private final boolean domains;

    /**
     * @param numeric {@code -n}: numbers only, no names
     * @param domains whether to print the domain (lspci does when any function has a domain other than 0)
     */
    LspciFormat(PciNames names, boolean numeric, boolean domains) {
        this.names = names;
        this.numeric = numeric;
        this.domains = domains;
    }

    /** @return whether lspci would print domains for this list */
    static boolean needsDomains(List<PciFunction> functions) {
        return functions.stream().anyMatch(f -> f.address().domain() != 0);
    }

    /** @return the one-line description, without a line end */
    String line(PciFunction f) throws PciException {
        PciDevice d = PciDevice.read(f);
        StringBuilder b = new StringBuilder(domains ? f.address().toString() : f.address().shortForm());
        if (numeric) {
            b.append(String.format(" %04x: %04x:%04x", d.deviceClass(), d.vendorId(), d.deviceId()));
        } else {
            b.append(' ').append(names.className(d.deviceClass())).append(": ")
                    .append(names.deviceName(d.vendorId(), d.deviceId()));
        }
        if (d.revision() != 0) {
            b.append(String.format(" (rev %02x)", d.revision()));
        }
        return b.toString();
    }

    /** @return lspci's hex dump of the first {@code length} bytes, each line ending in a line feed */
    static String hexDump(PciFunction f, int length) throws PciException {
        StringBuilder b = new StringBuilder();
        int end = Math.min(length, f.configSize());
        for (int i = 0; i < end; i++) {
            if ((i & 15) == 0) {
                b.append(String.format("%02x:", i));
            }
            b.append(String.format(" %02x", f.readByte(i)));
            if ((i & 15) == 15) {
                b.append('\n');
            }
        }
        return b.toString();
    }

    /** @return the subsystem and capability lines of {@code --caps}, each starting with a tab */
    String details(PciFunction f) throws PciException {
        PciDevice d = PciDevice.read(f);
        StringBuilder b = new StringBuilder();
        if (d.subsystemVendorId() != 0 || d.subsystemId() != 0) {
            b.append("\tSubsystem: ")
                    .append(numeric
                            ? String.format("%04x:%04x", d.subsystemVendorId(), d.subsystemId())
                            : names.subsystemName(d.vendorId(), d.deviceId(), d.subsystemVendorId(), d.subsystemId()))
                    .append('\n');
        }
        for (PciCapability c : Capabilities.walk(f)) {
            if (c.extended()) {
                b.append(
                        String.format("\tCapabilities: [%03x] extended 0x%04x v%d\n", c.offset(), c.id(), c.version()));
            } else if (c.id() == PciCapability.VENDOR_SPECIFIC) {
                b.append(String.format("\tCapabilities: [%02x] Vendor Specific Information: Len=%02x\n", c.offset(),
                        f.readByte(c.offset() + 2)));
            } else {
                b.append(String.format("\tCapabilities: [%02x] 0x%02x\n", c.offset(), c.id()));
            }
        }
        return b.toString();
    }
}
