package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * VLArbitrationTable (attribute 0x18): 32 entries of (VL, weight). The attribute modifier's bits 16–23 select the
 * block ({@link #LOW_0_31} to {@link #HIGH_32_63}), bits 0–7 the output port on a switch.
 *
 * @param entries exactly 32 entries
 */
public record VlArbitrationTable(List<Entry> entries) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x18;
    /** Entries in one block (one SMP). */
    public static final int PER_BLOCK = 32;
    /** Modifier block: low-priority entries 0–31. */
    public static final int LOW_0_31 = 1;
    /** Modifier block: low-priority entries 32–63. */
    public static final int LOW_32_63 = 2;
    /** Modifier block: high-priority entries 0–31. */
    public static final int HIGH_0_31 = 3;
    /** Modifier block: high-priority entries 32–63. */
    public static final int HIGH_32_63 = 4;

    /**
     * One arbitration entry.
     *
     * @param vl 4 bits
     * @param weight 8 bits, in units of 64 bytes
     */
    public record Entry(int vl, int weight) {
        /** Checks the widths. */
        public Entry {
            SmaCodec.check("VL", vl, 4);
            SmaCodec.check("weight", weight, 8);
        }
    }

    /** Copies the list and checks its size. */
    public VlArbitrationTable {
        entries = List.copyOf(entries);
        if (entries.size() != PER_BLOCK) {
            throw new IllegalArgumentException("a VL arbitration block has 32 entries, not " + entries.size());
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<VlArbitrationTable> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 64,
            "VLArbitrationTable", (b, o) -> {
                Entry[] entries = new Entry[PER_BLOCK];
                for (int i = 0; i < PER_BLOCK; i++) {
                    entries[i] = new Entry(Bits.u8(b, o + 2 * i) & 0x0F, Bits.u8(b, o + 2 * i + 1));
                }
                return new VlArbitrationTable(List.of(entries));
            }, (v, b, o) -> {
                for (int i = 0; i < PER_BLOCK; i++) {
                    Bits.put8(b, o + 2 * i, v.entries.get(i).vl());
                    Bits.put8(b, o + 2 * i + 1, v.entries.get(i).weight());
                }
            });

    /** @return the attribute modifier for a block of a port */
    public static int modifier(int block, int port) {
        return (block & 0xFF) << 16 | (port & 0xFF);
    }
}
