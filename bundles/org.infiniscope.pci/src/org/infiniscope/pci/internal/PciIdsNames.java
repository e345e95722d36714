package org.infiniscope.pci.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

import org.infiniscope.pci.PciNames;

/**
 * Names from a PCI ID database file in pci.ids format, formatted as libpci's {@code pci_lookup_name} formats them
 * in mixed mode (what {@code lspci -nn} prints): the names the sysfs fallback shows when libpci is absent.
 * <p>
 * The format: a vendor line {@code VVVV  name}; below it device lines {@code \tDDDD  name} and subsystem lines
 * {@code \t\tSVSV SDSD  name}; class lines {@code C CC  name} with sub-classes {@code \tSS  name}. Lines that
 * do not parse are skipped, as libpci skips them.
 */
final class PciIdsNames implements PciNames {

    /** Where Debian, Fedora and pciutils' own install put the database. */
    static final List<Path> LOCATIONS = List.of(Path.of("/usr/share/misc/pci.ids"),
            Path.of("/usr/share/hwdata/pci.ids"), Path.of("/usr/share/pci.ids"), Path.of("/usr/share/misc/pci.ids.gz"),
            Path.of("/usr/share/pci.ids.gz"));

    private final Map<Long, String> names = new HashMap<>();

    private static final int VENDOR = 1;
    private static final int DEVICE = 2;
    private static final int SUBSYSTEM = 3;
    private static final int CLASS = 4;
    private static final int SUBCLASS = 5;

    PciIdsNames(BufferedReader in) throws IOException {
        int vendor = -1;
        int device = -1;
        int cls = -1;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            int depth = 0;
            while (depth < line.length() && line.charAt(depth) == '\t') {
                depth++;
            }
            String body = line.substring(depth);
            if (depth == 0 && body.startsWith("C ")) {
                Entry e = entry(body.substring(2), 2);
                if (e != null) {
                    cls = e.id;
                    vendor = -1;
                    names.put(key(CLASS, cls, 0, 0, 0), e.name);
                }
            } else if (depth == 0) {
                Entry e = entry(body, 4);
                vendor = e == null ? -1 : e.id;
                cls = -1;
                if (e != null) {
                    names.put(key(VENDOR, vendor, 0, 0, 0), e.name);
                }
            } else if (depth == 1 && vendor >= 0) {
                Entry e = entry(body, 4);
                device = e == null ? -1 : e.id;
                if (e != null) {
                    names.put(key(DEVICE, vendor, device, 0, 0), e.name);
                }
            } else if (depth == 2 && vendor >= 0 && device >= 0 && body.length() > 10 && body.charAt(4) == ' ') {
                Entry sv = hex(body, 0, 4);
                Entry e = entry(body.substring(5), 4);
                if (sv != null && e != null) {
                    names.put(key(SUBSYSTEM, vendor, device, sv.id, e.id), e.name);
                }
            } else if (depth == 1 && cls >= 0) {
                Entry e = entry(body, 2);
                if (e != null) {
                    names.put(key(SUBCLASS, cls, e.id, 0, 0), e.name);
                }
            }
        }
    }

    /** Reads the first database of {@link #LOCATIONS} that exists. */
    static Optional<PciIdsNames> system() {
        for (Path p : LOCATIONS) {
            if (Files.isReadable(p)) {
                try (InputStream raw = Files.newInputStream(p);
                        InputStream in = p.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    return Optional.of(new PciIdsNames(r));
                } catch (IOException e) {
                    // try the next one
                }
            }
        }
        return Optional.empty();
    }

    /** No database: every name is printed as libpci prints unknown IDs. */
    static PciIdsNames empty() {
        try {
            return new PciIdsNames(new BufferedReader(new java.io.StringReader("")));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Entry(int id, String name) {
    }

    private static Entry hex(String s, int from, int digits) {
        if (s.length() < from + digits) {
            return null;
        }
        try {
            return new Entry(Integer.parseInt(s.substring(from, from + digits), 16), "");
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code ID  name}: the ID in hex of so many digits, blanks, then the name. */
    private static Entry entry(String s, int digits) {
        Entry id = hex(s, 0, digits);
        if (id == null || s.length() <= digits || s.charAt(digits) != ' ') {
            return null;
        }
        return new Entry(id.id, s.substring(digits).strip());
    }

    private static long key(int kind, int a, int b, int c, int d) {
        return (long) kind << 60 | (long) (a & 0xFFFF) << 48 | (long) (b & 0xFFFF) << 32 | (long) (c & 0xFFFF) << 16
                | (d & 0xFFFF);
    }

    private String name(int kind, int a, int b, int c, int d) {
        return names.get(key(kind, a, b, c, d));
    }

    @Override
    public String className(int deviceClass) {
        String num = String.format("%04x", deviceClass);
        String sub = name(SUBCLASS, deviceClass >> 8, deviceClass & 0xFF, 0, 0);
        if (sub != null) {
            return sub + " [" + num + "]";
        }
        String cls = name(CLASS, deviceClass >> 8, 0, 0, 0);
        return (cls != null ? cls : "Class") + " [" + num + "]";
    }

    @Override
    public String deviceName(int vendorId, int deviceId) {
        return pair(name(VENDOR, vendorId, 0, 0, 0), name(DEVICE, vendorId, deviceId, 0, 0),
                String.format("%04x:%04x", vendorId, deviceId));
    }

    @Override
    public String subsystemName(int vendorId, int deviceId, int subsystemVendorId, int subsystemId) {
        String d = null;
        if (vendorId > 0 && deviceId > 0) {
            d = name(SUBSYSTEM, vendorId, deviceId, subsystemVendorId, subsystemId);
        }
        if (d == null && vendorId == subsystemVendorId && deviceId == subsystemId) {
            d = name(DEVICE, vendorId, deviceId, 0, 0); // the subsystem is the device itself
        }
        if (d == null && vendorId > 0 && deviceId > 0) {
            // libpci asks the udev hwdb first, whose pattern for a device matches any subsystem of it
            d = name(DEVICE, vendorId, deviceId, 0, 0);
        }
        return pair(name(VENDOR, subsystemVendorId, 0, 0, 0), d,
                String.format("%04x:%04x", subsystemVendorId, subsystemId));
    }

    private static String pair(String vendor, String device, String num) {
        if (vendor != null && device != null) {
            return vendor + " " + device + " [" + num + "]";
        }
        return vendor == null ? "Device [" + num + "]" : vendor + " Device [" + num + "]";
    }
}
