package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SLtoVLMappingTableRecord (IBA 15.2.5, attribute 0x13, 16 bytes): the SL-to-VL map of a port, or of a pair
 * of switch ports.
 *
 * @param lid the port's LID; a switch's port 0 LID for every port of the switch
 * @param inputPortNum the switch's input port (reserved for a CA port)
 * @param outputPortNum the switch's output port (reserved for a CA port)
 * @param sl2Vl the map
 */
public record SL2VLRecord(int lid, int inputPortNum, int outputPortNum, Sl2VlTable sl2Vl) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x13;
    /** Size on the wire. */
    public static final int LENGTH = 16;

    /** ComponentMask bits, numbered as IBA 15.2.5 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long INPUT_PORT_NUM = 1L << 1;
        public static final long OUTPUT_PORT_NUM = 1L << 2;

        private Components() {
        }
    }

    private static final int TABLE = 8;

    /** The codec; the embedded map is Sl2VlTable's own codec. */
    public static final AttributeCodec<SL2VLRecord> CODEC = new SaRecordCodec<>("SL2VLRecord", ATTRIBUTE_ID, LENGTH,
            (b, o) -> new SL2VLRecord(Bits.u16(b, o), Bits.u8(b, o + 2), Bits.u8(b, o + 3),
                    Sl2VlTable.CODEC.decode(b, o + TABLE)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put8(b, o + 2, r.inputPortNum);
                Bits.put8(b, o + 3, r.outputPortNum);
                Sl2VlTable.CODEC.encode(r.sl2Vl, b, o + TABLE);
            });

    /** Checks the fields. */
    public SL2VLRecord {
        checkBits("lid", lid, 16);
        checkBits("inputPortNum", inputPortNum, 8);
        checkBits("outputPortNum", outputPortNum, 8);
        Objects.requireNonNull(sl2Vl, "sl2Vl");
    }
}
