package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * MulticastForwardingTable (attribute 0x1B): 32 port masks of 16 bits, one per multicast LID. The attribute
 * modifier's bits 28–31 select which 16 ports (position), bits 0–8 the block of 32 LIDs from 0xC000.
 *
 * @param portMasks exactly 32 masks; bit {@code i} is port {@code 16 * position + i}
 */
public record MulticastForwardingTable(List<Integer> portMasks) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x1B;
    /** Entries in one block (one SMP). */
    public static final int PER_BLOCK = 32;
    /** The first multicast LID. */
    public static final int MULTICAST_LID_BASE = 0xC000;

    /** Copies the list and checks it. */
    public MulticastForwardingTable {
        portMasks = List.copyOf(portMasks);
        if (portMasks.size() != PER_BLOCK) {
            throw new IllegalArgumentException("an MFT block has 32 port masks, not " + portMasks.size());
        }
        for (int mask : portMasks) {
            SmaCodec.check("port mask", mask, 16);
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<MulticastForwardingTable> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 64,
            "MulticastForwardingTable", (b, o) -> {
                Integer[] masks = new Integer[PER_BLOCK];
                for (int i = 0; i < PER_BLOCK; i++) {
                    masks[i] = Bits.u16(b, o + 2 * i);
                }
                return new MulticastForwardingTable(List.of(masks));
            }, (v, b, o) -> {
                for (int i = 0; i < PER_BLOCK; i++) {
                    Bits.put16(b, o + 2 * i, v.portMasks.get(i));
                }
            });

    /** @return the attribute modifier for a position (group of 16 ports) and block (group of 32 LIDs) */
    public static int modifier(int position, int block) {
        return (position & 0xF) << 28 | (block & 0x1FF);
    }

    /** @return the first multicast LID of a block */
    public static int firstLid(int block) {
        return MULTICAST_LID_BASE + block * PER_BLOCK;
    }
}
