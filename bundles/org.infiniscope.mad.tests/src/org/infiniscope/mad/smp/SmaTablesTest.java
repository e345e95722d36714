package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/** The block-shaped attributes: sizes, modifiers and values their constructors refuse. */
class SmaTablesTest {

    @Test
    void blocksHaveTheirSpecSize() {
        assertThrows(IllegalArgumentException.class, () -> new GuidInfo(List.of(1L)));
        assertThrows(IllegalArgumentException.class, () -> new PKeyTable(Collections.nCopies(31, 0)));
        assertThrows(IllegalArgumentException.class, () -> new PKeyTable(Collections.nCopies(32, 0x10000)));
        assertThrows(IllegalArgumentException.class, () -> new Sl2VlTable(Collections.nCopies(16, 16)));
        assertThrows(IllegalArgumentException.class, () -> new LinearForwardingTable(Collections.nCopies(64, 256)));
        assertThrows(IllegalArgumentException.class, () -> new MulticastForwardingTable(Collections.nCopies(33, 0)));
        assertThrows(IllegalArgumentException.class, () -> new VlArbitrationTable.Entry(16, 0));
        assertThrows(IllegalArgumentException.class, () -> new SmInfo(0, 0, 0, 16, 0));
        assertThrows(IllegalArgumentException.class, () -> new NodeInfo(1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1 << 24));
        assertThrows(NullPointerException.class, () -> new PKeyTable(Collections.nCopies(32, null)));
    }

    @Test
    void modifiersAndLids() {
        assertEquals(3, LinearForwardingTable.blockOf(0xC0));
        assertEquals(192, LinearForwardingTable.firstLid(3));
        assertEquals(0x2000_0005, MulticastForwardingTable.modifier(2, 5));
        assertEquals(0xC040, MulticastForwardingTable.firstLid(2));
        assertEquals(0x0007_0001, PKeyTable.modifier(1, 7));
        assertEquals(0x0003_0002, VlArbitrationTable.modifier(VlArbitrationTable.HIGH_0_31, 2));
    }

    @Test
    void nodeDescriptionsAreAtMost64BytesOfUtf8() throws MadFormatException {
        String full = "x".repeat(64);
        byte[] b = new byte[64];
        NodeDescription.CODEC.encode(new NodeDescription(full), b, 0);
        assertEquals(full, NodeDescription.CODEC.decode(b, 0).text(), "64 bytes have no NUL");
        assertThrows(IllegalArgumentException.class, () -> new NodeDescription(full + "y"));
        assertThrows(IllegalArgumentException.class, () -> new NodeDescription("é".repeat(33)));
        assertThrows(IllegalArgumentException.class, () -> new NodeDescription("a\0b"));
        byte[] utf8 = "mlx5_0 Hôte".getBytes(StandardCharsets.UTF_8);
        byte[] wire = new byte[64];
        System.arraycopy(utf8, 0, wire, 0, utf8.length);
        assertEquals("mlx5_0 Hôte", NodeDescription.CODEC.decode(wire, 0).text());
    }

    @Test
    void smStatesAsSminfoPrintsThem() {
        assertEquals("SMINFO_STANDBY", new SmInfo(1, 2, 3, 4, SmInfo.STANDBY).stateName());
        assertEquals(-1, new SmInfo(1, 0x5EC2E7L, 3, 4, 3).toString().indexOf("5ec2e7"), "SM_Key is a secret");
    }
}
