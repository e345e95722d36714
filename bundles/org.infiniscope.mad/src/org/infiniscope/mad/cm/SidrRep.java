package org.infiniscope.mad.cm;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;

/**
 * SIDR_REP, the answer to a SIDR_REQ (attribute 0x18, Table 120).
 *
 * @param requestId the ID of the SIDR_REQ answered
 * @param status 8 bits: {@link #VALID}, {@link #SERVICE_ID_NOT_SUPPORTED}, {@link #REJECTED},
 *            {@link #NO_QP}, {@link #REDIRECT}, {@link #UNSUPPORTED_VERSION}
 * @param qpn 24 bits: the QP that serves the service
 * @param serviceId the service ID
 * @param qKey the QP's Q_Key
 * @param additionalInformation up to 72 bytes; with {@link #REDIRECT}, a ClassPortInfo
 * @param privateData up to 136 bytes, zero-padded
 */
public record SidrRep(int requestId, int status, int qpn, long serviceId, int qKey, Octets additionalInformation,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x18;
    public static final int PRIVATE_DATA_MAX = 136;
    public static final int VALID = 0;
    public static final int SERVICE_ID_NOT_SUPPORTED = 1;
    public static final int REJECTED = 2;
    public static final int NO_QP = 3;
    public static final int REDIRECT = 4;
    public static final int UNSUPPORTED_VERSION = 5;
    public static final CmMessageCodec<SidrRep> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "SIDR_REP", SidrRep::read,
            SidrRep::write);

    /** Checks the fields and lengths; pads the private data. */
    public SidrRep {
        CmFields.check("SIDR_REP", "Status", status, 8);
        CmFields.check("SIDR_REP", "QPN", qpn, 24);
        additionalInformation = CmFields.additionalInfo("SIDR_REP", "AdditionalInformation", additionalInformation);
        privateData = CmFields.privateData("SIDR_REP", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    /**
     * @return the ClassPortInfo a {@link #REDIRECT} carries in the additional information
     * @throws MadFormatException when the additional information is not a whole ClassPortInfo
     */
    public ClassPortInfo redirectInfo() throws MadFormatException {
        return ClassPortInfo.CODEC.decode(additionalInformation.toByteArray(), 0);
    }

    private static SidrRep read(byte[] b, int base) throws MadFormatException {
        Octets info = CmFields.readInfo(b, base, 24, Bits.u8(b, base + 5), "SIDR_REP", "AdditionalInformationLength");
        return new SidrRep(Bits.u32(b, base), Bits.u8(b, base + 4), CmFields.get(b, base, 8, 0, 24),
                Bits.u64(b, base + 12), Bits.u32(b, base + 20), info, Octets.copyOf(b, base + 96, PRIVATE_DATA_MAX));
    }

    private static void write(SidrRep m, byte[] b, int base) {
        Bits.put32(b, base, m.requestId);
        Bits.put8(b, base + 4, m.status);
        Bits.put8(b, base + 5, m.additionalInformation.length());
        CmFields.set(b, base, 8, 0, 24, m.qpn);
        Bits.put64(b, base + 12, m.serviceId);
        Bits.put32(b, base + 20, m.qKey);
        m.additionalInformation.copyTo(b, base + 24);
        m.privateData.copyTo(b, base + 96);
    }
}
