package org.infiniscope.mad.cm;

import static org.infiniscope.mad.cm.CmFields.get;
import static org.infiniscope.mad.cm.CmFields.set;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;

/**
 * REJ, the rejection of a REQ or REP (attribute 0x12, Table 108).
 *
 * @param localCommId the rejecter's communication ID
 * @param remoteCommId the other side's communication ID (0 if unknown)
 * @param messageRejected 2 bits: {@link #REQ}, {@link #REP} or {@link #OTHER}
 * @param reason 16 bits, see {@link RejectReason}
 * @param additionalRejectionInfo the ARI, up to 72 bytes; its length is the RejectedInfoLength field
 * @param privateData up to 148 bytes, zero-padded
 */
public record Rej(int localCommId, int remoteCommId, int messageRejected, int reason, Octets additionalRejectionInfo,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x12;
    public static final int PRIVATE_DATA_MAX = 148;
    /** MessageRejected: the REQ. */
    public static final int REQ = 0;
    /** MessageRejected: the REP. */
    public static final int REP = 1;
    /** MessageRejected: no message, or one not listed. */
    public static final int OTHER = 2;
    public static final CmMessageCodec<Rej> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "REJ", Rej::read, Rej::write);

    /** Checks the fields and lengths; pads the private data. */
    public Rej {
        if (messageRejected < REQ || messageRejected > OTHER) {
            throw new IllegalArgumentException("REJ MessageRejected " + messageRejected + " is not 0, 1 or 2");
        }
        CmFields.check("REJ", "Reason", reason, 16);
        additionalRejectionInfo = CmFields.additionalInfo("REJ", "ARI", additionalRejectionInfo);
        privateData = CmFields.privateData("REJ", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    /** @return the reason in words, such as {@code "Invalid service ID (8)"} */
    public String reasonDescription() {
        return RejectReason.describe(reason);
    }

    private static Rej read(byte[] b, int base) throws MadFormatException {
        int messageRejected = get(b, base, 8, 0, 2);
        if (messageRejected > OTHER) {
            throw new MadFormatException(Problem.BAD_FIELD, base + 8, "REJ MessageRejected 3 is reserved");
        }
        Octets ari = CmFields.readInfo(b, base, 12, get(b, base, 9, 0, 7), "REJ", "RejectedInfoLength");
        return new Rej(Bits.u32(b, base), Bits.u32(b, base + 4), messageRejected, Bits.u16(b, base + 10), ari,
                Octets.copyOf(b, base + 84, PRIVATE_DATA_MAX));
    }

    private static void write(Rej m, byte[] b, int base) {
        Bits.put32(b, base, m.localCommId);
        Bits.put32(b, base + 4, m.remoteCommId);
        set(b, base, 8, 0, 2, m.messageRejected);
        set(b, base, 9, 0, 7, m.additionalRejectionInfo.length());
        Bits.put16(b, base + 10, m.reason);
        m.additionalRejectionInfo.copyTo(b, base + 12);
        m.privateData.copyTo(b, base + 84);
    }
}
