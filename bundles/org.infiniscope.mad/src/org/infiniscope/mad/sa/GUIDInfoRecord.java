package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * GUIDInfoRecord (IBA 15.2.5.18, attribute 0x30, 72 bytes): one block of 8 GUIDs assigned to a port.
 *
 * @param lid the port's LID
 * @param blockNum the block: it holds GUID indexes {@code 8 * blockNum} to {@code 8 * blockNum + 7}
 * @param guidInfo the block's GUIDs
 */
public record GUIDInfoRecord(int lid, int blockNum, GuidInfo guidInfo) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x30;
    /** Size on the wire. */
    public static final int LENGTH = 72;

    /** ComponentMask bits, numbered as IBA 15.2.5.18 numbers the components: one per GUID of the block. */
    public static final class Components {
        public static final long LID = 1L << 0;
        public static final long BLOCK_NUM = 1L << 1;
        // Bits 2 and 3 are the reserved components.

        private Components() {
        }

        /** @return the bit of GUID {@code index} (0–7) of the block */
        public static long guid(int index) {
            return 1L << (4 + Objects.checkIndex(index, GuidInfo.PER_BLOCK));
        }
    }

    private static final int GUID_INFO = 8;

    /** The codec; the embedded block is GuidInfo's own codec. */
    public static final AttributeCodec<GUIDInfoRecord> CODEC = new SaRecordCodec<>("GUIDInfoRecord", ATTRIBUTE_ID,
            LENGTH,
            (b, o) -> new GUIDInfoRecord(Bits.u16(b, o), Bits.u8(b, o + 2), GuidInfo.CODEC.decode(b, o + GUID_INFO)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                Bits.put8(b, o + 2, r.blockNum);
                GuidInfo.CODEC.encode(r.guidInfo, b, o + GUID_INFO);
            });

    /** Checks the fields. */
    public GUIDInfoRecord {
        checkBits("lid", lid, 16);
        checkBits("blockNum", blockNum, 8);
        Objects.requireNonNull(guidInfo, "guidInfo");
    }
}
