package org.infiniscope.mad.cm;

import static org.infiniscope.mad.cm.CmFields.check;
import static org.infiniscope.mad.cm.CmFields.flag;
import static org.infiniscope.mad.cm.CmFields.get;
import static org.infiniscope.mad.cm.CmFields.set;
import static org.infiniscope.mad.cm.CmFields.setFlag;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.wire.Bits;

/**
 * The path a connection uses, as REQ (primary and alternate) and LAP (alternate) carry it. All-zero means no
 * path ({@link #NONE}, a REQ without an alternate path).
 *
 * @param localLid 16 bits
 * @param remoteLid 16 bits
 * @param localGid the local port's GID
 * @param remoteGid the remote port's GID
 * @param flowLabel 20 bits
 * @param packetRate 6 bits, the IBA rate encoding
 * @param trafficClass 8 bits
 * @param hopLimit 8 bits
 * @param serviceLevel 4 bits
 * @param subnetLocal whether the path stays inside the subnet (no GRH needed)
 * @param localAckTimeout 5 bits: 4.096 µs × 2^value
 */
public record CmPath(int localLid, int remoteLid, Gid localGid, Gid remoteGid, int flowLabel, int packetRate,
        int trafficClass, int hopLimit, int serviceLevel, boolean subnetLocal, int localAckTimeout) {

    /** Size of the path block in REQ and LAP. */
    static final int LENGTH = 44;
    /** No path: every field zero. */
    public static final CmPath NONE = new CmPath(0, 0, Gid.ZERO, Gid.ZERO, 0, 0, 0, 0, 0, false, 0);

    /** Checks the widths of the fields. */
    public CmPath {
        check("path", "LocalPortLID", localLid, 16);
        check("path", "RemotePortLID", remoteLid, 16);
        if (localGid == null || remoteGid == null) {
            throw new IllegalArgumentException("path GIDs are required (use Gid.ZERO)");
        }
        check("path", "FlowLabel", flowLabel, 20);
        check("path", "PacketRate", packetRate, 6);
        check("path", "TrafficClass", trafficClass, 8);
        check("path", "HopLimit", hopLimit, 8);
        check("path", "SL", serviceLevel, 4);
        check("path", "LocalACKTimeout", localAckTimeout, 5);
    }

    // REQ: flow label, packet rate, traffic class, hop limit (Table 106).
    static CmPath readReq(byte[] buf, int base, int at) {
        return new CmPath(Bits.u16(buf, base + at), Bits.u16(buf, base + at + 2), Gid.read(buf, base + at + 4),
                Gid.read(buf, base + at + 20), get(buf, base, at + 36, 0, 20), get(buf, base, at + 39, 2, 6),
                Bits.u8(buf, base + at + 40), Bits.u8(buf, base + at + 41), get(buf, base, at + 42, 0, 4),
                flag(buf, base, at + 42, 4), get(buf, base, at + 43, 0, 5));
    }

    void writeReq(byte[] buf, int base, int at) {
        writeCommon(buf, base, at);
        set(buf, base, at + 39, 2, 6, packetRate);
        Bits.put8(buf, base + at + 40, trafficClass);
        Bits.put8(buf, base + at + 41, hopLimit);
    }

    // LAP orders them flow label, traffic class, hop limit, packet rate (Table 115).
    static CmPath readLap(byte[] buf, int base, int at) {
        return new CmPath(Bits.u16(buf, base + at), Bits.u16(buf, base + at + 2), Gid.read(buf, base + at + 4),
                Gid.read(buf, base + at + 20), get(buf, base, at + 36, 0, 20), get(buf, base, at + 41, 2, 6),
                Bits.u8(buf, base + at + 39), Bits.u8(buf, base + at + 40), get(buf, base, at + 42, 0, 4),
                flag(buf, base, at + 42, 4), get(buf, base, at + 43, 0, 5));
    }

    void writeLap(byte[] buf, int base, int at) {
        writeCommon(buf, base, at);
        Bits.put8(buf, base + at + 39, trafficClass);
        Bits.put8(buf, base + at + 40, hopLimit);
        set(buf, base, at + 41, 2, 6, packetRate);
    }

    private void writeCommon(byte[] buf, int base, int at) {
        Bits.put16(buf, base + at, localLid);
        Bits.put16(buf, base + at + 2, remoteLid);
        localGid.write(buf, base + at + 4);
        remoteGid.write(buf, base + at + 20);
        set(buf, base, at + 36, 0, 20, flowLabel);
        set(buf, base, at + 42, 0, 4, serviceLevel);
        setFlag(buf, base, at + 42, 4, subnetLocal);
        set(buf, base, at + 43, 0, 5, localAckTimeout);
    }
}
