package org.infiniscope.mad.cm;

import static org.infiniscope.mad.cm.CmFields.check;
import static org.infiniscope.mad.cm.CmFields.get;
import static org.infiniscope.mad.cm.CmFields.set;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;

/**
 * MRA, message receipt acknowledgement: "I got your message, give me longer" (attribute 0x11, Table 107).
 *
 * @param localCommId the sender's communication ID
 * @param remoteCommId the receiver's communication ID
 * @param messageMraed 2 bits: {@link #REQ}, {@link #REP} or {@link #LAP}
 * @param serviceTimeout 5 bits: the sender will answer within 4.096 µs × 2^value
 * @param privateData up to 222 bytes, zero-padded
 */
public record Mra(int localCommId, int remoteCommId, int messageMraed, int serviceTimeout,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x11;
    public static final int PRIVATE_DATA_MAX = 222;
    /** MessageMRAed: the REQ is acknowledged. */
    public static final int REQ = 0;
    /** MessageMRAed: the REP is acknowledged. */
    public static final int REP = 1;
    /** MessageMRAed: the LAP is acknowledged. */
    public static final int LAP = 2;
    public static final CmMessageCodec<Mra> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "MRA", Mra::read, Mra::write);

    /** Checks widths and the private data length; pads the private data. */
    public Mra {
        if (messageMraed < REQ || messageMraed > LAP) {
            throw new IllegalArgumentException(
                    "MRA MessageMRAed " + messageMraed + " is not 0 (REQ), 1 (REP) or 2 (LAP)");
        }
        check("MRA", "ServiceTimeout", serviceTimeout, 5);
        privateData = CmFields.privateData("MRA", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    private static Mra read(byte[] b, int base) throws MadFormatException {
        int messageMraed = get(b, base, 8, 0, 2);
        if (messageMraed > LAP) {
            throw new MadFormatException(Problem.BAD_FIELD, base + 8, "MRA MessageMRAed 3 is reserved");
        }
        return new Mra(Bits.u32(b, base), Bits.u32(b, base + 4), messageMraed, get(b, base, 9, 0, 5),
                Octets.copyOf(b, base + 10, PRIVATE_DATA_MAX));
    }

    private static void write(Mra m, byte[] b, int base) {
        Bits.put32(b, base, m.localCommId);
        Bits.put32(b, base + 4, m.remoteCommId);
        set(b, base, 8, 0, 2, m.messageMraed);
        set(b, base, 9, 0, 5, m.serviceTimeout);
        m.privateData.copyTo(b, base + 10);
    }
}
