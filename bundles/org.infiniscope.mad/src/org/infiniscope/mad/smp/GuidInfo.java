package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * GUIDInfo (attribute 0x14): one block of 8 port GUIDs; the attribute modifier is the block number.
 *
 * @param guids exactly 8 GUIDs (0 where unassigned)
 */
public record GuidInfo(List<Long> guids) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x14;
    /** Entries in one block (one SMP). */
    public static final int PER_BLOCK = 8;

    /** Copies the list and checks its size. */
    public GuidInfo {
        guids = List.copyOf(guids);
        if (guids.size() != PER_BLOCK) {
            throw new IllegalArgumentException("a GUIDInfo block has 8 GUIDs, not " + guids.size());
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<GuidInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 64, "GUIDInfo", (b, o) -> {
        Long[] guids = new Long[PER_BLOCK];
        for (int i = 0; i < PER_BLOCK; i++) {
            guids[i] = Bits.u64(b, o + 8 * i);
        }
        return new GuidInfo(List.of(guids));
    }, (v, b, o) -> {
        for (int i = 0; i < PER_BLOCK; i++) {
            Bits.put64(b, o + 8 * i, v.guids.get(i));
        }
    });
}
