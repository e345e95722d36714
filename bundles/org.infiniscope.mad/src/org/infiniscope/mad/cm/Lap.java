package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * LAP, load alternate path: a new alternate path for an established connection (attribute 0x19, Table 115).
 *
 * @param localCommId the sender's communication ID
 * @param remoteCommId the receiver's communication ID
 * @param remoteQpnOrEecn 24 bits
 * @param remoteCmResponseTimeout 5 bits
 * @param alternatePath the path to load
 * @param privateData up to 168 bytes, zero-padded
 */
public record Lap(int localCommId, int remoteCommId, int remoteQpnOrEecn, int remoteCmResponseTimeout,
        CmPath alternatePath, Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x19;
    public static final int PRIVATE_DATA_MAX = 168;
    public static final CmMessageCodec<Lap> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "LAP",
            (b, base) -> new Lap(Bits.u32(b, base), Bits.u32(b, base + 4), CmFields.get(b, base, 12, 0, 24),
                    CmFields.get(b, base, 15, 0, 5), CmPath.readLap(b, base, 20),
                    Octets.copyOf(b, base + 64, PRIVATE_DATA_MAX)),
            (m, b, base) -> {
                Bits.put32(b, base, m.localCommId);
                Bits.put32(b, base + 4, m.remoteCommId);
                CmFields.set(b, base, 12, 0, 24, m.remoteQpnOrEecn);
                CmFields.set(b, base, 15, 0, 5, m.remoteCmResponseTimeout);
                m.alternatePath.writeLap(b, base, 20);
                m.privateData.copyTo(b, base + 64);
            });

    /** Checks the widths and the private data length; pads the private data. */
    public Lap {
        CmFields.check("LAP", "RemoteQPN/EECN", remoteQpnOrEecn, 24);
        CmFields.check("LAP", "RemoteCMResponseTimeout", remoteCmResponseTimeout, 5);
        if (alternatePath == null) {
            throw new IllegalArgumentException("LAP alternate path is required");
        }
        privateData = CmFields.privateData("LAP", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }
}
