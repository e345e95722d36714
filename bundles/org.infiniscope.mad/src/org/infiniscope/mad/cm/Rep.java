package org.infiniscope.mad.cm;

import static org.infiniscope.mad.cm.CmFields.check;
import static org.infiniscope.mad.cm.CmFields.flag;
import static org.infiniscope.mad.cm.CmFields.get;
import static org.infiniscope.mad.cm.CmFields.set;
import static org.infiniscope.mad.cm.CmFields.setFlag;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * REP, the reply accepting a REQ (attribute 0x13, Table 110).
 *
 * @param localCommId the responder's communication ID
 * @param remoteCommId the requester's communication ID
 * @param localQKey the responder's Q_Key (RD only)
 * @param localQpn 24 bits
 * @param localEecn 24 bits (RD only)
 * @param startingPsn 24 bits
 * @param responderResources 8 bits
 * @param initiatorDepth 8 bits
 * @param targetAckDelay 5 bits
 * @param failoverAccepted 2 bits: 0 accepted, 1 not supported, 2 rejected
 * @param endToEndFlowControl whether the responder's receive queue uses end-to-end credits
 * @param rnrRetryCount 3 bits
 * @param srq whether the responder uses a shared receive queue
 * @param localCaGuid the responder's CA GUID
 * @param privateData up to 196 bytes, zero-padded
 */
public record Rep(int localCommId, int remoteCommId, int localQKey, int localQpn, int localEecn, int startingPsn,
        int responderResources, int initiatorDepth, int targetAckDelay, int failoverAccepted,
        boolean endToEndFlowControl, int rnrRetryCount, boolean srq, long localCaGuid,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x13;
    public static final int PRIVATE_DATA_MAX = 196;
    public static final CmMessageCodec<Rep> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "REP", Rep::read, Rep::write);

    /** Checks widths and the private data length; pads the private data. */
    public Rep {
        check("REP", "LocalQPN", localQpn, 24);
        check("REP", "LocalEECN", localEecn, 24);
        check("REP", "StartingPSN", startingPsn, 24);
        check("REP", "ResponderResources", responderResources, 8);
        check("REP", "InitiatorDepth", initiatorDepth, 8);
        check("REP", "TargetACKDelay", targetAckDelay, 5);
        check("REP", "FailoverAccepted", failoverAccepted, 2);
        check("REP", "RNRRetryCount", rnrRetryCount, 3);
        privateData = CmFields.privateData("REP", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    private static Rep read(byte[] b, int base) {
        return new Rep(Bits.u32(b, base), Bits.u32(b, base + 4), Bits.u32(b, base + 8), get(b, base, 12, 0, 24),
                get(b, base, 16, 0, 24), get(b, base, 20, 0, 24), Bits.u8(b, base + 24), Bits.u8(b, base + 25),
                get(b, base, 26, 0, 5), get(b, base, 26, 5, 2), flag(b, base, 26, 7), get(b, base, 27, 0, 3),
                flag(b, base, 27, 3), Bits.u64(b, base + 28), Octets.copyOf(b, base + 36, PRIVATE_DATA_MAX));
    }

    private static void write(Rep m, byte[] b, int base) {
        Bits.put32(b, base, m.localCommId);
        Bits.put32(b, base + 4, m.remoteCommId);
        Bits.put32(b, base + 8, m.localQKey);
        set(b, base, 12, 0, 24, m.localQpn);
        set(b, base, 16, 0, 24, m.localEecn);
        set(b, base, 20, 0, 24, m.startingPsn);
        Bits.put8(b, base + 24, m.responderResources);
        Bits.put8(b, base + 25, m.initiatorDepth);
        set(b, base, 26, 0, 5, m.targetAckDelay);
        set(b, base, 26, 5, 2, m.failoverAccepted);
        setFlag(b, base, 26, 7, m.endToEndFlowControl);
        set(b, base, 27, 0, 3, m.rnrRetryCount);
        setFlag(b, base, 27, 3, m.srq);
        Bits.put64(b, base + 28, m.localCaGuid);
        m.privateData.copyTo(b, base + 36);
    }
}
