package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * SIDR_REQ, a service ID resolution request: which UD QP serves this service? (attribute 0x17, Table 119).
 *
 * @param requestId the requester's ID for matching the reply
 * @param partitionKey 16 bits
 * @param serviceId the service to resolve
 * @param privateData up to 216 bytes, zero-padded
 */
public record SidrReq(int requestId, int partitionKey, long serviceId, Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x17;
    public static final int PRIVATE_DATA_MAX = 216;
    public static final CmMessageCodec<SidrReq> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "SIDR_REQ",
            (b, base) -> new SidrReq(Bits.u32(b, base), Bits.u16(b, base + 4), Bits.u64(b, base + 8),
                    Octets.copyOf(b, base + 16, PRIVATE_DATA_MAX)),
            (m, b, base) -> {
                Bits.put32(b, base, m.requestId);
                Bits.put16(b, base + 4, m.partitionKey);
                Bits.put64(b, base + 8, m.serviceId);
                m.privateData.copyTo(b, base + 16);
            });

    /** Checks the width and the private data length; pads the private data. */
    public SidrReq {
        CmFields.check("SIDR_REQ", "P_Key", partitionKey, 16);
        privateData = CmFields.privateData("SIDR_REQ", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }
}
