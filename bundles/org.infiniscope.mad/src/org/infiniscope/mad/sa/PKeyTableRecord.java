package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * P_KeyTableRecord (IBA 15.2.5.11, attribute 0x33, 72 bytes): one block of 32 P_Keys of a port. OpenSM answers
 * only requests that carry its SM_Key.
 * <p>
 * OpenSM (3.3.23 at least) writes BlockNum of its answers in host byte order, and saquery prints it without
 * swapping: from an x86 SA, block 1 arrives as bytes 01 00. This codec reads BlockNum big-endian, as the spec lays
 * it out (block 256 there); a client that matches OpenSM's answers to its requests must allow for the swap.
 *
 * @param lid the port's LID; a switch's port 0 LID for every port of the switch
 * @param blockNum the block: it holds P_Key indexes {@code 32 * blockNum} to {@code 32 * blockNum + 31}
 * @param portNum the switch port (reserved for a CA port)
 * @param pKeyTable the block's P_Keys
 */
public record PKeyTableRecord(int lid, int blockNum, int portNum, PKeyTable pKeyTable) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x33;
    /** Size on the wire. */
    public static final int LENGTH = 72;

    /** ComponentMask bits, numbered as IBA 15.2.5.11 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long BLOCK_NUM = 1L << 1;
        public static final long PORT_NUM = 1L << 2;

        private Components() {
        }
    }

    private static final int TABLE = 8;

    /** The codec; the embedded block is PKeyTable's own codec. */
    public static final AttributeCodec<PKeyTableRecord> CODEC = new SaRecordCodec<>("PKeyTableRecord", ATTRIBUTE_ID,
            LENGTH, (b, o) -> new PKeyTableRecord(Bits.u16(b, o), Bits.u16(b, o + 2), Bits.u8(b, o + 4),
                    PKeyTable.CODEC.decode(b, o + TABLE)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put16(b, o + 2, r.blockNum);
                Bits.put8(b, o + 4, r.portNum);
                PKeyTable.CODEC.encode(r.pKeyTable, b, o + TABLE);
            });

    /** Checks the fields. */
    public PKeyTableRecord {
        checkBits("lid", lid, 16);
        checkBits("blockNum", blockNum, 16);
        checkBits("portNum", portNum, 8);
        Objects.requireNonNull(pKeyTable, "pKeyTable");
    }
}
