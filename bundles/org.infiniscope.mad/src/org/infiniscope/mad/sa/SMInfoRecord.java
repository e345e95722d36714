package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SMInfoRecord (IBA 15.2.5.10, attribute 0x18, 25 bytes; 32 between records of a table): the SMInfo of a port
 * where an SM runs. Its text form hides the SM_Key, as {@link SmInfo}'s does.
 *
 * @param lid the LID of the SM's port
 * @param smInfo the SMInfo
 */
public record SMInfoRecord(int lid, SmInfo smInfo) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x18;
    /** Size on the wire. */
    public static final int LENGTH = 25;

    /**
     * ComponentMask bits, numbered as IBA 15.2.5.10 numbers the components: the record's own, then one per
     * SMInfo field.
     */
    public static final class Components {
        public static final long LID = 1L << 0;
        // Bit 1 is the reserved component.
        public static final long GUID = 1L << 2;
        public static final long SM_KEY = 1L << 3;
        public static final long ACT_COUNT = 1L << 4;
        public static final long PRIORITY = 1L << 5;
        public static final long SM_STATE = 1L << 6;

        private Components() {
        }
    }

    private static final int SM_INFO = 4;

    /** The codec; the embedded SMInfo is SmInfo's own codec. */
    public static final AttributeCodec<SMInfoRecord> CODEC = new SaRecordCodec<>("SMInfoRecord", ATTRIBUTE_ID, LENGTH,
            (b, o) -> new SMInfoRecord(Bits.u16(b, o), SmInfo.CODEC.decode(b, o + SM_INFO)), (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                SmInfo.CODEC.encode(r.smInfo, b, o + SM_INFO);
            });

    /** Checks the fields. */
    public SMInfoRecord {
        checkBits("lid", lid, 16);
        Objects.requireNonNull(smInfo, "smInfo");
    }
}
