package org.infiniscope.pci.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Names from a pci.ids file, formatted as libpci's mixed mode formats them, and the same as libpci's own. */
class PciIdsNamesTest {

    private static PciIdsNames sample() throws Exception {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PciIdsNamesTest.class.getResourceAsStream("/sample.pci.ids"), StandardCharsets.UTF_8))) {
            return new PciIdsNames(r);
        }
    }

    @Test
    void knownAndUnknownNames() throws Exception {
        PciIdsNames n = sample();
        assertEquals("Mellanox Technologies MT27800 Family [ConnectX-5] [15b3:1017]", n.deviceName(0x15b3, 0x1017));
        assertEquals("Mellanox Technologies Device [15b3:1021]", n.deviceName(0x15b3, 0x1021));
        assertEquals("Device [abcd:0001]", n.deviceName(0xabcd, 1));
        assertEquals("Infiniband controller [0207]", n.className(0x0207));
        assertEquals("Network controller [0280]", n.className(0x0280));
        assertEquals("Unassigned class [ffff]", n.className(0xffff));
        assertEquals("Class [1234]", n.className(0x1234));
        assertEquals("Mellanox Technologies Mellanox ConnectX-5 MCX516A-CCAT [15b3:0007]",
                n.subsystemName(0x15b3, 0x1017, 0x15b3, 0x0007));
        assertEquals("Mellanox Technologies MT28908 Family [ConnectX-6] [15b3:101b]",
                n.subsystemName(0x15b3, 0x101b, 0x15b3, 0x101b));
        // an unknown subsystem of a known device takes the device's name, as libpci's hwdb lookup gives it
        assertEquals("Red Hat, Inc. Virtio 1.0 network device [1af4:0001]",
                n.subsystemName(0x1af4, 0x1041, 0x1af4, 0x0001));
        assertEquals("Device [abcd:0001]", n.subsystemName(0x1af4, 0x1041, 0xabcd, 0x0001));
    }

    /** The system's pci.ids read by us names IDs as libpci names them, known or not. */
    @Test
    void systemDatabaseNamesAsLibpciDoes() throws Exception {
        HostLspci.require();
        PciIdsNames ours = PciIdsNames.system().orElseThrow();
        LibPciBus lib = LibPciBus.open();
        for (int[] id : List.of(new int[]{0x15b3, 0x1017}, new int[]{0x15b3, 0x1021}, new int[]{0x8086, 0x0d57},
                new int[]{0x1af4, 0x1041}, new int[]{0xfffe, 0x0001}, new int[]{0x10de, 0x1eb8})) {
            assertEquals(lib.deviceName(id[0], id[1]), ours.deviceName(id[0], id[1]));
            assertEquals(lib.subsystemName(id[0], id[1], id[0], 0x0010),
                    ours.subsystemName(id[0], id[1], id[0], 0x0010));
        }
        for (int cls : new int[]{0x0000, 0x0200, 0x0207, 0x0280, 0x0600, 0x0c03, 0xffff, 0x1234, 0x12ff}) {
            assertEquals(lib.className(cls), ours.className(cls), Integer.toHexString(cls));
        }
        lib.close();
    }
}
