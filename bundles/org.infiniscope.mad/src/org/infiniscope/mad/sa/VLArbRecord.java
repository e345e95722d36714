package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * VLArbitrationTableRecord (IBA 15.2.5.9, attribute 0x36, 72 bytes): one block of 32 entries of a port's VL
 * arbitration table.
 *
 * @param lid the port's LID; a switch's port 0 LID for every port of the switch
 * @param outputPortNum the switch's output port (reserved for a CA port)
 * @param blockNum the block, 1 to 4 as in the SMP's attribute modifier ({@link VlArbitrationTable#LOW_0_31} to
 *        {@link VlArbitrationTable#HIGH_32_63})
 * @param vlArbitration the block's entries
 */
public record VLArbRecord(int lid, int outputPortNum, int blockNum, VlArbitrationTable vlArbitration) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x36;
    /** Size on the wire. */
    public static final int LENGTH = 72;

    /** ComponentMask bits, numbered as IBA 15.2.5.9 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long OUTPUT_PORT_NUM = 1L << 1;
        public static final long BLOCK_NUM = 1L << 2;

        private Components() {
        }
    }

    private static final int TABLE = 8;

    /** The codec; the embedded block is VlArbitrationTable's own codec. */
    public static final AttributeCodec<VLArbRecord> CODEC = new SaRecordCodec<>("VLArbRecord", ATTRIBUTE_ID, LENGTH,
            (b, o) -> new VLArbRecord(Bits.u16(b, o), Bits.u8(b, o + 2), Bits.u8(b, o + 3),
                    VlArbitrationTable.CODEC.decode(b, o + TABLE)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put8(b, o + 2, r.outputPortNum);
                Bits.put8(b, o + 3, r.blockNum);
                VlArbitrationTable.CODEC.encode(r.vlArbitration, b, o + TABLE);
            });

    /** Checks the fields. */
    public VLArbRecord {
        checkBits("lid", lid, 16);
        checkBits("outputPortNum", outputPortNum, 8);
        checkBits("blockNum", blockNum, 8);
        Objects.requireNonNull(vlArbitration, "vlArbitration");
    }
}
