package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * LinkRecord (IBA 15.2.5.13, attribute 0x20, 8 bytes): one direction of a link, from a port of one
 * node to a port of another.
 *
 * @param fromLid the LID of the node the link leaves (a switch's LID, or the CA port's)
 * @param fromPort the port it leaves from
 * @param toPort the port it arrives at
 * @param toLid the LID of the node it arrives at
 */
public record LinkRecord(int fromLid, int fromPort, int toPort, int toLid) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x20;
    /** Size on the wire. */
    public static final int LENGTH = 8;

    /** ComponentMask bits, numbered as IBA 15.2.5.13 numbers the components. */
    public static final class Components {
        public static final long FROM_LID = 1L << 0;
        public static final long FROM_PORT = 1L << 1;
        public static final long TO_PORT = 1L << 2;
        public static final long TO_LID = 1L << 3;

        private Components() {
        }
    }

    /** The codec. */
    public static final AttributeCodec<LinkRecord> CODEC = new SaRecordCodec<>("LinkRecord", ATTRIBUTE_ID, LENGTH,
            (b, o) -> new LinkRecord(Bits.u16(b, o), Bits.u8(b, o + 2), Bits.u8(b, o + 3), Bits.u16(b, o + 4)),
            (r, b, o) -> {
                Bits.put16(b, o, r.fromLid);
                Bits.put8(b, o + 2, r.fromPort);
                Bits.put8(b, o + 3, r.toPort);
                Bits.put16(b, o + 4, r.toLid);
            });

    /** Checks that every field fits its bits. */
    public LinkRecord {
        checkBits("fromLid", fromLid, 16);
        checkBits("fromPort", fromPort, 8);
        checkBits("toPort", toPort, 8);
        checkBits("toLid", toLid, 16);
    }
}
