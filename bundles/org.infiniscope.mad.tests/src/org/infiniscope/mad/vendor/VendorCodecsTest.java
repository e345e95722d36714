package org.infiniscope.mad.vendor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.infiniscope.mad.MadHeader;
import org.junit.jupiter.api.Test;

class VendorCodecsTest {

    /** A codec that decodes to its own name, enough to see which one was chosen. */
    private record Named(String name, int vendorId, Set<Integer> mgmtClasses,
            Set<Integer> attributeIds) implements VendorCodec {
        @Override
        public Object decode(VendorMad mad) {
            return name;
        }

        @Override
        public VendorMad encode(MadHeader header, Object value) {
            throw new AssertionError("selection tests never encode");
        }
    }

    private static final Named MELLANOX = new Named("mlx", 0x0002C9, Set.of(0x0A), Set.of(0x17, 0x18));
    private static final Named MELLANOX_BETTER = new Named("mlx2", 0x0002C9, Set.of(0x0A), Set.of(0x17));
    private static final Named OTHER = new Named("other", 0x001175, Set.of(0x0A, 0x30), Set.of(0x17));

    @Test
    void matchesClassOuiAndAttributeThenRanking() {
        List<VendorCodecs.Registered> registered = List.of(new VendorCodecs.Registered(MELLANOX, 0, 10),
                new VendorCodecs.Registered(MELLANOX_BETTER, 5, 11), new VendorCodecs.Registered(OTHER, 100, 12));
        assertEquals(MELLANOX_BETTER, VendorCodecs.select(registered, 0x0A, 0x0002C9, 0x17).orElseThrow());
        assertEquals(MELLANOX, VendorCodecs.select(registered, 0x0A, 0x0002C9, 0x18).orElseThrow());
        assertEquals(OTHER, VendorCodecs.select(registered, 0x30, 0x001175, 0x17).orElseThrow());
        assertTrue(VendorCodecs.select(registered, 0x30, 0x0002C9, 0x17).isEmpty());
        assertTrue(VendorCodecs.select(registered, 0x0B, 0x0002C9, 0x17).isEmpty());
        // With no OUI known, the ranking alone decides among the codecs of that class and attribute.
        assertEquals(OTHER, VendorCodecs.select(registered, 0x0A, VendorMad.NO_OUI, 0x17).orElseThrow());
    }

    @Test
    void equalRankingsPreferTheFirstRegistered() {
        List<VendorCodecs.Registered> registered = List.of(new VendorCodecs.Registered(MELLANOX_BETTER, 0, 20),
                new VendorCodecs.Registered(MELLANOX, 0, 3));
        assertEquals(MELLANOX, VendorCodecs.select(registered, 0x0A, 0x0002C9, 0x17).orElseThrow());
    }

    @Test
    void aRange1MadUsesTheNodesVendorId() {
        List<VendorCodecs.Registered> registered = List.of(new VendorCodecs.Registered(MELLANOX, 0, 1),
                new VendorCodecs.Registered(OTHER, 9, 2));
        VendorMad mad = VendorMad.get(0x0A, 1, VendorMad.NO_OUI, 0x17, 0, 1);
        assertEquals(MELLANOX, VendorCodecs.select(registered, mad, 0x0002C9).orElseThrow());
        assertEquals(OTHER, VendorCodecs.select(registered, mad, VendorMad.NO_OUI).orElseThrow());
    }
}
