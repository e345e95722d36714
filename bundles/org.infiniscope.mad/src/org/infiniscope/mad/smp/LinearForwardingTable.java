package org.infiniscope.mad.smp;

import java.util.List;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * LinearForwardingTable (attribute 0x19): the output port of 64 consecutive LIDs. The attribute modifier is the
 * block number: block {@code n} holds LIDs {@code 64n} to {@code 64n + 63}.
 *
 * @param ports exactly 64 ports, 0 to 255 (255: no route)
 */
public record LinearForwardingTable(List<Integer> ports) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x19;
    /** Entries in one block (one SMP). */
    public static final int PER_BLOCK = 64;
    /** The port value that means "no route" (what opensm and ibsim fill unused entries with). */
    public static final int NO_ROUTE = 0xFF;

    /** Copies the list and checks it. */
    public LinearForwardingTable {
        ports = List.copyOf(ports);
        if (ports.size() != PER_BLOCK) {
            throw new IllegalArgumentException("an LFT block has 64 ports, not " + ports.size());
        }
        for (int port : ports) {
            SmaCodec.check("port", port, 8);
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<LinearForwardingTable> CODEC = new SmaCodec<>(ATTRIBUTE_ID, PER_BLOCK,
            "LinearForwardingTable", (b, o) -> {
                Integer[] ports = new Integer[PER_BLOCK];
                for (int i = 0; i < PER_BLOCK; i++) {
                    ports[i] = Bits.u8(b, o + i);
                }
                return new LinearForwardingTable(List.of(ports));
            }, (v, b, o) -> {
                for (int i = 0; i < PER_BLOCK; i++) {
                    Bits.put8(b, o + i, v.ports.get(i));
                }
            });

    /** @return the block that holds {@code lid}, which is also the attribute modifier */
    public static int blockOf(int lid) {
        return lid / PER_BLOCK;
    }

    /** @return the first LID of a block */
    public static int firstLid(int block) {
        return block * PER_BLOCK;
    }
}
