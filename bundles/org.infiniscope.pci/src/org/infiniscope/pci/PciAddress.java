package org.infiniscope.pci;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a PCI function sits: domain (segment), bus, device and function.
 *
 * @param domain the PCI domain, 0 on most machines
 * @param bus the bus, 0-255
 * @param device the device, 0-31
 * @param function the function, 0-7
 */
public record PciAddress(int domain, int bus, int device, int function) implements Comparable<PciAddress> {

    private static final Pattern FORM = Pattern
            .compile("(?:([0-9a-fA-F]{1,8}):)?([0-9a-fA-F]{1,2}):([0-9a-fA-F]{1,2})\\.([0-7])");

    /** Checks the ranges. */
    public PciAddress {
        if (domain < 0 || bus < 0 || bus > 0xFF || device < 0 || device > 0x1F || function < 0 || function > 7) {
            throw new IllegalArgumentException("not a PCI address: domain " + domain + " bus " + bus + " device "
                    + device + " function " + function);
        }
    }

    /**
     * @param text {@code [DOMAIN:]BUS:DEVICE.FUNCTION} in hex, as lspci and sysfs write it
     * @throws IllegalArgumentException when it is not one
     */
    public static PciAddress parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a PCI address (want [DOMAIN:]BUS:DEVICE.FUNCTION): " + text);
        }
        return new PciAddress(m.group(1) == null ? 0 : Integer.parseUnsignedInt(m.group(1), 16),
                Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4)));
    }

    /** @return {@code BUS:DEVICE.FUNCTION}, as lspci prints a function of domain 0 */
    public String shortForm() {
        return String.format("%02x:%02x.%d", bus, device, function);
    }

    /** @return {@code DOMAIN:BUS:DEVICE.FUNCTION}, as sysfs names the function */
    @Override
    public String toString() {
        return String.format("%04x:%02x:%02x.%d", domain, bus, device, function);
    }

    @Override
    public int compareTo(PciAddress o) {
        int c = Integer.compareUnsigned(domain, o.domain);
        if (c == 0) {
            c = Integer.compare(bus, o.bus);
        }
        if (c == 0) {
            c = Integer.compare(device, o.device);
        }
        return c != 0 ? c : Integer.compare(function, o.function);
    }
}
