package org.infiniscope.mad.vendor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;
import org.junit.jupiter.api.Test;

class VendorMadTest {

    @Test
    void range2ClassesCarryTheOuiAtBytes37To39() throws MadFormatException {
        byte[] payload = {1, 2, 3};
        VendorMad mad = new VendorMad(new MadHeader(1, 0x30, 1, Method.GET, 0, 0, 9, 0xFF10, 5), null, 0x0002C9,
                Octets.of(payload));
        byte[] wire = mad.encode();
        assertEquals(0x00, wire[36]);
        assertEquals(0x00, wire[37]);
        assertEquals(0x02, wire[38]);
        assertEquals((byte) 0xC9, wire[39]);
        assertEquals(1, wire[40]);
        assertEquals(216, mad.payload().length());
        assertEquals(5, mad.attributeModifier());
        assertEquals(0xFF10, mad.attributeId());
        assertEquals(mad, VendorMad.decode(wire));
    }

    @Test
    void range1ClassesHaveNoOuiAndDataFromByte24() throws MadFormatException {
        VendorMad mad = VendorMad.get(0x0A, 1, VendorMad.NO_OUI, 0x17, 0, 0x1234);
        byte[] wire = mad.encode();
        assertEquals(232, mad.payload().length());
        assertEquals(mad, VendorMad.decode(wire));
        assertEquals(VendorMad.NO_OUI, VendorMad.decode(wire).oui());
    }

    @Test
    void roundTripsRandomVendorMads() throws MadFormatException {
        Random random = new Random(99);
        for (int i = 0; i < 1000; i++) {
            byte[] wire = new byte[256];
            random.nextBytes(wire);
            wire[0] = 1;
            wire[1] = (byte) (random.nextBoolean() ? 0x09 + random.nextInt(7) : 0x30 + random.nextInt(32));
            VendorMad mad = VendorMad.decode(wire);
            byte[] expected = wire.clone();
            // Reserved bytes are written as zero: 18-19 of the header, 36 of range-2 classes.
            expected[18] = 0;
            expected[19] = 0;
            if (VendorMad.isRange2(mad.mgmtClass())) {
                expected[36] = 0;
            }
            assertArrayEquals(expected, mad.encode());
        }
    }

    @Test
    void malformedAndInvalidVendorMads() {
        byte[] perf = new byte[256];
        perf[0] = 1;
        perf[1] = 0x04;
        assertEquals(Problem.BAD_CLASS, assertThrows(MadFormatException.class, () -> VendorMad.decode(perf)).problem());
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> VendorMad.decode(new byte[255])).problem());
        MadHeader range1 = new MadHeader(1, 0x0A, 1, Method.GET, 0, 0, 1, 0x17, 0);
        assertThrows(IllegalArgumentException.class, () -> new VendorMad(range1, null, 0x0002C9, null));
        assertThrows(IllegalArgumentException.class,
                () -> new VendorMad(range1, null, VendorMad.NO_OUI, Octets.of(new byte[233])));
        MadHeader range2 = new MadHeader(1, 0x4F, 1, Method.GET, 0, 0, 1, 0x17, 0);
        assertThrows(IllegalArgumentException.class, () -> new VendorMad(range2, null, VendorMad.NO_OUI, null));
        assertThrows(IllegalArgumentException.class, () -> new VendorMad(range2, null, 1 << 24, null));
        assertThrows(IllegalArgumentException.class,
                () -> new VendorMad(new MadHeader(1, 0x04, 1, Method.GET, 0, 0, 1, 0x12, 0), null, 0, null));
    }
}
