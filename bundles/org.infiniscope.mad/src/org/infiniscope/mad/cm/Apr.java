package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;

/**
 * APR, the alternate path response to a LAP (attribute 0x1A, Table 116).
 *
 * @param localCommId the sender's communication ID
 * @param remoteCommId the receiver's communication ID
 * @param apStatus 8 bits: 0 the path was loaded, other values say why not (Table 117)
 * @param additionalInformation up to 72 bytes
 * @param privateData up to 148 bytes, zero-padded
 */
public record Apr(int localCommId, int remoteCommId, int apStatus, Octets additionalInformation,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x1A;
    public static final int PRIVATE_DATA_MAX = 148;
    /** AP status: the alternate path was loaded. */
    public static final int AP_LOADED = 0;
    public static final CmMessageCodec<Apr> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "APR", Apr::read, Apr::write);

    /** Checks the fields and lengths; pads the private data. */
    public Apr {
        CmFields.check("APR", "APStatus", apStatus, 8);
        additionalInformation = CmFields.additionalInfo("APR", "AdditionalInformation", additionalInformation);
        privateData = CmFields.privateData("APR", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    private static Apr read(byte[] b, int base) throws MadFormatException {
        Octets info = CmFields.readInfo(b, base, 12, Bits.u8(b, base + 8), "APR", "AdditionalInfoLength");
        return new Apr(Bits.u32(b, base), Bits.u32(b, base + 4), Bits.u8(b, base + 9), info,
                Octets.copyOf(b, base + 84, PRIVATE_DATA_MAX));
    }

    private static void write(Apr m, byte[] b, int base) {
        Bits.put32(b, base, m.localCommId);
        Bits.put32(b, base + 4, m.remoteCommId);
        Bits.put8(b, base + 8, m.additionalInformation.length());
        Bits.put8(b, base + 9, m.apStatus);
        m.additionalInformation.copyTo(b, base + 12);
        m.privateData.copyTo(b, base + 84);
    }
}
