package org.infiniscope.pci.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciCapability;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.junit.jupiter.api.Test;

/**
 * Configuration-space reads of every function, by byte, word and dword, through libpci and through sysfs, agree
 * with {@code lspci -xxx}; the capability walk finds the capabilities {@code lspci -v} lists.
 */
class ConfigSpaceTest {

    private static void agree(PciBus bus) throws Exception {
        Map<PciAddress, byte[]> dumps = HostLspci.dumps("-xxx");
        List<PciFunction> functions = bus.functions(null);
        assertEquals(dumps.keySet(), functions.stream().map(PciFunction::address).collect(Collectors.toSet()));
        for (PciFunction f : functions) {
            byte[] expected = dumps.get(f.address());
            assertEquals(256, expected.length, f.address() + ": lspci -xxx dumps 256 bytes as root");
            for (int i = 0; i < expected.length; i++) {
                assertEquals(expected[i] & 0xFF, f.readByte(i), f.address() + " byte 0x" + Integer.toHexString(i));
            }
            for (int i = 0; i < expected.length; i += 2) {
                assertEquals((expected[i] & 0xFF) | (expected[i + 1] & 0xFF) << 8, f.readWord(i),
                        f.address() + " word 0x" + Integer.toHexString(i));
            }
            for (int i = 0; i < expected.length; i += 4) {
                int dword = (expected[i] & 0xFF) | (expected[i + 1] & 0xFF) << 8 | (expected[i + 2] & 0xFF) << 16
                        | (expected[i + 3] & 0xFF) << 24;
                assertEquals(dword, f.readDword(i), f.address() + " dword 0x" + Integer.toHexString(i));
            }
        }
    }

    @Test
    void libpciReadsWhatLspciDumps() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        agree(HostBuses.open("libpci"));
    }

    @Test
    void sysfsReadsWhatLspciDumps() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        agree(HostBuses.open("sysfs"));
    }

    @Test
    void capabilityWalkFindsWhatLspciVerboseLists() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        // lspci -v: "\tCapabilities: [40] Vendor Specific Information: ..." (extended ones have 3 digits)
        Map<PciAddress, Set<Integer>> theirs = new java.util.HashMap<>();
        PciAddress current = null;
        for (String line : HostLspci.run("-D", "-v")) {
            if (!line.isEmpty() && !line.startsWith("\t")) {
                current = PciAddress.parse(line.substring(0, line.indexOf(' ')));
                theirs.put(current, new TreeSet<>());
            } else if (line.startsWith("\tCapabilities: [")) {
                String at = line.substring("\tCapabilities: [".length(), line.indexOf(']'));
                theirs.get(current).add(Integer.parseInt(at, 16));
            }
        }
        for (PciBus bus : List.of(HostBuses.open("libpci"), HostBuses.open("sysfs"))) {
            for (PciFunction f : bus.functions(null)) {
                Set<Integer> ours = Capabilities.walk(f).stream().map(PciCapability::offset)
                        .collect(Collectors.toCollection(TreeSet::new));
                assertEquals(theirs.get(f.address()), ours, bus.name() + " " + f.address());
            }
        }
    }

    @Test
    void outOfRangeAndUnalignedAccessesAreRefused() throws Exception {
        HostLspci.requireBus();
        for (PciBus bus : List.of(HostBuses.open("libpci"), HostBuses.open("sysfs"))) {
            List<PciFunction> all = bus.functions(null);
            assertFalse(all.isEmpty());
            PciFunction f = all.get(0);
            PciException e = assertThrows(PciException.class, () -> f.readDword(2));
            assertTrue(e.getMessage().contains("0x2"), e.getMessage());
            assertThrows(PciException.class, () -> f.readWord(f.configSize() - 1));
            assertThrows(PciException.class, () -> f.readByte(f.configSize()));
            assertThrows(PciException.class, () -> f.readByte(-1));
        }
    }

    /**
     * A write of the value a scratch register (Interrupt Line, 0x3C) already holds: where the platform allows config
     * writes it succeeds and the value reads back; where it refuses them (a VM that forbids it, as this one) the
     * refusal is a PciException, never silent.
     */
    @Test
    void writesSucceedOrSayWhyNot() throws Exception {
        HostLspci.requireBus();
        for (PciBus bus : List.of(HostBuses.open("libpci"), HostBuses.open("sysfs"))) {
            for (PciFunction f : bus.functions(null)) {
                if ((f.readByte(0x0E) & 0x7F) != 0) {
                    continue;
                }
                int line = f.readByte(0x3C);
                try {
                    f.writeByte(0x3C, line);
                } catch (PciException refused) {
                    assertTrue(refused.getMessage().contains(f.address().toString()), refused.getMessage());
                    assertTrue(refused.getMessage().contains("0x3c"), refused.getMessage());
                }
                assertEquals(line, f.readByte(0x3C));
            }
        }
    }
}
