package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SL2VLMappingTable (attribute 0x17): the VL for each of the 16 SLs, 4 bits each, SL 0 in the high nibble of the
 * first byte. On a switch the attribute modifier selects input port (bits 8–15) and output port (bits 0–7).
 *
 * @param vls exactly 16 VLs, 0 to 15
 */
public record Sl2VlTable(List<Integer> vls) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x17;
    /** The number of service levels. */
    public static final int SLS = 16;

    /** Copies the list and checks it. */
    public Sl2VlTable {
        vls = List.copyOf(vls);
        if (vls.size() != SLS) {
            throw new IllegalArgumentException("an SL2VL table has 16 entries, not " + vls.size());
        }
        for (int vl : vls) {
            SmaCodec.check("VL", vl, 4);
        }
    }

    /** The wire form: 8 bytes. */
    public static final AttributeCodec<Sl2VlTable> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 8, "SL2VLMappingTable",
            (b, o) -> {
                Integer[] vls = new Integer[SLS];
                for (int sl = 0; sl < SLS; sl++) {
                    vls[sl] = Bits.get(b, o, 4 * sl, 4);
                }
                return new Sl2VlTable(List.of(vls));
            }, (v, b, o) -> {
                for (int sl = 0; sl < SLS; sl++) {
                    Bits.set(b, o, 4 * sl, 4, v.vls.get(sl));
                }
            });

    /** @return the VL that {@code sl} maps to */
    public int vlOf(int sl) {
        return vls.get(sl);
    }
}
