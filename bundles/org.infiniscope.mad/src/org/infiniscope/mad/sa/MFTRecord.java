package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * MulticastForwardingTableRecord (IBA 15.2.5.8, attribute 0x17, 72 bytes): the port masks of 32 multicast LIDs
 * for 16 ports of a switch.
 *
 * @param lid the switch's LID (of its port 0)
 * @param position 4 bits: the masks cover ports {@code 16 * position} to {@code 16 * position + 15}
 * @param blockNum 9 bits: the block holds multicast LIDs {@code 0xC000 + 32 * blockNum} onwards
 * @param mft the block's port masks
 */
public record MFTRecord(int lid, int position, int blockNum, MulticastForwardingTable mft) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x17;
    /** Size on the wire. */
    public static final int LENGTH = 72;

    /** ComponentMask bits, numbered as IBA 15.2.5.8 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long POSITION = 1L << 1;
        // Bit 2 is the reserved component (3 bits between Position and BlockNum).
        public static final long BLOCK_NUM = 1L << 3;

        private Components() {
        }
    }

    private static final int TABLE = 8;

    /**
     * The codec; the embedded block is MulticastForwardingTable's own codec. Position and BlockNum share 16 bits:
     * Position in the top 4, BlockNum in the low 9, the 3 between reserved.
     */
    public static final AttributeCodec<MFTRecord> CODEC = new SaRecordCodec<>("MFTRecord", ATTRIBUTE_ID, LENGTH,
            (b, o) -> new MFTRecord(Bits.u16(b, o), Bits.get(b, o + 2, 0, 4), Bits.get(b, o + 2, 7, 9),
                    MulticastForwardingTable.CODEC.decode(b, o + TABLE)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put16(b, o + 2, r.position << 12 | r.blockNum);
                MulticastForwardingTable.CODEC.encode(r.mft, b, o + TABLE);
            });

    /** Checks the fields. */
    public MFTRecord {
        checkBits("lid", lid, 16);
        checkBits("position", position, 4);
        checkBits("blockNum", blockNum, 9);
        Objects.requireNonNull(mft, "mft");
    }

    /** @return the first multicast LID of the block */
    public int firstMlid() {
        return MulticastForwardingTable.firstLid(blockNum);
    }
}
