package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * P_KeyTable (attribute 0x16): one block of 32 P_Keys. The attribute modifier holds the block number in its
 * low 16 bits and, for a switch, the port in bits 16–23.
 *
 * @param pKeys exactly 32 16-bit P_Keys; bit 15 is the membership bit (1 full, 0 limited)
 */
public record PKeyTable(List<Integer> pKeys) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x16;
    /** Entries in one block (one SMP). */
    public static final int PER_BLOCK = 32;
    /** The full-membership bit of a P_Key. */
    public static final int FULL_MEMBER = 0x8000;

    /** Copies the list and checks it. */
    public PKeyTable {
        pKeys = List.copyOf(pKeys);
        if (pKeys.size() != PER_BLOCK) {
            throw new IllegalArgumentException("a P_KeyTable block has 32 P_Keys, not " + pKeys.size());
        }
        for (int pKey : pKeys) {
            SmaCodec.check("P_Key", pKey, 16);
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<PKeyTable> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 64, "P_KeyTable", (b, o) -> {
        Integer[] keys = new Integer[PER_BLOCK];
        for (int i = 0; i < PER_BLOCK; i++) {
            keys[i] = Bits.u16(b, o + 2 * i);
        }
        return new PKeyTable(List.of(keys));
    }, (v, b, o) -> {
        for (int i = 0; i < PER_BLOCK; i++) {
            Bits.put16(b, o + 2 * i, v.pKeys.get(i));
        }
    });

    /** @return the attribute modifier for a block, with the port for switches (0 for channel adapters) */
    public static int modifier(int block, int port) {
        return (port & 0xFF) << 16 | (block & 0xFFFF);
    }
}
