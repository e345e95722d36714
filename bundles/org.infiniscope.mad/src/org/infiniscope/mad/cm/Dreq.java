package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * DREQ, the disconnection request (attribute 0x15, Table 112).
 *
 * @param localCommId the sender's communication ID
 * @param remoteCommId the receiver's communication ID
 * @param remoteQpnOrEecn 24 bits: the receiver's QPN (or EECN for RD)
 * @param privateData up to 220 bytes, zero-padded
 */
public record Dreq(int localCommId, int remoteCommId, int remoteQpnOrEecn, Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x15;
    public static final int PRIVATE_DATA_MAX = 220;
    public static final CmMessageCodec<Dreq> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "DREQ",
            (b, base) -> new Dreq(Bits.u32(b, base), Bits.u32(b, base + 4), CmFields.get(b, base, 8, 0, 24),
                    Octets.copyOf(b, base + 12, PRIVATE_DATA_MAX)),
            (m, b, base) -> {
                Bits.put32(b, base, m.localCommId);
                Bits.put32(b, base + 4, m.remoteCommId);
                CmFields.set(b, base, 8, 0, 24, m.remoteQpnOrEecn);
                m.privateData.copyTo(b, base + 12);
            });

    /** Checks the width and the private data length; pads the private data. */
    public Dreq {
        CmFields.check("DREQ", "RemoteQPN/EECN", remoteQpnOrEecn, 24);
        privateData = CmFields.privateData("DREQ", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }
}
