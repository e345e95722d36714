package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * RTU, ready to use: the requester's last word, after which the connection carries data (attribute 0x14,
 * Table 111).
 *
 * @param localCommId the requester's communication ID
 * @param remoteCommId the responder's communication ID
 * @param privateData up to 224 bytes, zero-padded
 */
public record Rtu(int localCommId, int remoteCommId, Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x14;
    public static final int PRIVATE_DATA_MAX = 224;
    public static final CmMessageCodec<Rtu> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "RTU", (b,
            base) -> new Rtu(Bits.u32(b, base), Bits.u32(b, base + 4), Octets.copyOf(b, base + 8, PRIVATE_DATA_MAX)),
            (m, b, base) -> {
                Bits.put32(b, base, m.localCommId);
                Bits.put32(b, base + 4, m.remoteCommId);
                m.privateData.copyTo(b, base + 8);
            });

    /** Checks the private data length and pads it. */
    public Rtu {
        privateData = CmFields.privateData("RTU", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }
}
