package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * LinearForwardingTableRecord (IBA 15.2.5.6, attribute 0x15, 72 bytes): one block of 64 entries of a switch's
 * linear forwarding table.
 *
 * @param lid the switch's LID (of its port 0)
 * @param blockNum the block: it holds LIDs {@code 64 * blockNum} to {@code 64 * blockNum + 63}
 * @param lft the block's output ports
 */
public record LFTRecord(int lid, int blockNum, LinearForwardingTable lft) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x15;
    /** Size on the wire. */
    public static final int LENGTH = 72;

    /** ComponentMask bits, numbered as IBA 15.2.5.6 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long BLOCK_NUM = 1L << 1;

        private Components() {
        }
    }

    private static final int TABLE = 8;

    /** The codec; the embedded block is LinearForwardingTable's own codec. */
    public static final AttributeCodec<LFTRecord> CODEC = new SaRecordCodec<>("LFTRecord", ATTRIBUTE_ID, LENGTH, (b,
            o) -> new LFTRecord(Bits.u16(b, o), Bits.u16(b, o + 2), LinearForwardingTable.CODEC.decode(b, o + TABLE)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put16(b, o + 2, r.blockNum);
                LinearForwardingTable.CODEC.encode(r.lft, b, o + TABLE);
            });

    /** Checks the fields. */
    public LFTRecord {
        checkBits("lid", lid, 16);
        checkBits("blockNum", blockNum, 16);
        Objects.requireNonNull(lft, "lft");
    }

    /** @return the first LID of the block */
    public int firstLid() {
        return LinearForwardingTable.firstLid(blockNum);
    }
}
