package org.infiniscope.mad.cm;

import static org.infiniscope.mad.cm.CmFields.check;
import static org.infiniscope.mad.cm.CmFields.flag;
import static org.infiniscope.mad.cm.CmFields.get;
import static org.infiniscope.mad.cm.CmFields.set;
import static org.infiniscope.mad.cm.CmFields.setFlag;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.Octets;

/**
 * REQ, the connection request (attribute 0x10, IBA 12.6.5, Table 106).
 *
 * @param localCommId the requester's communication ID
 * @param serviceId the service the requester wants
 * @param localCaGuid the requester's CA GUID
 * @param localQKey the requester's Q_Key (RD only)
 * @param localQpn 24 bits
 * @param responderResources 8 bits: RDMA reads and atomics the requester accepts at once
 * @param localEecn 24 bits (RD only)
 * @param initiatorDepth 8 bits: RDMA reads and atomics the requester issues at once
 * @param remoteEecn 24 bits (RD only)
 * @param remoteCmResponseTimeout 5 bits
 * @param transportServiceType 2 bits: 0 RC, 1 UC, 2 RD, 3 see {@code extendedTransportType}
 * @param endToEndFlowControl whether the requester's receive queue uses end-to-end credits
 * @param startingPsn 24 bits
 * @param localCmResponseTimeout 5 bits
 * @param retryCount 3 bits
 * @param partitionKey 16 bits
 * @param pathMtu 4 bits, the IBA MTU encoding
 * @param rdcExists whether an RD channel exists (RD only)
 * @param rnrRetryCount 3 bits
 * @param maxCmRetries 4 bits
 * @param srq whether the requester uses a shared receive queue
 * @param extendedTransportType 3 bits (1: XRC, with transport service type 3)
 * @param primaryPath the primary path
 * @param alternatePath the alternate path, or {@link CmPath#NONE}
 * @param sapSupported whether the requester supports SAP
 * @param privateData up to 92 bytes, zero-padded
 */
public record Req(int localCommId, long serviceId, long localCaGuid, int localQKey, int localQpn,
        int responderResources, int localEecn, int initiatorDepth, int remoteEecn, int remoteCmResponseTimeout,
        int transportServiceType, boolean endToEndFlowControl, int startingPsn, int localCmResponseTimeout,
        int retryCount, int partitionKey, int pathMtu, boolean rdcExists, int rnrRetryCount, int maxCmRetries,
        boolean srq, int extendedTransportType, CmPath primaryPath, CmPath alternatePath, boolean sapSupported,
        Octets privateData) implements CmMessage {

    public static final int ATTRIBUTE_ID = 0x10;
    /** The most private data a REQ carries. */
    public static final int PRIVATE_DATA_MAX = 92;
    public static final CmMessageCodec<Req> CODEC = new CmMessageCodec<>(ATTRIBUTE_ID, "REQ", Req::read, Req::write);

    /** Checks widths and the private data length; pads the private data. */
    public Req {
        check("REQ", "LocalQPN", localQpn, 24);
        check("REQ", "ResponderResources", responderResources, 8);
        check("REQ", "LocalEECN", localEecn, 24);
        check("REQ", "InitiatorDepth", initiatorDepth, 8);
        check("REQ", "RemoteEECN", remoteEecn, 24);
        check("REQ", "RemoteCMResponseTimeout", remoteCmResponseTimeout, 5);
        check("REQ", "TransportServiceType", transportServiceType, 2);
        check("REQ", "StartingPSN", startingPsn, 24);
        check("REQ", "LocalCMResponseTimeout", localCmResponseTimeout, 5);
        check("REQ", "RetryCount", retryCount, 3);
        check("REQ", "P_Key", partitionKey, 16);
        check("REQ", "PathPacketPayloadMTU", pathMtu, 4);
        check("REQ", "RNRRetryCount", rnrRetryCount, 3);
        check("REQ", "MaxCMRetries", maxCmRetries, 4);
        check("REQ", "ExtendedTransportType", extendedTransportType, 3);
        if (primaryPath == null || alternatePath == null) {
            throw new IllegalArgumentException("REQ paths are required (use CmPath.NONE for no alternate path)");
        }
        privateData = CmFields.privateData("REQ", privateData, PRIVATE_DATA_MAX);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    /** @return whether an alternate path is given */
    public boolean hasAlternatePath() {
        return !alternatePath.equals(CmPath.NONE);
    }

    private static Req read(byte[] b, int base) {
        return new Req(Bits.u32(b, base), Bits.u64(b, base + 8), Bits.u64(b, base + 16), Bits.u32(b, base + 28),
                get(b, base, 32, 0, 24), Bits.u8(b, base + 35), get(b, base, 36, 0, 24), Bits.u8(b, base + 39),
                get(b, base, 40, 0, 24), get(b, base, 43, 0, 5), get(b, base, 43, 5, 2), flag(b, base, 43, 7),
                get(b, base, 44, 0, 24), get(b, base, 47, 0, 5), get(b, base, 47, 5, 3), Bits.u16(b, base + 48),
                get(b, base, 50, 0, 4), flag(b, base, 50, 4), get(b, base, 50, 5, 3), get(b, base, 51, 0, 4),
                flag(b, base, 51, 4), get(b, base, 51, 5, 3), CmPath.readReq(b, base, 52), CmPath.readReq(b, base, 96),
                flag(b, base, 139, 5), Octets.copyOf(b, base + 140, PRIVATE_DATA_MAX));
    }

    private static void write(Req m, byte[] b, int base) {
        Bits.put32(b, base, m.localCommId);
        Bits.put64(b, base + 8, m.serviceId);
        Bits.put64(b, base + 16, m.localCaGuid);
        Bits.put32(b, base + 28, m.localQKey);
        set(b, base, 32, 0, 24, m.localQpn);
        Bits.put8(b, base + 35, m.responderResources);
        set(b, base, 36, 0, 24, m.localEecn);
        Bits.put8(b, base + 39, m.initiatorDepth);
        set(b, base, 40, 0, 24, m.remoteEecn);
        set(b, base, 43, 0, 5, m.remoteCmResponseTimeout);
        set(b, base, 43, 5, 2, m.transportServiceType);
        setFlag(b, base, 43, 7, m.endToEndFlowControl);
        set(b, base, 44, 0, 24, m.startingPsn);
        set(b, base, 47, 0, 5, m.localCmResponseTimeout);
        set(b, base, 47, 5, 3, m.retryCount);
        Bits.put16(b, base + 48, m.partitionKey);
        set(b, base, 50, 0, 4, m.pathMtu);
        setFlag(b, base, 50, 4, m.rdcExists);
        set(b, base, 50, 5, 3, m.rnrRetryCount);
        set(b, base, 51, 0, 4, m.maxCmRetries);
        setFlag(b, base, 51, 4, m.srq);
        set(b, base, 51, 5, 3, m.extendedTransportType);
        m.primaryPath.writeReq(b, base, 52);
        m.alternatePath.writeReq(b, base, 96);
        // SAPSupported shares byte 139 with the alternate path's LocalACKTimeout, so it goes after the path.
        setFlag(b, base, 139, 5, m.sapSupported);
        m.privateData.copyTo(b, base + 140);
    }
}
