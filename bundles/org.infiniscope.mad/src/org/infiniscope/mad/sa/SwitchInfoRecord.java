package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SwitchInfoRecord (IBA 15.2.5, attribute 0x14, 24 bytes): a switch's SwitchInfo.
 *
 * @param lid the switch's LID (of its port 0)
 * @param switchInfo the SwitchInfo
 */
public record SwitchInfoRecord(int lid, SwitchInfo switchInfo) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x14;
    /** Size on the wire. */
    public static final int LENGTH = 24;

    /** ComponentMask bits, numbered as IBA 15.2.5 numbers the components. */
    public static final class Components {
        public static final long LID = 1L << 0;
        // Bit 1 is the reserved component. The SwitchInfo's fields follow; OpenSM matches on the LID alone.

        private Components() {
        }
    }

    private static final int SWITCH_INFO = 4;

    /** The codec; the embedded SwitchInfo is SwitchInfo's own codec. */
    public static final AttributeCodec<SwitchInfoRecord> CODEC = new SaRecordCodec<>("SwitchInfoRecord", ATTRIBUTE_ID,
            LENGTH, (b, o) -> new SwitchInfoRecord(Bits.u16(b, o), SwitchInfo.CODEC.decode(b, o + SWITCH_INFO)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                SwitchInfo.CODEC.encode(r.switchInfo, b, o + SWITCH_INFO);
            });

    /** Checks the fields. */
    public SwitchInfoRecord {
        checkBits("lid", lid, 16);
        Objects.requireNonNull(switchInfo, "switchInfo");
    }
}
