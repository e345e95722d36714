package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * DREP, the reply to a disconnection request (attribute 0x16, Table 113).
 *
 * @param localCommId the sender's communication ID
 * @param remoteCommId the receiver's communication ID
 * @param privateData up to 224 bytes, zero-padded
 */
public record Drep(int localCommId, int remoteCommId, Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x16;
    public static final int PRIVATE_DATA_MAX = 224;
    public static final CmMessageCodec<Drep> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "DREP", (b,
            base) -> new Drep(Bits.u32(b, base), Bits.u32(b, base + 4), Octets.copyOf(b, base + 8, PRIVATE_DATA_MAX)),
            (m, b, base) -> {
                Bits.put32(b, base, m.localCommId);
                Bits.put32(b, base + 4, m.remoteCommId);
                m.privateData.copyTo(b, base + 8);
            });

    /** Checks the private data length and pads it. */
    public Drep {
        privateData = CmFields.privateData("DREP", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }
}
